// Sessions in the database: the token is given to the client once; the table keeps its SHA-256.
import type { DbSession } from "../db/types.ts";
import { newToken, sha256Hex } from "./tokens.ts";
import { SESSION_IDLE_MS, SESSION_MAX_MS, SESSION_TOUCH_MS } from "./settings.ts";
import { authoritiesOf } from "./authorities.ts";

/** What a request knows about its signed-in user. */
export interface SessionInfo {
  tokenHash: string;
  userId: number;
  tenantId: number;
  username: string;
  realName: string | null;
  userType: string;
  authorities: string[];
  tenantName: string;
  sceneName: string;
}

export async function createSession(db: DbSession, user: { userId: number; tenantId: number }, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into sessions (token_hash, user_id, tenant_id, expires_at, ip, user_agent)
     values ($1, $2, $3, now() + ($4 || ' milliseconds')::interval, $5, $6)`,
    [sha256Hex(token), user.userId, user.tenantId, String(SESSION_IDLE_MS), meta.ip ?? null, (meta.userAgent ?? "").slice(0, 256) || null],
  );
  return token;
}

interface SessionRow {
  token_hash: string;
  user_id: number;
  tenant_id: number;
  username: string;
  real_name: string | null;
  user_type: string | null;
  authorities: unknown;
  tenant_name: string;
  scene_name: string;
  stale: boolean;
}

/** The live session of a token (idle and absolute limits, enabled user), touching it now and then. */
export async function findSession(db: DbSession, token: string): Promise<SessionInfo | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256Hex(token);
  const { rows } = await db.query<SessionRow>(
    `select s.token_hash, s.user_id, s.tenant_id, u.username, u.real_name, u.user_type, c.authorities,
            t.name as tenant_name, t.scene_name,
            s.last_seen < now() - ($2 || ' milliseconds')::interval as stale
       from sessions s
       join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
       join tenants t on t.id = s.tenant_id
       left join characters c on c.tenant_id = u.tenant_id and c.id = u.role_id
      where s.token_hash = $1
        and s.expires_at > now()
        and s.created_at > now() - ($3 || ' milliseconds')::interval
        and u.enabled is not false`,
    [hash, String(SESSION_TOUCH_MS), String(SESSION_MAX_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await db.query(
      `update sessions set last_seen = now(), expires_at = now() + ($2 || ' milliseconds')::interval where token_hash = $1`,
      [hash, String(SESSION_IDLE_MS)],
    );
  }
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    tenantId: row.tenant_id,
    username: row.username,
    realName: row.real_name,
    userType: row.user_type ?? "1",
    authorities: authoritiesOf(row.user_type, row.authorities),
    tenantName: row.tenant_name,
    sceneName: row.scene_name || "社区",
  };
}

export async function deleteSession(db: DbSession, tokenHash: string): Promise<void> {
  await db.query("delete from sessions where token_hash = $1", [tokenHash]);
}

/** After a password change: every other session of the user ends. */
export async function deleteOtherSessions(db: DbSession, session: SessionInfo): Promise<void> {
  await db.query("delete from sessions where tenant_id = $1 and user_id = $2 and token_hash <> $3", [session.tenantId, session.userId, session.tokenHash]);
}

export async function deleteExpiredSessions(db: DbSession): Promise<void> {
  await db.query("delete from sessions where expires_at <= now() or created_at <= now() - ($1 || ' milliseconds')::interval", [String(SESSION_MAX_MS)]);
}
