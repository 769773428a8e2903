// Communities for the picker and trees (docs/api.md):
//   GET  {system}/communities (areaId, keyword?) -> [{communityId, communityName, id, name, areaId,
//        administrativeCode}] of the area and all its sub-areas; areaId 1 (全部区域) or absent = all the
//        tenant's communities; an area of another tenant simply has none. keyword filters by name.
//   POST {system}/communities/actions/findCommunityTree {} -> [{id, name, type: "area" | "community",
//        children}]: the area tree with each area's communities after its sub-areas; a community whose
//        area is missing is listed at the top.
// Both are picker reads: any signed-in user with an authority code. A user limited to some
// communities gets only those (and, in the tree, only the areas that lead to one).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { communityTree, listCommunities } from "./communities.ts";

export async function communitiesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.listCommunities, async ({ query, session }) => listCommunities(app.db, session, query));
  route(app, operations.findCommunityTree, async ({ session }) => communityTree(app.db, session));
}
