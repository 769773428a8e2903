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
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { readCommunityConfig, syncDadDate, writeCommunityConfig } from "./community-configs.ts";

export async function communityConfigsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getCommunityParamConfig, ({ session, community }) => readCommunityConfig(app.db, session, community, "param"));
  route(app, operations.getDadCommunityConfig, ({ session, community }) => readCommunityConfig(app.db, session, community, "dad"));
  route(app, operations.getXiChengHealthCodeConfig, ({ session, community }) => readCommunityConfig(app.db, session, community, "xiChengHealthCode"));
  route(app, operations.setCommunityParamConfig, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "param"));
  route(app, operations.setCommunityParamConfigById, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "param"));
  route(app, operations.setDadCommunityConfig, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "dad"));
  route(app, operations.setDadCommunityConfigById, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "dad"));
  route(app, operations.setXiChengHealthCodeConfig, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "xiChengHealthCode"));
  route(app, operations.setXiChengHealthCodeConfigById, ({ body, session, request, community }) => writeCommunityConfig(app.db, session, request.ip, community, body, "xiChengHealthCode"));
  route(app, operations.syncDadDate, async ({ session, community }) => syncDadDate(app.db, session, community));

  // POST .../actions/importCommunity (the Excel import of communities) is in src/server/excel/routes.ts.
}
