// The scope guard of the declared operations: a user limited to some communities (users.communityIds,
// auth/community-scope.ts) reaches through an operation only what its declared `scope` allows
// (schemas/meta/operations.schema.yaml):
// - "tenant": the operation touches only tenant-wide data; nothing to check;
// - "session": its handler limits what it reads to session.communityIds itself (andInScope, inScope);
// - checks: each named input present in the request is checked before the handler runs: community
//   ids outside the scope answer the 403 marker (无权访问该社区), ids of rows (rooms, bills, refunds …)
//   that are not rows of the scope's communities answer 404 as if they did not exist. A request that
//   names no community and no row is refused for a limited user, unless whenAbsent is "handler".
// An unlimited session (the main account, an empty scope) costs nothing here.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationRoute } from "../../../generated/operations.ts";
import { assertRowsInScope, communityForbidden } from "../auth/community-scope.ts";
import { sessionOf } from "../auth/guard.ts";
import type { JsonObject } from "../db/row.ts";

type Scope = NonNullable<OperationRoute["scope"]>;
type Check = Exclude<Scope, string>["checks"][number];

/** The ids an input holds (one id or a list; anything else was refused by the validators). */
function idsIn(request: FastifyRequest, check: Check): number[] | null {
  const part = (check.part === "params" ? request.params : check.part === "query" ? request.query : request.body) as JsonObject | undefined; // converted by the operation's validators
  const value = part?.[check.key];
  if (value === undefined || value === null || value === "") return null;
  // A list given as text ("12,13": a download link's query) counts as its ids.
  const items = typeof value === "string" ? value.split(",").map((v) => (/^\d{1,15}$/.test(v.trim()) ? Number(v) : NaN)) : Array.isArray(value) ? value : [value];
  const list = items.filter((v): v is number => typeof v === "number" && Number.isSafeInteger(v));
  return list.length ? [...new Set(list)] : null;
}

/** preHandler of an operation with input checks (registered only when the operation declares some). */
export function scopeGuard(app: FastifyInstance, scope: Scope) {
  if (typeof scope === "string") return undefined;
  return async (request: FastifyRequest) => {
    const session = sessionOf(request);
    const allowed = session.communityIds;
    if (allowed === null) return;
    let named = false;
    for (const check of scope.checks) {
      const ids = idsIn(request, check);
      if (!ids) continue;
      named = true;
      if (check.table === "communities") {
        if (ids.some((id) => !allowed.includes(id))) throw communityForbidden(session);
        continue;
      }
      // The table is a community-scoped resource's, from the generated route table (never input).
      await assertRowsInScope(app.db, session, { table: check.table, column: "community_id" }, ids);
    }
    if (!named && scope.whenAbsent === "refuse") throw communityForbidden(session);
  };
}
