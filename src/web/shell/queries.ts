// The community picker's reads as query options of the generated client (the shared cache): the area
// tree, the user's recent communities and an area's communities (area 1, 全部区域, is the key
// CommunitySelect reads too). The picker reads them while it is open; opening reads them again.
import { queryOptions } from "@tanstack/react-query";
import { queries } from "../http/query-client.ts";
import type { AreaNode, Community, Id } from "./picker-state.ts";
import { communitiesOf } from "./use-community-bootstrap.ts";

// The tree is recursive; the operation's schema describes one level (the client types the nesting).
const areaTreeList = queries.findAreaTreeList.queryOptions({ body: {} });
const asAreaTree = (tree: Awaited<ReturnType<typeof areaTreeList.queryFn>>) => tree as AreaNode[];

const recentList = queries.getRecentCommunityList.queryOptions();
const recentOf = (r: Awaited<ReturnType<typeof recentList.queryFn>>): Community[] => communitiesOf(r?.recentList);

const communitiesOfRows = (rows: Parameters<typeof communitiesOf>[0]): Community[] => communitiesOf(rows);

export const pickerQueries = {
  areaTree: () => queryOptions({ ...areaTreeList, select: asAreaTree }),
  recent: () => queryOptions({ ...recentList, select: recentOf }),
  communities: (areaId: Id) => queryOptions({ ...queries.listCommunities.queryOptions({ query: { areaId: Number(areaId) } }), select: communitiesOfRows }),
};
