// Community scope inside a tenant: a user may be limited to some of the tenant's communities
// (users.communityIds; empty = every community, including ones created later; the main account is
// never limited). The session carries the scope (null = unlimited) and the platform enforces it in
// one place per path: the generic repository and list (crud/), the operation guard for declared
// operations (http/operation-scope.ts), and the picker reads (community/). A community outside the
// scope answers the 403 marker with communityForbidden when it is asked for by id, and a row of one
// looks missing (404) when it is asked for by its own id.
import { fillMessage } from "../../../../generated/fill-errors.ts";
import type { SessionInfo } from "./session-store.ts";
import { apiError } from "../http/envelope.ts";
import { anyOf, raw, sql, type Sql } from "../db/sql.ts";
import type { DbSession } from "../db/types.ts";

type Scoped = Pick<SessionInfo, "communityIds">;

/** Whether the session may see the community (any community when unlimited). */
export const mayAccessCommunity = (session: Scoped, communityId: number): boolean => session.communityIds === null || session.communityIds.includes(communityId);

/** The 403 marker for a community outside the session's scope. */
export const communityForbidden = (session: Pick<SessionInfo, "sceneName">) => apiError("NO_PERMISSION", { message: fillMessage.communityForbidden({ scene: session.sceneName }) });

/** Refuses a community outside the scope (the 403 marker with 无权访问该社区). */
export function assertCommunity(session: Scoped & Pick<SessionInfo, "sceneName">, communityId: number): void {
  if (!mayAccessCommunity(session, communityId)) throw communityForbidden(session);
}

/** `and <column> = any(scope)` for a limited session, nothing for an unlimited one. */
export const andInScope = (session: Scoped, column: Sql): Sql => (session.communityIds === null ? sql`` : sql`and ${anyOf(column, session.communityIds)}`);

/** `<column> = any(scope)`, or `true` for an unlimited session. */
export const inScope = (session: Scoped, column: Sql): Sql => (session.communityIds === null ? sql`true` : anyOf(column, session.communityIds));

/** Where a table's rows name their community: community_id, the id of the communities themselves, or a nullable column whose null rows are every user's. */
export interface ScopedTable {
  table: string;
  column: string;
  keepsNone?: boolean;
}

/**
 * 404 unless every id is a row of the table in the session's communities: a limited user's call on a
 * row of another community is answered as if the row did not exist. Unlimited sessions cost no query
 * (the caller's own statements keep to the tenant; assertRowsOfSession checks the tenant too).
 * The table and column come from the schemas (never input).
 */
export async function assertRowsInScope(db: DbSession, session: Scoped & Pick<SessionInfo, "tenantId">, target: ScopedTable, ids: readonly number[]): Promise<void> {
  if (session.communityIds === null || ids.length === 0) return;
  await assertRowsOfSession(db, session, target, ids);
}

/** 404 unless every id is a row of the session's tenant and, for a limited session, of its communities (one query, whatever the session). */
export async function assertRowsOfSession(db: DbSession, session: Scoped & Pick<SessionInfo, "tenantId">, target: ScopedTable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const column = raw(`"${target.column}"`);
  const inCommunities = session.communityIds === null ? sql`true` : target.keepsNone ? sql`(${column} is null or ${anyOf(column, session.communityIds)})` : anyOf(column, session.communityIds);
  const { rows } = await db.query<{ n: number }>(
    sql`select count(*)::int as n from ${raw(`"${target.table}"`)}
         where tenant_id = ${session.tenantId} and ${anyOf(sql`id`, unique)} and ${inCommunities}`,
  );
  if (rows[0]?.n !== unique.length) throw apiError("NOT_FOUND");
}

/** The tenant's communities of these ids (id and name, in the order asked), else 404: another tenant's id looks like a missing one. */
export async function communitiesOfTenant(db: DbSession, tenantId: number, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where tenant_id = ${tenantId} and ${anyOf(sql`id`, unique)}`);
  if (rows.length !== unique.length) throw apiError("NOT_FOUND");
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => ({ id, name: byId.get(id)!.name }));
}
