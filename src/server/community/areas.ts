// The statements behind the area operations (areas-routes.ts): the tenant's area tree and the checks
// the generic area writes get (a parent that exists and is no sub-area, no deleting an area in use).
import { constants } from "../../../generated/constants.ts";
import { fillScene } from "../../common/validate.ts";
import { messages } from "../../../generated/errors.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { idField } from "../platform/http/request-input.ts";
import type { JsonValue } from "../platform/db/row.ts";

export const AREA_ROOT_ID = constants.fallbackAreaId;

export interface AreaNode {
  id: number;
  name: string;
  parentId: number | null;
  type: number;
  sortNo?: number | null;
  subAreas: AreaNode[];
}

interface AreaRow {
  id: number;
  name: string;
  parent_id: number | null;
  sort_no: number | null;
}

/** The tenant's areas as a tree under the virtual root; an area whose parent is missing hangs off the root. */
export async function areaTree(db: DbSession, tenantId: number): Promise<AreaNode> {
  const { rows } = await db.query<AreaRow>(sql`select id, name, parent_id, sort_no from areas where tenant_id = ${tenantId} order by sort_no nulls last, id`);
  const root: AreaNode = { id: AREA_ROOT_ID, name: constants.areaTreeRootName, parentId: null, type: 0, subAreas: [] };
  const nodes = new Map<number, AreaNode>(rows.map((r) => [r.id, { id: r.id, name: r.name, parentId: r.parent_id, type: 0, sortNo: r.sort_no, subAreas: [] }]));
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id !== null && r.parent_id !== r.id ? nodes.get(r.parent_id) : undefined;
    if (parent) parent.subAreas.push(node);
    else {
      node.parentId = AREA_ROOT_ID;
      root.subAreas.push(node);
    }
  }
  // Depth from the root (a stored cycle cannot be reached from it, so it cannot loop here).
  const setDepth = (node: AreaNode, depth: number) => {
    node.type = depth;
    for (const child of node.subAreas) setDepth(child, depth + 1);
  };
  setDepth(root, 0);
  return root;
}

/** The area and all its sub-areas (ids), within the tenant. */
export async function areaWithDescendants(db: DbSession, tenantId: number, areaId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    sql`with recursive sub(id) as (
       select id from areas where tenant_id = ${tenantId} and id = ${areaId}
       union
       select a.id from areas a join sub on a.parent_id = sub.id where a.tenant_id = ${tenantId}
     ) select id from sub`,
  );
  return rows.map((r) => r.id);
}

// ---- rules of the generic area writes --------------------------------------------------------------

/** What the rules read of a generic area write's body (as the client sent it: the generic validation comes after). */
export interface AreaWriteBody {
  parentId?: JsonValue;
  ids?: JsonValue;
  [field: string]: JsonValue | undefined;
}

export async function checkParent(db: DbSession, session: SessionInfo, body: AreaWriteBody, selfId: number | null): Promise<void> {
  if (body.parentId === undefined || body.parentId === null || body.parentId === "") return;
  const parentId = idField(body, "parentId");
  if (parentId === null) return; // the generic validation answers a malformed value
  if (parentId === AREA_ROOT_ID) {
    body.parentId = null; // under 全部区域 = top level
    return;
  }
  const exists = await db.query(sql`select 1 from areas where tenant_id = ${session.tenantId} and id = ${parentId}`);
  if (!exists.rows.length) throw validationError([{ field: "parentId", message: messages.areaParentMissing }]);
  if (selfId !== null && (await areaWithDescendants(db, session.tenantId, selfId)).includes(parentId)) {
    throw validationError([{ field: "parentId", message: messages.areaParentInvalid }]);
  }
}

export async function checkDeletable(db: DbSession, session: SessionInfo, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const children = await db.query(sql`select 1 from areas where tenant_id = ${session.tenantId} and parent_id = any(${ids}::bigint[]) and not (id = any(${ids}::bigint[])) limit 1`);
  if (children.rows.length) throw apiError("REFERENCED", { message: messages.areaHasSubAreas });
  const communities = await db.query(sql`select 1 from communities where tenant_id = ${session.tenantId} and area_id = any(${ids}::bigint[]) limit 1`);
  if (communities.rows.length) throw apiError("REFERENCED", { message: fillScene(messages.areaHasCommunities, session.sceneName) });
}
