// The guard every request passes, in this order:
// 1. every method but GET and HEAD needs `X-Requested-With: XMLHttpRequest`, else HTTP 403 and
//    nothing done (checked before anything else, login included);
// 2. unless the route says `config.public`, a live session (cookie or `signature` header), else 401;
// 3. when the route says `config.authority`, the session must hold that code, else HTTP 401 with
//    body {code: 403, status: 403, ...} (spec §6 "403 marker").
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiError } from "../http/envelope.ts";
import { findSession, type SessionInfo } from "./session-store.ts";
import { tokenOf } from "./cookie.ts";

export function hasXhrMarker(request: FastifyRequest): boolean {
  const value = request.headers["x-requested-with"];
  return typeof value === "string" && value.toLowerCase() === "xmlhttprequest";
}

/** The request's session if it has a live one (public routes that care, e.g. logout, call this). */
export async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.session) return request.session;
  const token = tokenOf(request);
  request.session = token ? await findSession(app.db, token) : null;
  return request.session;
}

export function installGuard(app: FastifyInstance): void {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD" && !hasXhrMarker(request)) throw apiError("MISSING_XHR_MARKER");
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const session = await loadSession(app, request);
    if (!session) throw apiError("NOT_LOGGED_IN");
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
