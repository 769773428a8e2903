// Per-community configuration documents (spec §7 "Area and community administration"; the spec
// shows no field names, so a configuration is a flat JSON object the page owns):
//   GET  {system}/communities/{id}/actions/getCommunityParamConfig      -> {communityId, ...params}
//   POST {system}/communities[/{id}]/actions/setCommunityParamConfig     {communityId, ...params}
//   POST {system}/communities[/{id}]/actions/setDadCommunityConfig       {communityId, ...config}
//   GET  {system}/communities/{id}/actions/getDadCommunityConfig        -> {communityId, ...config}
//   GET  {system}/communities/{id}/actions/syncDadDate                  -> {communityId, lastSyncTime}
//   POST {system}/communities[/{id}]/actions/setXiChengHealthCodeConfig  {communityId, ...config}
//   GET  {system}/communities/{id}/actions/getXiChengHealthCodeConfig   (added: the page reads it back)
//   POST {system}/communities/actions/importCommunity                    see src/server/excel (Excel import task)
// A set merges the given keys into the stored document (a key set to null is removed) and answers
// the whole document. Stored in community_configs (core-migrations-after/0002), one row per
// community and kind, removed with the community. Reads: any signed-in user with an authority code
// (pages of several modules read the community's parameters); writes and the import: HBL01001.
// syncDadDate only records when it was asked (no outside platform is connected).
import type { FastifyInstance } from "fastify";
import { messages } from "../../../generated/errors.ts";
import { operations } from "../../../generated/operations.ts";
import { fillScene } from "../../common/validate.ts";
import { validationError } from "../http/envelope.ts";
import { sql } from "../db/sql.ts";
import { route } from "../http/operation.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { DbSession } from "../db/types.ts";
import { writeOperationLog } from "../db/operation-log.ts";
import { COMMUNITY_CODE } from "../auth/access.ts";
import type { CheckedCommunity } from "../http/operation-scope.ts";
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

export async function communityConfigsModule(app: FastifyInstance): Promise<void> {
  const read = async (session: SessionInfo, community: CheckedCommunity, kind: ConfigKind) => {
    return { ...(await readConfig(app.db, session.tenantId, community.id, kind)), communityId: community.id };
  };
  const write = async (session: SessionInfo, ip: string, checked: CheckedCommunity | null, body: SetCommunityParamConfigBody, kind: ConfigKind) => {
    const community = communityOfSet(session, checked);
    const changes = changesOf(body);
    const config = await app.db.transaction(async (tx) => {
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
  };

  route(app, operations.getCommunityParamConfig, ({ session, community }) => read(session, community, "param"));
  route(app, operations.getDadCommunityConfig, ({ session, community }) => read(session, community, "dad"));
  route(app, operations.getXiChengHealthCodeConfig, ({ session, community }) => read(session, community, "xiChengHealthCode"));
  route(app, operations.setCommunityParamConfig, ({ body, session, request, community }) => write(session, request.ip, community, body, "param"));
  route(app, operations.setCommunityParamConfigById, ({ body, session, request, community }) => write(session, request.ip, community, body, "param"));
  route(app, operations.setDadCommunityConfig, ({ body, session, request, community }) => write(session, request.ip, community, body, "dad"));
  route(app, operations.setDadCommunityConfigById, ({ body, session, request, community }) => write(session, request.ip, community, body, "dad"));
  route(app, operations.setXiChengHealthCodeConfig, ({ body, session, request, community }) => write(session, request.ip, community, body, "xiChengHealthCode"));
  route(app, operations.setXiChengHealthCodeConfigById, ({ body, session, request, community }) => write(session, request.ip, community, body, "xiChengHealthCode"));

  route(app, operations.syncDadDate, async ({ session, community }) => {
    const lastSyncTime = new Date().toISOString();
    await mergeConfig(app.db, session, community.id, "dad", { lastSyncTime });
    return { communityId: community.id, lastSyncTime };
  });

  // POST .../actions/importCommunity (the Excel import of communities) is in src/server/excel/routes.ts.
}
