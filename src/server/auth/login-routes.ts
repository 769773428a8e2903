// POST /api/auth/login {username, password} -> {signature, userId, tenantId, userType, tenantHomePage}
// plus the httpOnly session cookie (its token is not the signature: a call needs both). Login is by
// username alone: usernames are unique across tenants (login_names). Wrong name or password: 400
// LOGIN_FAILED; too many failures from this address, or for the username from all addresses together
// (except from an address that signed in for it before): 429 LOGIN_LOCKED, before the password is
// checked (login-throttle.ts). A password stored at an older, weaker scrypt cost is stored again at
// today's on its first successful login.
import type { FastifyInstance } from "fastify";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { createSession, deleteExpiredSessions } from "./session-store.ts";
import { setSessionCookie } from "./cookie.ts";
import { recordLoginSuccess, reserveLoginAttempt, usernameKey } from "./login-throttle.ts";
import { writeOperationLog } from "../db/operation-log.ts";
import { sql } from "../db/sql.ts";

interface LoginUser {
  user_id: number;
  tenant_id: number;
  username: string;
  user_type: string | null;
  enabled: boolean | null;
  password_hash: string | null;
  tenant_home_page: string | null;
}

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.login, async ({ body, request, reply }) => {
    const username = body.username?.trim() ?? "";
    const password = body.password ?? "";
    if (!username || !password || username.length > 64 || password.length > 256) throw apiError("LOGIN_FAILED");
    const ip = request.ip;
    const db = app.db;
    if (!(await reserveLoginAttempt(db, username, ip))) throw apiError("LOGIN_LOCKED");

    const { rows } = await db.query<LoginUser>(
      sql`select u.id as user_id, u.tenant_id, u.username, u.user_type, u.enabled, u.password_hash, t.tenant_home_page
         from login_names l
         join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
         join tenants t on t.id = u.tenant_id
        where l.username_key = ${usernameKey(username)}`,
    );
    const user = rows[0];
    const passwordOk = await verifyPassword(password, user?.password_hash);
    if (!user || !passwordOk || user.enabled === false) throw apiError("LOGIN_FAILED"); // the reserved attempt stays as the failure

    await recordLoginSuccess(db, username, ip);
    if (needsRehash(user.password_hash)) {
      // Only if nobody changed it meanwhile (a password change wins); failing to store it again only
      // leaves the older hash, which still verifies.
      try {
        await db.query(sql`update users set password_hash = ${await hashPassword(password)} where tenant_id = ${user.tenant_id} and id = ${user.user_id} and password_hash = ${user.password_hash}`);
      } catch (err) {
        request.log.warn({ err, userId: user.user_id }, "password not rehashed");
      }
    }
    await deleteExpiredSessions(db);
    const { token, signature } = await createSession(db, { userId: user.user_id, tenantId: user.tenant_id }, { ip, userAgent: request.headers["user-agent"] });
    await writeOperationLog(db, { tenantId: user.tenant_id, userId: user.user_id, username: user.username, ip, resource: "auth", action: "login" });
    setSessionCookie(request, reply, token);
    return {
      signature,
      userId: user.user_id,
      tenantId: user.tenant_id,
      userType: user.user_type ?? "1",
      tenantHomePage: user.tenant_home_page ?? "",
    };
  });
}
