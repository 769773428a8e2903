// The signed-in user's own account (spec §7 "Session, user and community"): logout, password
// change, profile edit. They need a session but no authority code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messages } from "../../../generated/errors.ts";
import { checkRule, validateResource } from "../../common/validate.ts";
import { apiError, ok, validationError } from "../http/envelope.ts";
import { loadSession, sessionOf } from "./guard.ts";
import { clearSessionCookie } from "./cookie.ts";
import { deleteOtherSessions, deleteSession } from "./session-store.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { userCenter } from "./user-center.ts";
import { writeOperationLog } from "../crud/operation-log.ts";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Logout works with or without a live session (it always clears the cookie).
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await loadSession(app, request);
    if (session) {
      await deleteSession(app.db, session.tokenHash);
      await writeOperationLog(app.db, { tenantId: session.tenantId, userId: session.userId, username: session.username, ip: request.ip, resource: "auth", action: "logout" });
    }
    clearSessionCookie(request, reply);
    return ok(null, messages.loggedOut);
  };
  app.get("/api/system/homepage/web/logout", { config: { public: true } }, logout);
  app.post("/proxyAuth/auth/homepage/actions/logout", { config: { public: true } }, logout);

  app.post("/api/system/homepage/modifyPassword", async (request) => {
    const session = sessionOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const oldPassword = typeof body.oldPassword === "string" ? body.oldPassword : "";
    const newPassword = typeof body.newPassword === "string" ? body.newPassword : "";
    const problem = checkRule("password", newPassword);
    if (problem) throw validationError([{ field: "newPassword", message: problem }]);
    const { rows } = await app.db.query<{ password_hash: string | null }>("select password_hash from users where tenant_id = $1 and id = $2", [
      session.tenantId,
      session.userId,
    ]);
    if (!(await verifyPassword(oldPassword, rows[0]?.password_hash))) throw apiError("WRONG_OLD_PASSWORD");
    const hash = await hashPassword(newPassword);
    await app.db.transaction(async (tx) => {
      await tx.query("update users set password_hash = $3, updated_at = now(), updated_by = $2, version = version + 1 where tenant_id = $1 and id = $2", [
        session.tenantId,
        session.userId,
        hash,
      ]);
      await deleteOtherSessions(tx, session);
      await writeOperationLog(tx, { tenantId: session.tenantId, userId: session.userId, username: session.username, ip: request.ip, resource: "users", action: "modifyPassword", targetId: session.userId });
    });
    return ok(null);
  });

  // {realName?, phone? (or phoneNumber), companyShortName?} -> the user center object.
  app.post("/api/system/homepage/editsave", async (request) => {
    const session = sessionOf(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const changes: Record<string, unknown> = {};
    if (body.realName !== undefined) changes.realName = body.realName;
    if (body.phone !== undefined) changes.phone = body.phone;
    else if (body.phoneNumber !== undefined) changes.phone = body.phoneNumber;
    if (body.companyShortName !== undefined) changes.companyShortName = body.companyShortName;
    const errors = validateResource("users", "update", changes, session.sceneName);
    if (errors.length) throw validationError(errors);
    const columns: Record<string, string> = { realName: "real_name", phone: "phone", companyShortName: "company_short_name" };
    const names = Object.keys(changes);
    if (names.length) {
      await app.db.transaction(async (tx) => {
        const values = names.map((n) => (changes[n] === "" ? null : changes[n]));
        const sets = names.map((n, i) => `${columns[n]} = $${i + 3}`).join(", ");
        await tx.query(`update users set ${sets}, updated_at = now(), updated_by = $2, version = version + 1 where tenant_id = $1 and id = $2`, [
          session.tenantId,
          session.userId,
          ...values,
        ]);
        await writeOperationLog(tx, { tenantId: session.tenantId, userId: session.userId, username: session.username, ip: request.ip, resource: "users", action: "editsave", targetId: session.userId, detail: { changes } });
      });
    }
    return ok(await userCenter(app.db, session.tenantId, session.userId));
  });
}
