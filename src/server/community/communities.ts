// The statements behind the community picker's operations (communities-routes.ts): the communities
// of an area and the area tree with its communities, in the session's community scope.
import { inScope } from "../platform/session/community-scope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { ListCommunitiesQuery } from "../../../generated/operation-types.ts";
import { allOf, anyOf, ilikeContains, sql } from "../platform/db/sql.ts";
import { AREA_ROOT_ID, areaTree, areaWithDescendants, type AreaNode } from "./areas.ts";
import { textOf } from "../platform/http/request-input.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

interface CommunityRow {
  id: number;
  name: string;
  areaId: number;
  administrativeCode: string | null;
}

export interface CommunityTreeNode {
  id: number;
  name: string;
  type: "area" | "community";
  children: CommunityTreeNode[];
}

/** The communities of an area and its sub-areas (all the tenant's for the root or none), in the session's scope, by name keyword. */
export async function listCommunities(db: DbSession, session: SessionInfo, query: ListCommunitiesQuery) {
  const areaId = query.areaId ?? null;
  const keyword = textOf(query.keyword ?? query.communityName ?? query.name, 32);
  const conditions = [sql`c.tenant_id = ${session.tenantId}`, inScope(session, sql`c.id`)];
  if (areaId !== null && areaId !== AREA_ROOT_ID) {
    const areas = await areaWithDescendants(db, session.tenantId, areaId);
    if (!areas.length) return [];
    conditions.push(anyOf(sql`c.area_id`, areas));
  }
  if (keyword) conditions.push(ilikeContains(sql`c.name`, keyword));
  const rows = await camelRows<CommunityRow>(db, sql`select c.id, c.name, c.area_id, c.administrative_code from communities c where ${allOf(conditions)} order by c.id`);
  return rows.map((c) => ({ communityId: c.id, communityName: c.name, id: c.id, name: c.name, areaId: c.areaId, administrativeCode: c.administrativeCode }));
}

/** The area tree with each area's communities after its sub-areas, in the session's scope. */
export async function communityTree(db: DbSession, session: SessionInfo): Promise<CommunityTreeNode[]> {
  const root = await areaTree(db, session.tenantId);
  const rows = await camelRows<{ id: number; name: string; areaId: number }>(
    db,
    sql`select id, name, area_id from communities where tenant_id = ${session.tenantId} and ${inScope(session, sql`id`)} order by id`,
  );
  const byArea = new Map<number, CommunityTreeNode[]>();
  for (const c of rows) {
    const list = byArea.get(c.areaId) ?? [];
    list.push({ id: c.id, name: c.name, type: "community", children: [] });
    byArea.set(c.areaId, list);
  }
  const placed = new Set<number>();
  const convert = (area: AreaNode): CommunityTreeNode => {
    const communities = byArea.get(area.id) ?? [];
    placed.add(area.id);
    return { id: area.id, name: area.name, type: "area", children: [...area.subAreas.map(convert), ...communities] };
  };
  // A limited user sees no area that holds none of its communities.
  const prune = (nodes: CommunityTreeNode[]): CommunityTreeNode[] => nodes.flatMap((n) => (n.type === "community" ? [n] : ((n.children = prune(n.children)), n.children.length ? [n] : [])));
  const all = root.subAreas.map(convert);
  const tree = session.communityIds === null ? all : prune(all);
  for (const [areaId, communities] of byArea) if (!placed.has(areaId)) tree.push(...communities);
  return tree;
}
