// The scope guard of the declared operations: every community and row an operation's input names is
// checked against the session before the handler runs, as its declared `scope` says
// (schemas/meta/operations.schema.yaml):
// - "tenant": the operation touches only tenant-wide data; nothing to check;
// - "session": its handler limits what it reads to session.communityIds itself (andInScope, inScope);
// - checks: each named input present in the request is checked, for every session:
//   - community ids: outside a limited user's scope (users.communityIds, auth/community-scope.ts)
//     they answer the 403 marker (无权访问该社区); not a community of the session's tenant, 404 as
//     if it did not exist (the handler used to ask ownCommunity for that);
//   - ids of a community-scoped resource's rows (rooms, bills, refunds …): not rows of the tenant
//     and, for a limited user, of its communities, 404.
//   A request that names no community and no row is refused for a limited user, unless whenAbsent
//   is "handler".
// The handler gets what was checked (operation.ts): `community`, the {id, name} of the first
// single-id community input present (typed non-null when that input is required), and
// `communities`, every checked community in the order named. Handlers keep no tenant check of their
// own for these inputs.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OperationRoute } from "../../../../generated/operations.ts";
import type { CheckedCommunity } from "../../../../generated/operation-types.ts";
import { assertRowsOfSession, communitiesOfTenant, communityForbidden } from "../session/community-scope.ts";
import { sessionOf } from "../session/guard.ts";
import type { JsonObject } from "../db/row.ts";

export type { CheckedCommunity };

type Scope = NonNullable<OperationRoute["scope"]>;
type Check = Exclude<Scope, string>["checks"][number];

/** What the guard checked for one request: the communities its input names (the first single-id one apart). */
export interface CheckedScope {
  community: CheckedCommunity | null;
  communities: readonly CheckedCommunity[];
}

const NONE: CheckedScope = Object.freeze({ community: null, communities: Object.freeze([]) });
const checkedByRequest = new WeakMap<FastifyRequest, CheckedScope>();

/** The communities the guard checked for this request (none for an operation without community inputs). */
export const checkedScopeOf = (request: FastifyRequest): CheckedScope => checkedByRequest.get(request) ?? NONE;

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
  const communityChecks = scope.checks.filter((c) => c.table === "communities");
  const rowChecks = scope.checks.filter((c) => c.table !== "communities");
  return async (request: FastifyRequest) => {
    const session = sessionOf(request);
    const allowed = session.communityIds;
    // Communities first: outside the scope is the 403 marker (no query), then the tenant's (404).
    const named: number[] = [];
    let first: number | null = null;
    for (const check of communityChecks) {
      const ids = idsIn(request, check);
      if (!ids) continue;
      if (allowed !== null && ids.some((id) => !allowed.includes(id))) throw communityForbidden(session);
      named.push(...ids);
      if (first === null && !check.many) first = ids[0];
    }
    const rows = rowChecks.map((check) => [check, idsIn(request, check)] as const).filter((r): r is readonly [Check, number[]] => r[1] !== null);
    if (allowed !== null && !named.length && !rows.length && scope.whenAbsent === "refuse") throw communityForbidden(session);
    const communities = await communitiesOfTenant(app.db, session.tenantId, named);
    // The table is a community-scoped resource's, from the generated route table (never input).
    for (const [check, ids] of rows) await assertRowsOfSession(app.db, session, { table: check.table, column: "community_id" }, ids);
    if (communities.length) checkedByRequest.set(request, { community: communities.find((c) => c.id === first) ?? null, communities });
  };
}
