// Grants never exceed the grantor: one rule for every write that sets a user's role or type or a
// role's codes (the users and characters resources; system/user-accounts.ts calls it from their hooks).
// - a role may be given (to oneself or anyone) only when the grantor holds every code of it;
// - a role may be created or widened only with codes the grantor holds (codes already in it stay);
// - nobody changes their own role, and nobody makes an account the main account;
// - the main account cannot be deleted, disabled or demoted;
// - an account whose role holds a code the grantor lacks can be neither changed nor deleted (a new
//   password for it would hand its codes over);
// - a grantor limited to some communities hands out only those (a user it writes gets a scope
//   within its own, never "every community") and cannot touch an account of a wider scope;
// - a role can be changed or deleted only by a grantor that could change each of its holders.
// Every refusal is the 403 marker with its own message.
import { messages } from "../../../generated/errors.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { communityScopeOf } from "../platform/session/stored-scope.ts";
import { MAIN_ACCOUNT, roleCodes } from "../platform/session/authorities.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { anyOf, sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import { idField } from "../platform/http/request-input.ts";
import type { JsonValue } from "../platform/db/row.ts";
import { scalarText } from "../../common/scalar-text.ts";

const refuse = (message: string) => apiError("NO_PERMISSION", { message });

export const holdsAll = (session: SessionInfo, codes: string[]) => codes.every((code) => session.authorities.includes(code));

async function codesOfRole(db: DbSession, tenantId: number, roleId: number): Promise<string[]> {
  const { rows } = await db.query<{ authorities: unknown }>(sql`select authorities from characters where tenant_id = ${tenantId} and id = ${roleId}`);
  return roleCodes(rows[0]?.authorities);
}

interface Account {
  id: number;
  userType: string;
  roleId: number | null;
  /** The codes of the account's role. */
  codes: string[];
  /** The account's community scope (null: every community). */
  communityIds: readonly number[] | null;
}

/** Whether a scope lies within the grantor's (an unlimited grantor holds every scope). */
export const withinScope = (session: SessionInfo, scope: readonly number[] | null) => session.communityIds === null || (scope !== null && scope.every((id) => session.communityIds!.includes(id)));

