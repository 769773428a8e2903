// The write steps of users and roles (characters) on the generic path: every grant goes through the
// one rule of grants.ts; a `password` in a user's body is checked and stored as a scrypt hash (the
// secret field passwordHash is never read from or written to the client). Username uniqueness across
// tenants is enforced by login_names (409 DUPLICATE). Deleting a user keeps its operation log
// (user_id cleared); deleting or disabling it, setting its password (not to the one it has) or
// changing its role, type or scope, or its role's codes, ends its sessions and unused tickets.
import { messages } from "../../../generated/errors.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { anyOf, sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { roleCodes } from "../platform/session/authorities.ts";
import { endSessionsOf } from "../auth/session-end.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { accountsBeyondReach, checkRoleGrant, checkRoleHolders, checkUserGrant, checkUserRemoval, rolesBeyondReach } from "./grants.ts";

const MAX_SCOPE = 5000;

/** A user's scope as written: ids of the tenant's communities (null: empty, every community), else 400. */
async function communityScopeWritten(db: DbSession, session: SessionInfo, value: unknown): Promise<readonly number[] | null> {
  const invalid = () => validationError([{ field: "communityIds", message: fillMessage.communityIdsInvalid({ scene: session.sceneName }) }]);
  if (value === null || value === "") return null;
  if (!Array.isArray(value) || value.length > MAX_SCOPE) throw invalid();
  const ids = [...new Set((value as unknown[]).map((v) => (typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : v)))];
  if (!ids.every((id): id is number => typeof id === "number" && Number.isSafeInteger(id) && id > 0)) throw invalid();
  if (!ids.length) return null;
  const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from communities where tenant_id = ${session.tenantId} and ${anyOf(sql`id`, ids)}`);
  if (Number(rows[0]?.n) !== ids.length) throw invalid();
  return ids.sort((a, b) => a - b);
}

/** What of an account, changed, ends its sessions (session-end.ts). */
interface AccountState {
  password_hash: string | null;
  enabled: boolean | null;
  role_id: unknown;
  user_type: string | null;
  community_ids: unknown;
}

async function accountState(db: DbSession, tenantId: number, id: number, lock = false): Promise<AccountState | undefined> {
  const { rows } = await db.query<AccountState>(
    sql`select password_hash, enabled, role_id, user_type, community_ids from users where tenant_id = ${tenantId} and id = ${id}${lock ? sql` for update` : sql``}`,
  );
  return rows[0];
}

/**
 * A user's sessions and unused tickets end when it is disabled, or when its password, role, type or
 * scope changes; the caller's own current session stays when it edits itself.
 */
async function endSessionsOnChange(tx: DbSession, session: SessionInfo, id: number) {
  const before = await accountState(tx, session.tenantId, id, true);
  if (!before) return;
  return async (tx: DbSession) => {
    const after = await accountState(tx, session.tenantId, id);
    if (!after) return;
    if (after.enabled === false) return endSessionsOf(tx, session.tenantId, [id]);
    const fields = ["password_hash", "role_id", "user_type", "community_ids"] as const;
    if (fields.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))) await endSessionsOf(tx, session.tenantId, [id], session);
  };
}

/** A role's codes as a comparable text (order and repeats do not matter). */
const codesKey = (authorities: unknown) => JSON.stringify([...new Set(roleCodes(authorities))].sort());

/** A role whose codes change ends the sessions and unused tickets of every holder (the caller's current session stays). */
async function endHoldersSessionsOnChange(tx: DbSession, session: SessionInfo, id: number) {
  const codesOf = async () => (await tx.query<{ authorities: unknown }>(sql`select authorities from characters where tenant_id = ${session.tenantId} and id = ${id}`)).rows[0]?.authorities;
  const before = codesKey(await codesOf());
  return async (tx: DbSession) => {
    if (codesKey(await codesOf()) === before) return;
    const { rows } = await tx.query<{ id: number }>(sql`select id from users where tenant_id = ${session.tenantId} and role_id = ${id}`);
    await endSessionsOf(
      tx,
      session.tenantId,
      rows.map((r) => Number(r.id)),
      session,
    );
  };
}

export function registerUserAccountHooks(): void {
  registerResourceHooks("users", {
    async beforeWrite({ db, session, id, body, columns }) {
      const communityIds = body.communityIds === undefined ? undefined : await communityScopeWritten(db, session, body.communityIds);
      if (communityIds !== undefined) columns.set("community_ids", JSON.stringify(communityIds ?? []));
      await checkUserGrant(db, session, { id, roleId: body.roleId, userType: body.userType, enabled: body.enabled, communityIds });
      if (body.password !== undefined && body.password !== null && body.password !== "") {
        const password = scalarText(body.password);
        const problem = passwordProblem(password);
        if (problem) throw validationError([{ field: "password", message: problem }]);
        // The password the account has already is no new one (checked against the stored hash).
        if (id !== undefined && (await verifyPassword(password, (await accountState(db, session.tenantId, id))?.password_hash))) {
          throw validationError([{ field: "password", message: messages.passwordUnchanged }]);
        }
        columns.set("password_hash", await hashPassword(password));
        // A password someone else chose is for the first sign-in only.
        columns.set("must_change_password", id !== session.userId);
      }
    },
    beforeUpdate: endSessionsOnChange,
    lockedRows: accountsBeyondReach,
    async beforeDelete(tx, session, ids) {
      if (ids.includes(session.userId)) throw apiError("BAD_REQUEST", { message: messages.selfDeleteRefused });
      await checkUserRemoval(tx, session, ids);
      await tx.query(sql`update operation_logs set user_id = null where tenant_id = ${session.tenantId} and user_id = any(${ids}::bigint[])`);
      await endSessionsOf(tx, session.tenantId, ids);
    },
  });
  registerResourceHooks("characters", {
    async beforeWrite({ db, session, id, body }) {
      if (id !== undefined) await checkRoleHolders(db, session, [id]);
      await checkRoleGrant(db, session, id, body.authorities);
    },
    beforeUpdate: endHoldersSessionsOnChange,
    beforeDelete: checkRoleHolders,
    lockedRows: rolesBeyondReach,
  });
}
