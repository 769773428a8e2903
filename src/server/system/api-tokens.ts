// 应用令牌 (docs/api.md): an administrator makes a token for a machine (createApiToken: answered once,
// kept as its SHA-256 only); 撤销 is the resource's generic state action (revokeApiToken). Its codes
// and communities are the maker's own or fewer (checked here, and on every call by
// platform/session/api-token-store.ts).
import { randomBytes } from "node:crypto";
import type { CreateApiTokenBody, CreateApiTokenData } from "../../../generated/operation-types.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { sha256Hex } from "../platform/session/tokens.ts";
import { API_TOKEN_PREFIX } from "../platform/session/api-token-store.ts";
import { holdsAll, withinScope } from "./grants.ts";

/** How many characters of a token the list shows (the prefix and 4 of its 43 random ones). */
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 4;
const ACTIVE = 1;

export async function createApiToken(tx: DbSession, session: SessionInfo, ip: string, body: CreateApiTokenBody): Promise<CreateApiTokenData> {
  const authorities = [...new Set(body.authorities)];
  const communityIds = body.communityIds?.length ? [...new Set(body.communityIds)] : null;
  const scope = communityIds ?? session.communityIds;
  if (!holdsAll(session, authorities) || !withinScope(session, scope)) throw apiError("API_TOKEN_GRANT_TOO_WIDE");
  if (communityIds) {
    const { rows } = await tx.query<{ n: number }>(sql`select count(*)::int as n from communities where tenant_id = ${session.tenantId} and id = any(${communityIds}::bigint[])`);
    if (rows[0].n !== communityIds.length) throw apiError("API_TOKEN_GRANT_TOO_WIDE");
  }
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const { rows } = await tx.query<{ id: number; expires_at: Date }>(sql`
    insert into api_tokens (tenant_id, name, token_prefix, user_id, authorities, community_ids, expires_at, status, token_hash, created_by, updated_by)
    values (${session.tenantId}, ${body.name}, ${token.slice(0, SHOWN_CHARACTERS)}, ${session.userId}, ${JSON.stringify(authorities)}::jsonb,
            ${JSON.stringify(communityIds ?? [])}::jsonb, now() + (${body.validDays} || ' days')::interval, ${ACTIVE}, ${sha256Hex(token)}, ${session.userId}, ${session.userId})
    returning id, expires_at`);
  const id = Number(rows[0].id);
  await writeOperationLog(tx, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip,
    resource: "apiTokens",
    action: "create",
    targetId: id,
    detail: { name: body.name, authorities, communityIds, validDays: body.validDays },
  });
  return { id, name: body.name, token, tokenPrefix: token.slice(0, SHOWN_CHARACTERS), expiresAt: new Date(rows[0].expires_at).toISOString() };
}
