// Every declared operation says how it keeps to a user limited to some communities (its `scope`,
// src/server/http/operation-scope.ts); codegen refuses a non-public one without. Here: an operation
// declared "tenant" (tenant-wide data only) must not take an input that names a community or a
// community's rows — that operation reads community data and must say how it is scoped.
import type { OperationRoute } from "../../generated/operations.ts";

const COMMUNITY_INPUT = /^(community|room|building|unit|bill|payment|refund|waiver|deposit|batch|receipt|inhabitant)(Id|Ids)$/;

export function checkOperationScopes(operations: Record<string, OperationRoute>): string[] {
  const problems: string[] = [];
  for (const op of Object.values(operations)) {
    if (op.authority === "public") continue;
    if (!op.scope) {
      problems.push(`operation ${op.name}: declares no scope`);
      continue;
    }
    if (op.scope !== "tenant") continue;
    const parts = [op.schema.params, op.schema.querystring, op.schema.body];
    const named = parts.flatMap((p) => Object.keys((p?.properties ?? {}) as Record<string, unknown>)).filter((k) => COMMUNITY_INPUT.test(k));
    if (named.length) problems.push(`operation ${op.name}: scope tenant, but its input ${named.join(", ")} names community data: declare the inputs the guard checks, or session`);
  }
  return problems;
}
