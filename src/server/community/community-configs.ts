// The statements behind the per-community configuration operations (community-configs-routes.ts): a
// configuration document read, merged (with its operation log) and the DAD sync time recorded.
import { messages } from "../../../generated/errors.ts";
import { fillScene } from "../../common/validate.ts";
import { validationError } from "../platform/http/envelope.ts";
import { sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { COMMUNITY_CODE } from "../auth/access.ts";
import type { CheckedCommunity } from "../platform/http/operation-scope.ts";
import type { GetCommunityParamConfigData, SetCommunityParamConfigBody } from "../../../generated/operation-types.ts";

export type ConfigKind = "param" | "dad" | "xiChengHealthCode";

const MAX_CONFIG_BYTES = 16 * 1024;
const RESERVED = new Set(["communityId", "id", "tenantId"]);

/** A stored configuration: the page's own keys and their JSON values. */
type ConfigDocument = Omit<GetCommunityParamConfigData, "communityId">;

export async function readConfig(db: DbSession, tenantId: number, communityId: number, kind: ConfigKind): Promise<ConfigDocument> {
  const { rows } = await db.query<{ config: ConfigDocument }>(sql`select config from community_configs where tenant_id = ${tenantId} and community_id = ${communityId} and kind = ${kind}`);
  return rows[0]?.config ?? {};
}

async function mergeConfig(db: DbSession, session: SessionInfo, communityId: number, kind: ConfigKind, changes: ConfigDocument): Promise<ConfigDocument> {
  const config = JSON.stringify(changes);
  const { rows } = await db.query<{ config: ConfigDocument }>(
    sql`insert into community_configs (tenant_id, community_id, kind, config, updated_by)
     values (${session.tenantId}, ${communityId}, ${kind}, jsonb_strip_nulls(${config}::jsonb), ${session.userId})
     on conflict (tenant_id, community_id, kind) do update
       set config = jsonb_strip_nulls(community_configs.config || ${config}::jsonb), updated_at = now(), updated_by = ${session.userId}
     returning config`,
  );
  return rows[0].config;
}

/** The configuration keys of a body (everything but the ids), checked for size and key names. */
function changesOf(body: SetCommunityParamConfigBody): ConfigDocument {
  const changes: ConfigDocument = {};
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key) || value === undefined) continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(key)) throw validationError([{ field: key.slice(0, 64), message: messages.configKeyInvalid }]);
    changes[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(changes)) > MAX_CONFIG_BYTES) throw validationError([{ field: "", message: messages.configTooLong }]);
  return changes;
}

/** The community of a set call (the path id, else the body's communityId, checked at the edge); none: 400. */
function communityOfSet(session: SessionInfo, community: CheckedCommunity | null): CheckedCommunity {
  if (!community) throw validationError([{ field: "communityId", message: fillScene(messages.communityRequired, session.sceneName) }]);
  return community;
}

export async function readCommunityConfig(db: DbSession, session: SessionInfo, community: CheckedCommunity, kind: ConfigKind) {
  return { ...(await readConfig(db, session.tenantId, community.id, kind)), communityId: community.id };
}

export async function writeCommunityConfig(db: Db, session: SessionInfo, ip: string, checked: CheckedCommunity | null, body: SetCommunityParamConfigBody, kind: ConfigKind) {
  const community = communityOfSet(session, checked);
  const changes = changesOf(body);
  const config = await db.transaction(async (tx) => {
    const merged = await mergeConfig(tx, session, community.id, kind, changes);
    await writeOperationLog(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip,
      resource: "communityConfigs",
      action: `set:${kind}`,
      operationCode: COMMUNITY_CODE,
      targetId: community.id,
      detail: { changes },
    });
    return merged;
  });
  return { ...config, communityId: community.id };
}

export async function syncDadDate(db: DbSession, session: SessionInfo, community: CheckedCommunity) {
  const lastSyncTime = new Date().toISOString();
  await mergeConfig(db, session, community.id, "dad", { lastSyncTime });
  return { communityId: community.id, lastSyncTime };
}
