// Sessions in the database. A login makes two random values: the token, which goes only into the
// httpOnly cookie, and the signature, which the login answer returns (the web app keeps it in
// session storage and sends it in the `signature` header). The table keeps the SHA-256 of each.
// A call is the session's only with the cookie's token AND the matching signature (compared in
// constant time): a script that reads session storage holds no bearer token, and a request that
// only carries the cookie (another site's form or link) is not signed in.
//
// Per-server session cache: a looked-up session is kept in memory for SESSION_CACHE_MS (5 s, never
// past the session's own end), keyed by the token's hash, at most SESSION_CACHE_MAX entries, so a
// busy client costs one session query per 5 s instead of one per request. The whole cache is emptied
// after any write through this server's database handle that may touch what the lookup reads
// (sessions, users, characters, tenants: logout, password change, a user disabled, deleted or given
// another role, a role's authorities changed...; db/write-watch.ts), so on this server such changes
// apply to the next request. On PostgreSQL every server announces such a write with NOTIFY and
// every server empties its cache on hearing it (auth/session-revocation.ts), so a session revoked
// through one server is refused by all within milliseconds; while a server cannot hear (its listening
// connection lost) it does not cache. A change made directly in the database is seen within
// SESSION_CACHE_MS (docs/server.md).
import type { Db, DbSession } from "../db/types.ts";
import { sql, type Sql } from "../db/sql.ts";
import { texts } from "../../../../generated/texts.ts";
import { newToken, sameDigest, sha256Hex } from "./tokens.ts";
import { SESSION_CACHE_MAX, SESSION_CACHE_MS, SESSION_IDLE_MS, SESSION_MAX_MS, SESSION_TOUCH_MS } from "./settings.ts";
import { authoritiesOf } from "./authorities.ts";
import { communityScopeOf } from "./stored-scope.ts";

/** What a request carries of its session: the cookie's token and the `signature` header. */
export interface SessionCredentials {
  token: string;
  signature: string;
}

/** The signed-in person's name as the product shows it: 姓名, else the login name. */
export const sessionPersonName = (session: Pick<SessionInfo, "realName" | "username">): string => session.realName?.trim() || session.username;

/** What a request knows about its signed-in user. */
export interface SessionInfo {
  /** The SHA-256 of the cookie's token (the row's key). */
  tokenHash: string;
  userId: number;
  tenantId: number;
  username: string;
  realName: string | null;
  userType: string;
  authorities: string[];
  /** The communities the user may see and work in; null: every community of the tenant (auth/community-scope.ts). */
  communityIds: readonly number[] | null;
  tenantName: string;
  sceneName: string;
  /** The password was set by someone else (create or reset): until the user changes it, the guard lets it only see who it is, change the password and sign out. Absent: false. */
  mustChangePassword?: boolean;
}

// The bookkeeping statements: their text is the same whatever the values (SESSION_BOOKKEEPING_SQL matches them by it).
const insertSql = (tokenHash: string, signatureHash: string, user: { userId: number; tenantId: number }, ip: string | null, userAgent: string | null): Sql =>
  sql`insert into sessions (token_hash, signature_hash, user_id, tenant_id, expires_at, ip, user_agent)
     values (${tokenHash}, ${signatureHash}, ${user.userId}, ${user.tenantId}, now() + (${String(SESSION_IDLE_MS)} || ' milliseconds')::interval, ${ip}, ${userAgent})`;
const touchSql = (tokenHash: string): Sql => sql`update sessions set last_seen = now(), expires_at = now() + (${String(SESSION_IDLE_MS)} || ' milliseconds')::interval where token_hash = ${tokenHash}`;
const DELETE_EXPIRED_SQL = sql`delete from sessions where expires_at <= now() or created_at <= now() - (${String(SESSION_MAX_MS)} || ' milliseconds')::interval`;

/** A new session: its token (for the cookie only) and its signature (for the login answer). */
export async function createSession(db: DbSession, user: { userId: number; tenantId: number }, meta: { ip?: string; userAgent?: string }): Promise<SessionCredentials> {
  const token = newToken();
  const signature = newToken();
  await db.query(insertSql(sha256Hex(token), sha256Hex(signature), user, meta.ip ?? null, (meta.userAgent ?? "").slice(0, 256) || null));
  return { token, signature };
}

/** The tables a session lookup reads: a write to one may change what a cached session says. */
export const SESSION_TABLES = ["sessions", "users", "characters", "tenants"] as const;
/** Writes to them that cannot make a cached entry wrong: a new session, the touch, removing expired ones (their statement texts). */
export const SESSION_BOOKKEEPING_SQL: readonly string[] = [insertSql("", "", { userId: 0, tenantId: 0 }, null, null).text, touchSql("").text, DELETE_EXPIRED_SQL.text];

interface CachedSession {
  info: SessionInfo;
  /** The SHA-256 of the session's signature (null: a session that has none is nobody's). */
  signatureHash: string | null;
  /** Date.now() past which the entry is not used. */
  until: number;
}

class SessionCache {
  readonly entries = new Map<string, CachedSession>();
  /** Bumped by every clear(): a lookup that started before a write does not store its (older) answer. */
  generation = 0;
  /** Set while changes made by other servers cannot be heard (auth/session-revocation.ts): no caching. */
  paused = false;

