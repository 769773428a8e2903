// The write steps of users and roles (characters) on the generic path: every grant goes through the
// one rule of grants.ts; a `password` in a user's body is checked and stored as a scrypt hash (the
// secret field passwordHash is never read from or written to the client). Username uniqueness across
// tenants is enforced by login_names (409 DUPLICATE). Deleting a user keeps its operation log
// (user_id cleared) and ends its sessions.
import { messages } from "../../../generated/errors.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { anyOf, sql } from "../db/sql.ts";
import type { DbSession } from "../db/types.ts";
import { hashPassword } from "../auth/password.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { checkRoleGrant, checkUserGrant, checkUserRemoval } from "./grants.ts";

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

export function registerUserAccountHooks(): void {
  registerResourceHooks("users", {
    async beforeWrite({ db, session, id, body, columns }) {
      const communityIds = body.communityIds === undefined ? undefined : await communityScopeWritten(db, session, body.communityIds);
      if (communityIds !== undefined) columns.set("community_ids", JSON.stringify(communityIds ?? []));
      await checkUserGrant(db, session, { id, roleId: body.roleId, userType: body.userType, enabled: body.enabled, communityIds });
      if (body.password !== undefined && body.password !== null && body.password !== "") {
        const problem = passwordProblem(body.password);
        if (problem) throw validationError([{ field: "password", message: problem }]);
        columns.set("password_hash", await hashPassword(scalarText(body.password)));
        // A password someone else chose is for the first sign-in only.
        columns.set("must_change_password", id !== session.userId);
      }
    },
    async beforeDelete(tx, session, ids) {
      if (ids.includes(session.userId)) throw apiError("BAD_REQUEST", { message: messages.selfDeleteRefused });
      await checkUserRemoval(tx, session, ids);
      await tx.query("update operation_logs set user_id = null where tenant_id = $1 and user_id = any($2::bigint[])", [session.tenantId, ids]);
      await tx.query("delete from sessions where tenant_id = $1 and user_id = any($2::bigint[])", [session.tenantId, ids]);
    },
  });
  registerResourceHooks("characters", {
    beforeWrite: ({ db, session, id, body }) => checkRoleGrant(db, session, id, body.authorities),
  });
}
