// The statements behind the signed-in user's own account operations (account-routes.ts): the password
// change and the profile edit.
import type { EditUserProfileBody, ModifyPasswordBody } from "../../../generated/operation-types.ts";
import { messages } from "../../../generated/errors.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { endSessionsOf } from "./session-end.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import { userCenter, type UserCenter } from "./user-center.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { join, raw, sql } from "../platform/db/sql.ts";

/** The operation-log line of a change the session's user makes to its own account. */
function logOwnAccountChange(db: DbSession, session: SessionInfo, ip: string, action: string, detail?: unknown): Promise<void> {
  return writeOperationLog(db, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip,
    resource: "users",
    action,
    targetId: session.userId,
    ...(detail ? { detail } : {}),
  });
}

/** The session's user changes its password: a common one refused, the old one checked, the user's other sessions ended, logged. */
export async function changeOwnPassword(db: Db, session: SessionInfo, ip: string, { oldPassword, newPassword }: ModifyPasswordBody): Promise<null> {
  const problem = passwordProblem(newPassword);
  if (problem) throw validationError([{ field: "newPassword", message: problem }]);
  const { rows } = await db.query<{ password_hash: string | null }>(sql`select password_hash from users where tenant_id = ${session.tenantId} and id = ${session.userId}`);
  if (!(await verifyPassword(oldPassword, rows[0]?.password_hash))) throw apiError("WRONG_OLD_PASSWORD");
  // The old one is the stored one: the same again (e.g. the password an administrator set, at the
  // forced first change) is no change.
  if (newPassword === oldPassword) throw validationError([{ field: "newPassword", message: messages.passwordUnchanged }]);
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.query(
      sql`update users set password_hash = ${hash}, must_change_password = false, updated_at = now(), updated_by = ${session.userId}, version = version + 1 where tenant_id = ${session.tenantId} and id = ${session.userId}`,
    );
    await endSessionsOf(tx, session.tenantId, [session.userId], session); // the caller's own session stays
    await logOwnAccountChange(tx, session, ip, "modifyPassword");
  });
  return null;
}

/** The session's user edits its name, phone or company short name (logged); answers its user center object. */
export async function editOwnProfile(db: Db, session: SessionInfo, ip: string, body: EditUserProfileBody): Promise<UserCenter> {
  const columns = { realName: "real_name", phone: "phone", companyShortName: "company_short_name" } as const;
  const changes: { -readonly [name in keyof typeof columns]?: string | null } = {};
  if (body.realName !== undefined) changes.realName = body.realName;
  if (body.phone !== undefined) changes.phone = body.phone;
  else if (body.phoneNumber !== undefined) changes.phone = body.phoneNumber;
  if (body.companyShortName !== undefined) changes.companyShortName = body.companyShortName;
  const names = (Object.keys(columns) as (keyof typeof columns)[]).filter((n) => n in changes);
  if (names.length) {
    await db.transaction(async (tx) => {
      const sets = names.map((n) => sql`${raw(columns[n])} = ${changes[n] === "" ? null : changes[n]}`);
      await tx.query(
        sql`update users set ${join(sets, ", ")}, updated_at = now(), updated_by = ${session.userId}, version = version + 1 where tenant_id = ${session.tenantId} and id = ${session.userId}`,
      );
      await logOwnAccountChange(tx, session, ip, "editsave", { changes });
    });
  }
  const center = await userCenter(db, session.tenantId, session.userId);
  if (!center) throw apiError("NOT_LOGGED_IN");
  return center;
}
