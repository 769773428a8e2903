// The guard every request passes, in this order:
// 1. every method but GET and HEAD, and the few GETs that change something (the spec's GET logout:
//    XHR_MARKED_GETS), need `X-Requested-With: XMLHttpRequest`, else HTTP 403 and nothing done
//    (checked before anything else, login included): another site's form or link carries the
//    SameSite=Lax cookie on a top-level GET, but cannot add the header. Operations called by another
//    server (`caller: server`, public: a gateway's callback, checked by its own signature) are exempt;
// 2. unless the route says `config.public`, a live session: the cookie's token AND the session's
//    `signature` header (either alone, or another session's signature, is no session), else 401;
// 3. when the route says `config.authority`, the session must hold that code, else HTTP 401 with
//    body {code: 403, status: 403, ...} (spec §6 "403 marker");
//    A resident's route (authority `resident`) asks instead for a resident session (its own cookie,
//    resident-session.ts) and never reads the staff cookie or signature: a staff session there is no
//    session (401), and a resident's cookie is no session on any staff route (401);
// 4. a session whose password someone else set (users.must_change_password: created or reset by an
//    administrator) reaches only the operations that say `beforePasswordChange` in schemas/operations
//    (who it is, the password change) and the public ones (signing out) until the user chooses its
//    own password; anything else answers 403 请先修改初始密码.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { operations } from "../../../../generated/operations.ts";
import { apiError } from "../http/envelope.ts";
import { findSession, type SessionInfo } from "./session-store.ts";
import { credentialsOf } from "./cookie.ts";
import { findResidentSession, type ResidentInfo } from "./resident-session.ts";

/** GET routes that act (end the session): they need the marker like any other method. */
const XHR_MARKED_GETS: ReadonlySet<string> = new Set([operations.logout.path]);

function needsXhrMarker(request: FastifyRequest): boolean {
  if (request.routeOptions.config.serverCaller) return false; // another server: no browser carries a cookie there
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  return XHR_MARKED_GETS.has(request.routeOptions.url ?? "");
}

export function hasXhrMarker(request: FastifyRequest): boolean {
  const value = request.headers["x-requested-with"];
  return typeof value === "string" && value.toLowerCase() === "xmlhttprequest";
}

/** The request's session if it has a live one, cookie and signature (public routes that care, e.g. logout, call this). */
export async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.session) return request.session;
  const credentials = credentialsOf(request);
  request.session = credentials ? await findSession(app.db, credentials) : null;
  return request.session;
}

export function installGuard(app: FastifyInstance): void {
  app.decorateRequest("session", null);
  app.decorateRequest("resident", null);
  app.addHook("onRequest", async (request) => {
    if (needsXhrMarker(request) && !hasXhrMarker(request)) throw apiError("MISSING_XHR_MARKER");
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    if (config.resident) {
      request.resident = await findResidentSession(app.db, request);
      if (!request.resident) throw apiError("NOT_LOGGED_IN");
      return;
    }
    const session = await loadSession(app, request);
    if (!session) throw apiError("NOT_LOGGED_IN");
    if (session.mustChangePassword && !config.beforePasswordChange) throw apiError("PASSWORD_CHANGE_REQUIRED");
    if (config.authority && !session.authorities.includes(config.authority)) throw apiError("NO_PERMISSION");
    if (config.anyAuthority && !session.authorities.some((code) => config.anyAuthority?.includes(code))) throw apiError("NO_PERMISSION");
    if (config.someAuthority && session.authorities.length === 0) throw apiError("NO_PERMISSION");
  });
}

/** The session of a guarded route (the guard has already refused requests without one). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw apiError("NOT_LOGGED_IN");
  return request.session;
}

/** The resident of a resident's route (the guard has already refused requests without one). */
export function residentOf(request: FastifyRequest): ResidentInfo {
  if (!request.resident) throw apiError("NOT_LOGGED_IN");
  return request.resident;
}
