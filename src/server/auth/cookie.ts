// The session token travels in the httpOnly cookie neptune_session or in the `signature` header.
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SIGNATURE_HEADER } from "./settings.ts";

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[SIGNATURE_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  return request.cookies?.[SESSION_COOKIE] || null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  // A browser-session cookie: the server-side session decides how long it lives.
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/", secure: request.protocol === "https" });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: request.protocol === "https" });
}
