// Resident sessions (the residents' app, docs/residents.md): a principal of its own. The token lives
// only in the httpOnly cookie neptune_resident (path /api/h5/: a browser never even sends it to a
// staff endpoint), the table resident_sessions keeps its SHA-256. The guard reads it for the
// operations whose authority is `resident` and for nothing else; it never reads the staff cookie or
// signature there, so a staff session is no resident and a resident session is no staff session.
// Writes need the X-Requested-With marker like every other call (the guard's first step).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DbSession } from "../db/types.ts";
import { sql } from "../db/sql.ts";
import { newToken, sha256Hex } from "./tokens.ts";

export const RESIDENT_COOKIE = "neptune_resident";
/** The cookie goes only to the residents' API. */
const RESIDENT_COOKIE_PATH = "/api/h5/";
/** A resident stays signed in 30 days after the last request (a phone app), 90 days after sign-in at most. */
export const RESIDENT_SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
export const RESIDENT_SESSION_MAX_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen / expires_at are written at most once an hour per session. */
const RESIDENT_SESSION_TOUCH_MS = 60 * 60 * 1000;

/** What a resident's request knows about its resident. */
export interface ResidentInfo {
  tokenHash: string;
  residentId: number;
  tenantId: number;
  phone: string;
  name: string | null;
}

const ms = (value: number) => sql`${String(value)}::float8 * interval '1 millisecond'`;

export async function createResidentSession(db: DbSession, resident: { residentId: number; tenantId: number }, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const token = newToken();
  await db.query(sql`delete from resident_sessions where expires_at <= now() or created_at <= now() - ${ms(RESIDENT_SESSION_MAX_MS)}`);
  await db.query(sql`insert into resident_sessions (token_hash, resident_id, tenant_id, expires_at, ip, user_agent)
    values (${sha256Hex(token)}, ${resident.residentId}, ${resident.tenantId}, now() + ${ms(RESIDENT_SESSION_IDLE_MS)}, ${meta.ip ?? null}, ${(meta.userAgent ?? "").slice(0, 256) || null})`);
  return token;
}

/** The live resident session of the request's cookie (idle and absolute limits, enabled account), else null. */
export async function findResidentSession(db: DbSession, request: FastifyRequest): Promise<ResidentInfo | null> {
  const token = request.cookies?.[RESIDENT_COOKIE];
  if (!token || token.length > 200) return null;
  const hash = sha256Hex(token);
  const { rows } = await db.query<{ resident_id: number; tenant_id: number; phone: string; name: string | null; stale: boolean }>(
    sql`select s.resident_id, s.tenant_id, a.phone, a.name, s.last_seen < now() - ${ms(RESIDENT_SESSION_TOUCH_MS)} as stale
          from resident_sessions s
          join resident_accounts a on a.id = s.resident_id and a.tenant_id = s.tenant_id
         where s.token_hash = ${hash} and s.expires_at > now() and s.created_at > now() - ${ms(RESIDENT_SESSION_MAX_MS)} and a.enabled`,
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.query(sql`update resident_sessions set last_seen = now(), expires_at = now() + ${ms(RESIDENT_SESSION_IDLE_MS)} where token_hash = ${hash}`);
  return { tokenHash: hash, residentId: Number(row.resident_id), tenantId: Number(row.tenant_id), phone: row.phone, name: row.name };
}

export async function deleteResidentSession(db: DbSession, request: FastifyRequest): Promise<void> {
  const token = request.cookies?.[RESIDENT_COOKIE];
  if (token && token.length <= 200) await db.query(sql`delete from resident_sessions where token_hash = ${sha256Hex(token)}`);
}

const cookieOptions = (request: FastifyRequest) => ({ httpOnly: true, sameSite: "lax" as const, path: RESIDENT_COOKIE_PATH, secure: request.protocol === "https" });

export function setResidentCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(RESIDENT_COOKIE, token, { ...cookieOptions(request), maxAge: RESIDENT_SESSION_IDLE_MS / 1000 });
}

export function clearResidentCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(RESIDENT_COOKIE, cookieOptions(request));
}
