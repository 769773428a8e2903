// POST /api/auth/login {username, password} -> {signature, userId, tenantId, userType, tenantHomePage}
// plus the httpOnly session cookie (its token is not the signature: a call needs both). Login is by
// username alone: usernames are unique across tenants (login_names). Wrong name or password: 400
// LOGIN_FAILED; too many failures from this address, or for the username from all addresses together
// (except from an address that signed in for it before): 429 LOGIN_LOCKED, before the password is
// checked (login-throttle.ts). A password stored at an older, weaker scrypt cost is stored again at
// today's on its first successful login.
import type { FastifyInstance } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { setSessionCookie } from "../platform/session/cookie.ts";
import { signIn } from "./login.ts";

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.login, async ({ body, request, reply }) => {
    const { token, answer } = await signIn(app.db, { username: body.username, password: body.password, ip: request.ip, userAgent: request.headers["user-agent"] }, request.log);
    setSessionCookie(request, reply, token);
    return answer;
  });
}
