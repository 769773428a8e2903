// The user's recently visited communities (spec §3, §7, §9; docs/api.md):
//   GET  {system}/recentCommunity/actions/getRecentCommunityList -> {recentList: [{communityId, communityName}]}
//        newest first, at most 5, communities deleted since are left out;
//   POST {system}/recentCommunity/actions/setRecentCommunityList {communityIds} -> {recentList}: the
//        list the client gives, newest first, replaces the stored one. Ids that are repeated or not
//        communities of the session's tenant are dropped (a malformed one is refused at the edge); of
//        the rest the first 5 (constants.recentCommunityMax) are kept.
// Both keep to the user's community scope: a community outside it is neither listed nor stored.
// Picker calls: any signed-in user with an authority code.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { recentCommunities, setRecentCommunities } from "./recent-communities.ts";

export async function recentCommunitiesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getRecentCommunityList, async ({ session }) => ({
    recentList: await recentCommunities(app.db, session),
  }));

  // The schema takes at most 100 ids (a guard against huge bodies; the stored list is 5).
  route(app, operations.setRecentCommunityList, async ({ body, session }) => setRecentCommunities(app.db, session, body.communityIds));
}
