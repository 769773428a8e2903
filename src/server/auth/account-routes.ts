// The signed-in user's own account (spec §7 "Session, user and community"): logout, password
// change, profile edit. They need a session but no authority code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { loadSession } from "./guard.ts";
import { clearSessionCookie } from "./cookie.ts";
import { deleteSession } from "./session-store.ts";
import { endSessionsOf } from "./session-end.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import { userCenter } from "./user-center.ts";
import { writeOperationLog } from "../db/operation-log.ts";
import { messages } from "../../../generated/errors.ts";
import { join, raw, sql } from "../db/sql.ts";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Logout works with or without a live session (it always clears the cookie). The GET one too needs
  // the X-Requested-With marker (the guard: XHR_MARKED_GETS), so another site's link ends nothing.
  const logout = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    const session = await loadSession(app, request);
    if (session) {
      await deleteSession(app.db, session.tokenHash);
      await writeOperationLog(app.db, { tenantId: session.tenantId, userId: session.userId, username: session.username, ip: request.ip, resource: "auth", action: "logout" });
    }
    clearSessionCookie(request, reply);
    return null;
  };
  route(app, operations.logout, logout);
  route(app, operations.logoutProxy, logout);

  // The new password's rule (schemas/rules.yaml password) is checked by the operation's validator;
  // a common password is refused here (password-policy.ts), before the old one is checked.
  route(app, operations.modifyPassword, async ({ body: { oldPassword, newPassword }, session, request }) => {
    const problem = passwordProblem(newPassword);
    if (problem) throw validationError([{ field: "newPassword", message: problem }]);
    const { rows } = await app.db.query<{ password_hash: string | null }>(sql`select password_hash from users where tenant_id = ${session.tenantId} and id = ${session.userId}`);
    if (!(await verifyPassword(oldPassword, rows[0]?.password_hash))) throw apiError("WRONG_OLD_PASSWORD");
    // The old one is the stored one: the same again (e.g. the password an administrator set, at the
    // forced first change) is no change.
    if (newPassword === oldPassword) throw validationError([{ field: "newPassword", message: messages.passwordUnchanged }]);
    const hash = await hashPassword(newPassword);
    await app.db.transaction(async (tx) => {
      await tx.query(
        sql`update users set password_hash = ${hash}, must_change_password = false, updated_at = now(), updated_by = ${session.userId}, version = version + 1 where tenant_id = ${session.tenantId} and id = ${session.userId}`,
      );
      await endSessionsOf(tx, session.tenantId, [session.userId], session); // the caller's own session stays
      await writeOperationLog(tx, {
        tenantId: session.tenantId,
        userId: session.userId,
        username: session.username,
        ip: request.ip,
        resource: "users",
        action: "modifyPassword",
        targetId: session.userId,
      });
    });
    return null;
  });

  // {realName?, phone? (or phoneNumber), companyShortName?} -> the user center object; each value is
  // checked with the users resource's field rules by the operation's validator.
  route(app, operations.editUserProfile, async ({ body, session, request }) => {
    const columns = { realName: "real_name", phone: "phone", companyShortName: "company_short_name" } as const;
    const changes: { -readonly [name in keyof typeof columns]?: string | null } = {};
    if (body.realName !== undefined) changes.realName = body.realName;
    if (body.phone !== undefined) changes.phone = body.phone;
    else if (body.phoneNumber !== undefined) changes.phone = body.phoneNumber;
    if (body.companyShortName !== undefined) changes.companyShortName = body.companyShortName;
    const names = (Object.keys(columns) as (keyof typeof columns)[]).filter((n) => n in changes);
    if (names.length) {
      await app.db.transaction(async (tx) => {
        const sets = names.map((n) => sql`${raw(columns[n])} = ${changes[n] === "" ? null : changes[n]}`);
        await tx.query(
          sql`update users set ${join(sets, ", ")}, updated_at = now(), updated_by = ${session.userId}, version = version + 1 where tenant_id = ${session.tenantId} and id = ${session.userId}`,
        );
        await writeOperationLog(tx, {
          tenantId: session.tenantId,
          userId: session.userId,
          username: session.username,
          ip: request.ip,
          resource: "users",
          action: "editsave",
          targetId: session.userId,
          detail: { changes },
        });
      });
    }
    const center = await userCenter(app.db, session.tenantId, session.userId);
    if (!center) throw apiError("NOT_LOGGED_IN");
    return center;
  });
}