  get(hash: string): CachedSession | null {
    if (this.paused) return null;
    const entry = this.entries.get(hash);
    if (!entry) return null;
    if (entry.until > Date.now()) return entry;
    this.entries.delete(hash);
    return null;
  }

  set(hash: string, info: SessionInfo, signatureHash: string | null, ttl: number): void {
    if (this.paused) return;
    this.entries.delete(hash);
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!); // the oldest
    this.entries.set(hash, { info, signatureHash, until: Date.now() + ttl });
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}

// One cache per database handle (= per server). Only a root Db that reports its writes gets one.
const caches = new WeakMap<DbSession, SessionCache | null>();

function cacheOf(db: DbSession): SessionCache | null {
  let cache = caches.get(db);
  if (cache === undefined) {
    const root = db as Partial<Db>;
    cache = null;
    if (SESSION_CACHE_MS > 0 && typeof root.onWrite === "function") {
      const c = (cache = new SessionCache());
      // A new session, the once-a-minute touch and the removal of sessions already past their end
      // cannot make a cached entry wrong; everything else written to these tables empties the cache.
      root.onWrite(SESSION_TABLES, () => c.clear(), { ignore: SESSION_BOOKKEEPING_SQL });
    }
    caches.set(db, cache);
  }
  return cache;
}

/** Empties this server's session cache (another server changed sessions, users, roles or tenants). */
export function dropCachedSessions(db: DbSession): void {
  cacheOf(db)?.clear();
}

/** Turns this server's session cache off (paused) while other servers' changes cannot be heard, and on again. */
export function pauseSessionCache(db: DbSession, paused: boolean): void {
  const cache = cacheOf(db);
  if (!cache) return;
  cache.clear();
  cache.paused = paused;
}

interface SessionRow {
  token_hash: string;
  signature_hash: string | null;
  user_id: number;
  tenant_id: number;
  username: string;
  real_name: string | null;
  user_type: string | null;
  authorities: unknown;
  community_ids: unknown;
  must_change_password: boolean | null;
  tenant_name: string;
  scene_name: string;
  stale: boolean;
  remaining_ms: number | string;
}

function lookupSql(tokenHash: string): Sql {
  return sql`select s.token_hash, s.signature_hash, s.user_id, s.tenant_id, u.username, u.real_name, u.user_type, c.authorities, u.community_ids, u.must_change_password,
            t.name as tenant_name, t.scene_name,
            s.last_seen < now() - (${String(SESSION_TOUCH_MS)} || ' milliseconds')::interval as stale,
            extract(epoch from least(s.expires_at, s.created_at + (${String(SESSION_MAX_MS)} || ' milliseconds')::interval) - now()) * 1000 as remaining_ms
       from sessions s
       join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join tenants t on t.id = s.tenant_id
       left join characters c on c.tenant_id = u.tenant_id and c.id = u.role_id
      where s.token_hash = ${tokenHash}
        and s.expires_at > now()
        and s.created_at > now() - (${String(SESSION_MAX_MS)} || ' milliseconds')::interval
        and u.enabled is not false`;
}

/**
 * The live session of the cookie's token when the signature is that session's (idle and absolute
 * limits, enabled user), touching it now and then; null otherwise (no such session, or a missing or
 * another session's signature: the same answer as no session). Served from the per-server cache when
 * this server looked the token up less than SESSION_CACHE_MS ago; the signature is checked every time.
 */
export async function findSession(db: DbSession, credentials: SessionCredentials): Promise<SessionInfo | null> {
  const { token, signature } = credentials;
  if (!token || token.length > 200 || !signature || signature.length > 200) return null;
  const hash = sha256Hex(token);
  const signatureHash = sha256Hex(signature);
  const cache = cacheOf(db);
  const cached = cache?.get(hash);
  if (cached) return sameDigest(cached.signatureHash, signatureHash) ? cached.info : null;
  const generation = cache?.generation;

  const { rows } = await db.query<SessionRow>(lookupSql(hash));
  const row = rows[0];
  if (!row) return null;
  const signed = sameDigest(row.signature_hash, signatureHash);
  if (signed && row.stale) await db.query(touchSql(hash));
  const authorities = authoritiesOf(row.user_type, row.authorities);
  // Frozen: the cached object is shared by the requests of the next few seconds.
  const info: SessionInfo = Object.freeze({
    tokenHash: row.token_hash,
    userId: row.user_id,
    tenantId: row.tenant_id,
    username: row.username,
    realName: row.real_name,
    userType: row.user_type ?? "1",
    authorities: Object.freeze(authorities) as string[],
    communityIds: communityScopeOf(row.user_type, row.community_ids),
    tenantName: row.tenant_name,
    sceneName: row.scene_name || texts.common.defaultScene,
    mustChangePassword: row.must_change_password === true,
  });
  // Never kept past the session's own end (idle or absolute), measured on the database's clock.
  const ttl = Math.min(SESSION_CACHE_MS, Number(row.remaining_ms));
  if (cache && cache.generation === generation && ttl > 0) cache.set(hash, info, row.signature_hash, ttl);
  return signed ? info : null;
}

export async function deleteSession(db: DbSession, tokenHash: string): Promise<void> {
  await db.query(sql`delete from sessions where token_hash = ${tokenHash}`);
}

export async function deleteExpiredSessions(db: DbSession): Promise<void> {
  await db.query(DELETE_EXPIRED_SQL);
}
