// POST /api/auth/login {username, password} -> {signature, userId, tenantId, userType, tenantHomePage}
// plus the httpOnly session cookie. Login is by username alone: usernames are unique across tenants
// (login_names). Wrong name or password: 400 LOGIN_FAILED; too many failures: 429 LOGIN_LOCKED.
import type { FastifyInstance } from "fastify";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { verifyPassword } from "./password.ts";
import { createSession, deleteExpiredSessions } from "./session-store.ts";
import { setSessionCookie } from "./cookie.ts";
import { clearLoginFailures, isLoginLocked, recordLoginFailure, usernameKey } from "./login-throttle.ts";
import { writeOperationLog } from "../crud/operation-log.ts";

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
    if (await isLoginLocked(db, username, ip)) throw apiError("LOGIN_LOCKED");

    const { rows } = await db.query<LoginUser>(
      `select u.id as user_id, u.tenant_id, u.username, u.user_type, u.enabled, u.password_hash, t.tenant_home_page
         from login_names l
         join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
         join tenants t on t.id = u.tenant_id
        where l.username_key = $1`,
      [usernameKey(username)],
    );
    const user = rows[0];
    const passwordOk = await verifyPassword(password, user?.password_hash);
    if (!user || !passwordOk || user.enabled === false) {
      await recordLoginFailure(db, username, ip);
      throw apiError("LOGIN_FAILED");
    }

    await clearLoginFailures(db, username, ip);
    await deleteExpiredSessions(db);
    const token = await createSession(db, { userId: user.user_id, tenantId: user.tenant_id }, { ip, userAgent: request.headers["user-agent"] });
    await writeOperationLog(db, { tenantId: user.tenant_id, userId: user.user_id, username: user.username, ip, resource: "auth", action: "login" });
    setSessionCookie(request, reply, token);
    return {
      signature: token,
      userId: user.user_id,
      tenantId: user.tenant_id,
      userType: user.user_type ?? "1",
      tenantHomePage: user.tenant_home_page ?? "",
    };
  });
}
