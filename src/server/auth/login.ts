// The sign-in behind POST /api/auth/login (login-routes.ts): the throttle, the user by its name, the
// password checked (and stored again at today's scrypt cost when older), the session created and the
// operation logged. The route sets the session cookie with the token answered here.
import type { FastifyBaseLogger } from "fastify";
import type { LoginData } from "../../../generated/operation-types.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { Db } from "../platform/db/types.ts";
import { hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { createSession, deleteExpiredSessions } from "../platform/session/session-store.ts";
import { recordLoginSuccess, reserveLoginAttempt, usernameKey } from "./login-throttle.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { sql } from "../platform/db/sql.ts";

interface LoginUser {
  user_id: number;
  tenant_id: number;
  username: string;
  user_type: string | null;
  enabled: boolean | null;
  password_hash: string | null;
  tenant_home_page: string | null;
}

interface SignInInput {
  username: string | undefined;
  password: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** Signs the user in: the new session's cookie token and the answer; LOGIN_FAILED or LOGIN_LOCKED otherwise. */
export async function signIn(db: Db, input: SignInInput, log: FastifyBaseLogger): Promise<{ token: string; answer: LoginData }> {
  const username = input.username?.trim() ?? "";
  const password = input.password ?? "";
  if (!username || !password || username.length > 64 || password.length > 256) throw apiError("LOGIN_FAILED");
  const ip = input.ip;
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
      log.warn({ err, userId: user.user_id }, "password not rehashed");
    }
  }
  await deleteExpiredSessions(db);
  const { token, signature } = await createSession(db, { userId: user.user_id, tenantId: user.tenant_id }, { ip, userAgent: input.userAgent });
  await writeOperationLog(db, { tenantId: user.tenant_id, userId: user.user_id, username: user.username, ip, resource: "auth", action: "login" });
  return {
    token,
    answer: {
      signature,
      userId: user.user_id,
      tenantId: user.tenant_id,
      userType: user.user_type ?? "1",
      tenantHomePage: user.tenant_home_page ?? "",
    },
  };
}
