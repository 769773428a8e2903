// Every declared operation says how it keeps to a user limited to some communities (its `scope`,
// src/server/platform/http/operation-scope.ts); codegen refuses a non-public one without. Here: an operation
// declared "tenant" (tenant-wide data only) must not take an input that names a community or a
// community's rows — that operation reads community data and must say how it is scoped; and an
// operation whose guard checks inputs checks every community it takes (communityId, communityIds …):
// the handler relies on the guard for them (it keeps no tenant check of its own).
import type { OperationRoute } from "../../generated/operations.ts";

const COMMUNITY_ID = /^community(Id|Ids)$/;
const COMMUNITY_INPUT = /^(community|room|building|unit|bill|payment|refund|waiver|deposit|batch|receipt|inhabitant)(Id|Ids)$/;

export function checkOperationScopes(operations: Record<string, OperationRoute>): string[] {
  const problems: string[] = [];
  for (const op of Object.values(operations)) {
    if (op.authority === "public") continue;
    if (!op.scope) {
      problems.push(`operation ${op.name}: declares no scope`);
      continue;
    }
    const parts = [op.schema.params, op.schema.querystring, op.schema.body];
    if (typeof op.scope === "object") {
      const checked = new Set(op.scope.checks.filter((c) => c.table === "communities").map((c) => `${c.part === "query" ? "querystring" : c.part}.${c.key}`));
      for (const part of ["params", "querystring", "body"] as const) {
        for (const key of Object.keys((op.schema[part]?.properties ?? {}) as Record<string, unknown>)) {
          if (COMMUNITY_ID.test(key) && !checked.has(`${part}.${key}`)) problems.push(`operation ${op.name}: its input ${key} is not among the communities its scope checks`);
        }
      }
    }
    if (op.scope !== "tenant") continue;
    const named = parts.flatMap((p) => Object.keys((p?.properties ?? {}) as Record<string, unknown>)).filter((k) => COMMUNITY_INPUT.test(k));
    if (named.length) problems.push(`operation ${op.name}: scope tenant, but its input ${named.join(", ")} names community data: declare the inputs the guard checks, or session`);
  }
  return problems;
}
