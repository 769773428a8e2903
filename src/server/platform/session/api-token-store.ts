// Machines' API tokens (docs/api.md): `Authorization: Bearer <token>` on a staff operation stands for
// a session of the user who made the token, limited to the token's own codes and communities and to
// what that user holds now (a token never outgrows its maker: a code taken from the maker, or the maker
// disabled or deleted, ends it at once). The table keeps only the token's SHA-256.
//
// Every call looks the token up again (one indexed read, no cache): a token revoked through any server
// is refused by every server from the next call. Its last use is written at most once a minute, and
// each token may make RATE_PER_MINUTE calls a minute on one server.
import type { FastifyRequest } from "fastify";
import type { DbSession } from "../db/types.ts";
import { sql } from "../db/sql.ts";
import { texts } from "../../../../generated/texts.ts";
import { sha256Hex } from "./tokens.ts";
import { authoritiesOf } from "./authorities.ts";
import { communityScopeOf } from "./stored-scope.ts";
import type { SessionInfo } from "./session-store.ts";

/** What a token's answer starts with: tells a token from a session token at a glance, and in logs. */
export const API_TOKEN_PREFIX = "npt_";
/** Calls a token may make per minute on one server (API_TOKEN_RATE_LIMITED beyond). */
export const RATE_PER_MINUTE = 600;
/** The user type a token's session has, whoever made it (users.user_type: "0" is the main account). */
const ORDINARY_ACCOUNT = "1";
/** A token's last use is written when the stored one is older than this. */
const LAST_USE_EVERY_MS = 60_000;

/** The bearer token of the request's Authorization header, or null when it has none. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1] : "";
}

/** The name an operation log entry gives a call made with a token. */
export const apiTokenActor = (name: string): string => `${texts.apiTokens.actorPrefix}${name}`;

export interface ApiTokenSession extends SessionInfo {
  apiTokenId: number;
}

interface TokenRow {
  id: number;
  tenant_id: number;
  name: string;
  user_id: number;
  token_authorities: unknown;
  token_communities: unknown;
  user_type: string | null;
  role_authorities: unknown;
  user_communities: unknown;
  real_name: string | null;
  tenant_name: string;
  scene_name: string;
  used_long_ago: boolean;
}

const codesOf = (stored: unknown): string[] => (Array.isArray(stored) ? stored.filter((c): c is string => typeof c === "string") : []);

/** The session a live token stands for, or null (unknown, revoked, expired, its maker gone or disabled, or no community left). */
export async function findApiTokenSession(db: DbSession, token: string, ip: string): Promise<ApiTokenSession | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const hash = sha256Hex(token);
  const { rows } = await db.query<TokenRow>(sql`
    select k.id, k.tenant_id, k.name, k.user_id, k.authorities as token_authorities, k.community_ids as token_communities,
           u.user_type, c.authorities as role_authorities, u.community_ids as user_communities, u.real_name, t.name as tenant_name, t.scene_name,
           (k.last_used_at is null or k.last_used_at < now() - (${String(LAST_USE_EVERY_MS)} || ' milliseconds')::interval) as used_long_ago
      from api_tokens k
      join users u on u.tenant_id = k.tenant_id and u.id = k.user_id
      join tenants t on t.id = k.tenant_id
      left join characters c on c.tenant_id = u.tenant_id and c.id = u.role_id
     where k.token_hash = ${hash} and k.status = 1 and k.expires_at > now() and u.enabled is not false`);
  const row = rows[0];
  if (!row) return null;
  const held = new Set(authoritiesOf(row.user_type, row.role_authorities));
  const authorities = codesOf(row.token_authorities).filter((code) => held.has(code));
  const makerScope = communityScopeOf(row.user_type, row.user_communities);
  const asked = communityScopeOf(null, row.token_communities);
  const communityIds = asked === null ? makerScope : makerScope === null ? asked : asked.filter((id) => makerScope.includes(id));
  if (communityIds !== null && communityIds.length === 0) return null;
  if (row.used_long_ago) await db.query(sql`update api_tokens set last_used_at = now(), last_used_ip = ${ip.slice(0, 64)} where tenant_id = ${row.tenant_id} and id = ${row.id}`);
  return Object.freeze({
    apiTokenId: Number(row.id),
    tokenHash: hash,
    userId: Number(row.user_id),
    tenantId: Number(row.tenant_id),
    username: apiTokenActor(row.name),
    realName: null,
    userType: ORDINARY_ACCOUNT, // never the main account's powers: a token is its codes and communities, nothing more
    authorities: Object.freeze(authorities) as string[],
    communityIds: communityIds === null ? null : Object.freeze([...communityIds]),
    tenantName: row.tenant_name,
    sceneName: row.scene_name || texts.common.defaultScene,
    mustChangePassword: false,
  });
}

/** Calls per token in the current minute, on this server. */
const windows = new Map<number, { minute: number; calls: number }>();

/** Counts a call of the token; false when it is over RATE_PER_MINUTE this minute. */
export function withinRate(tokenId: number, now = Date.now()): boolean {
  const minute = Math.floor(now / 60_000);
  const window = windows.get(tokenId);
  if (!window || window.minute !== minute) {
    if (windows.size > 10_000) windows.clear(); // old minutes of many tokens: start again rather than grow
    windows.set(tokenId, { minute, calls: 1 });
    return true;
  }
  window.calls++;
  return window.calls <= RATE_PER_MINUTE;
}
