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
//    A machine's call with `Authorization: Bearer <API token>` (api-token-store.ts) needs neither the
//    marker (a browser adds that header to no cross-site request) nor a cookie: the token stands for
//    the session, a token that is not live is no session (401, never a fall-back to the cookie), and it
//    counts against the token's rate (API_TOKEN_RATE_LIMITED). Resident routes never read it;
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
import { bearerOf, findApiTokenSession, withinRate, type ApiTokenSession } from "./api-token-store.ts";
import { writeOperationLog } from "../db/operation-log.ts";

/** GET routes that act (end the session): they need the marker like any other method. */
const XHR_MARKED_GETS: ReadonlySet<string> = new Set([operations.logout.path]);

function needsXhrMarker(request: FastifyRequest): boolean {
  if (request.routeOptions.config.serverCaller) return false; // another server: no browser carries a cookie there
  if (bearerOf(request) !== null && !request.routeOptions.config.resident) return false; // a machine's token, not a browser's cookie
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
    const bearer = bearerOf(request);
    const session = bearer === null ? await loadSession(app, request) : await tokenSession(app, request, bearer);
    if (!session) throw apiError("NOT_LOGGED_IN");
    if (session.mustChangePassword && !config.beforePasswordChange) throw apiError("PASSWORD_CHANGE_REQUIRED");
    if (config.authority && !session.authorities.includes(config.authority)) throw apiError("NO_PERMISSION");
    if (config.anyAuthority && !session.authorities.some((code) => config.anyAuthority?.includes(code))) throw apiError("NO_PERMISSION");
    if (config.someAuthority && session.authorities.length === 0) throw apiError("NO_PERMISSION");
  });
  // Every call made with a token is in the operation log under the token's name, answered or refused.
  app.addHook("onResponse", async (request, reply) => {
    const session = request.session;
    if (!session || !("apiTokenId" in session)) return;
    await writeOperationLog(app.db, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip: request.ip,
      resource: "apiTokens",
      action: "call",
      operationCode: `${request.method} ${request.routeOptions.url ?? ""}`.slice(0, 64),
      targetId: (session as ApiTokenSession).apiTokenId,
      detail: { status: reply.statusCode },
    }).catch((err: Error) => request.log.error({ err }, "api token call not logged"));
  });
}

/** The session an API token stands for (null: no live token), counted against its rate. */
async function tokenSession(app: FastifyInstance, request: FastifyRequest, token: string): Promise<SessionInfo | null> {
  const session = await findApiTokenSession(app.db, token, request.ip);
  if (session && !withinRate(session.apiTokenId)) throw apiError("API_TOKEN_RATE_LIMITED");
  request.session = session;
  return session;
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
