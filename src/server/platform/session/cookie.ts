// What a request carries of its session: the token in the httpOnly cookie neptune_session and the
// session's signature in the `signature` header. Both are needed (auth/session-store.ts): neither
// alone is a session.
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SIGNATURE_HEADER } from "./settings.ts";
import type { SessionCredentials } from "./session-store.ts";

/**
 * The signature the request carried (its `signature` header), e.g. to hand it back in
 * GET homepage/user. On a guarded route it is the session's own (the guard checked it); it is never
 * the cookie's token, which no answer contains. (Named tokenOf from when the two were one value.)
 */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[SIGNATURE_HEADER];
  return (Array.isArray(header) ? header[0] : header) || null;
}

/** The cookie's token and the signature header, or null when either is missing. */
export function credentialsOf(request: FastifyRequest): SessionCredentials | null {
  const token = request.cookies?.[SESSION_COOKIE];
  const signature = tokenOf(request);
  return token && signature ? { token, signature } : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  // A browser-session cookie: the server-side session decides how long it lives.
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/", secure: request.protocol === "https" });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: request.protocol === "https" });
}
