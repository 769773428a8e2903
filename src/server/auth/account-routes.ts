// The signed-in user's own account (spec §7 "Session, user and community"): logout, password
// change, profile edit. They need a session but no authority code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { loadSession } from "../platform/session/guard.ts";
import { clearSessionCookie } from "../platform/session/cookie.ts";
import { deleteSession } from "../platform/session/session-store.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { changeOwnPassword, editOwnProfile } from "./account.ts";

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
  // a common password is refused by changeOwnPassword (password-policy.ts), before the old one is checked.
  route(app, operations.modifyPassword, async ({ body, session, request }) => changeOwnPassword(app.db, session, request.ip, body));

  // {realName?, phone? (or phoneNumber), companyShortName?} -> the user center object; each value is
  // checked with the users resource's field rules by the operation's validator.
  route(app, operations.editUserProfile, async ({ body, session, request }) => editOwnProfile(app.db, session, request.ip, body));
}