/** The tenant's accounts with these ids (`by: "id"`) or holding these roles (`by: "role"`), with their role's codes. */
async function accounts(db: DbSession, tenantId: number, ids: readonly number[], by: "id" | "role" = "id"): Promise<Account[]> {
  const { rows } = await db.query<{ id: number; user_type: string | null; role_id: number | null; community_ids: unknown; authorities: unknown }>(
    sql`select u.id, u.user_type, u.role_id, u.community_ids, c.authorities
          from users u left join characters c on c.tenant_id = u.tenant_id and c.id = u.role_id
         where u.tenant_id = ${tenantId} and ${anyOf(by === "id" ? sql`u.id` : sql`u.role_id`, ids)}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userType: r.user_type ?? "1",
    roleId: r.role_id === null ? null : Number(r.role_id),
    codes: roleCodes(r.authorities),
    communityIds: communityScopeOf(r.user_type, r.community_ids),
  }));
}

/** Why the grantor may not act on the account: "main" (a main account, for a non-main grantor), "exceeds" (a code or a community it lacks), or null. */
function beyondReach(session: SessionInfo, target: Account): "main" | "exceeds" | null {
  if (session.userType === MAIN_ACCOUNT) return null;
  if (target.userType === MAIN_ACCOUNT) return "main";
  return holdsAll(session, target.codes) && withinScope(session, target.communityIds) ? null : "exceeds";
}

/** The grantor may act on these accounts: none is a main account (for a non-main grantor) or holds a code or a community the grantor lacks. */
function checkAccountsWithinReach(session: SessionInfo, targets: Account[]): void {
  for (const target of targets) {
    const why = beyondReach(session, target);
    if (why === "main") throw apiError("NO_PERMISSION");
    if (why) throw refuse(messages.grantAccountExceedsOwn);
  }
}

/** Of these accounts, those the grantor may neither change nor delete (the list marks them). */
export async function accountsBeyondReach(db: DbSession, session: SessionInfo, ids: readonly number[]): Promise<Set<number>> {
  if (session.userType === MAIN_ACCOUNT || !ids.length) return new Set();
  return new Set((await accounts(db, session.tenantId, ids)).filter((a) => beyondReach(session, a)).map((a) => a.id));
}

/** Of these roles, those the grantor may neither change nor delete: some holder is beyond its reach. */
export async function rolesBeyondReach(db: DbSession, session: SessionInfo, roleIds: readonly number[]): Promise<Set<number>> {
  if (session.userType === MAIN_ACCOUNT || !roleIds.length) return new Set();
  return new Set((await accounts(db, session.tenantId, roleIds, "role")).filter((a) => beyondReach(session, a)).map((a) => a.roleId!));
}

/**
 * A role is changed or deleted only by a grantor that reaches every holder: changing its codes or
 * removing it acts on each of them, like a write to the account itself.
 */
export async function checkRoleHolders(db: DbSession, session: SessionInfo, roleIds: readonly number[]): Promise<void> {
  if ((await rolesBeyondReach(db, session, roleIds)).size) throw refuse(messages.grantRoleHoldersExceedOwn);
}

/** The fields of a user write that grant something. */
export interface UserGrant {
  /** The user written (absent on create). */
  id?: number;
  roleId?: JsonValue;
  userType?: JsonValue;
  enabled?: JsonValue;
  /** The scope written (normalized: null for every community); undefined when the body has none. */
  communityIds?: readonly number[] | null;
}

export async function checkUserGrant(db: DbSession, session: SessionInfo, grant: UserGrant): Promise<void> {
  const [current] = grant.id === undefined ? [] : await accounts(db, session.tenantId, [grant.id]);
  if (current) checkAccountsWithinReach(session, [current]);
  const wasMain = current?.userType === MAIN_ACCOUNT;
  if (grant.userType !== undefined && grant.userType !== null) {
    const isMain = scalarText(grant.userType) === MAIN_ACCOUNT;
    if (isMain && !wasMain) throw refuse(messages.grantMainAccountRefused);
    if (!isMain && wasMain) throw refuse(messages.mainAccountProtected);
  }
  if (wasMain && grant.enabled === false) throw refuse(messages.mainAccountProtected);
  // A new user without a scope gets every community: only an unlimited grantor may make one.
  const scope = grant.communityIds !== undefined ? grant.communityIds : current ? current.communityIds : null;
  if (!withinScope(session, scope)) throw refuse(fillMessage.grantCommunitiesExceedOwn({ scene: session.sceneName }));
  if (grant.roleId === undefined) return;
  const roleId = idField(grant, "roleId");
  if (current && roleId === current.roleId) return; // the form sends the role it shows: no change
  if (grant.id !== undefined && grant.id === session.userId) throw refuse(messages.grantOwnRoleRefused);
  if (roleId !== null && !holdsAll(session, await codesOfRole(db, session.tenantId, roleId))) throw refuse(messages.grantRoleExceedsOwn);
}

export async function checkUserRemoval(db: DbSession, session: SessionInfo, ids: number[]): Promise<void> {
  const targets = await accounts(db, session.tenantId, ids);
  if (targets.some((t) => t.userType === MAIN_ACCOUNT)) throw session.userType === MAIN_ACCOUNT ? refuse(messages.mainAccountProtected) : apiError("NO_PERMISSION");
  checkAccountsWithinReach(session, targets);
}

/** A role's codes as written (create, or update of role `id`): every code it adds must be the grantor's. */
export async function checkRoleGrant(db: DbSession, session: SessionInfo, id: number | undefined, authorities: unknown): Promise<void> {
  if (authorities === undefined) return;
  const before = id === undefined ? [] : await codesOfRole(db, session.tenantId, id);
  const added = roleCodes(authorities).filter((code) => !before.includes(code));
  if (!holdsAll(session, added)) throw refuse(messages.grantCodesExceedOwn);
}
