// Key login (/open/key, spec §4: the keyed entry of the platform): another application that holds a
// user's one-time ticket (POST /api/auth/homepage/actions/getTicket) opens /open/key?key=<ticket>,
// and the page exchanges it here for a session of that user:
//   POST /api/auth/homepage/actions/keyLogin {key} -> the login answer {signature, userId, tenantId,
//        userType, tenantHomePage} and the session cookie (like the login: the session's token in
//        the cookie, its signature in the answer). Public (it is how the visitor signs in).
// A ticket works once and for 5 minutes; an unknown, used or expired one, or a disabled user,
// answers 400 密钥无效或已过期 (the same for every case, so nothing is learnt about tickets).
import type { FastifyInstance } from "fastify";
import { consumeTicket } from "./tickets.ts";
import { createSession, deleteExpiredSessions } from "../platform/session/session-store.ts";
import { setSessionCookie } from "../platform/session/cookie.ts";
import { apiError } from "../platform/http/envelope.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

const invalidKey = () => apiError("INVALID_KEY");

export async function keyLoginModule(app: FastifyInstance): Promise<void> {
  route(app, operations.keyLogin, async ({ body: { key }, request, reply }) => {
    if (!key?.trim() || key.length > 200) throw invalidKey();
    const owner = await consumeTicket(app.db, key.trim());
    if (!owner) throw invalidKey();
    const rows = await camelRows<{ username: string; userType: string | null; enabled: boolean | null; tenantHomePage: string | null }>(
      app.db,
      sql`select u.username, u.user_type, u.enabled, t.tenant_home_page
         from users u join tenants t on t.id = u.tenant_id where u.tenant_id = ${owner.tenantId} and u.id = ${owner.userId}`,
    );
    const user = rows[0];
    if (!user || user.enabled === false) throw invalidKey();
    await deleteExpiredSessions(app.db);
    const { token, signature } = await createSession(app.db, owner, { ip: request.ip, userAgent: request.headers["user-agent"] });
    await writeOperationLog(app.db, { tenantId: owner.tenantId, userId: owner.userId, username: user.username, ip: request.ip, resource: "auth", action: "keyLogin" });
    setSessionCookie(request, reply, token);
    return { signature, userId: owner.userId, tenantId: owner.tenantId, userType: user.userType ?? "1", tenantHomePage: user.tenantHomePage ?? "" };
  });
}
