// Areas (spec §7 "Area and community administration", docs/api.md):
//   POST {system}/areas/actions/findAreaTreeList {} -> [{id: 1, name: 全部区域, parentId: null, type: 0,
//        subAreas}] — id 1 is the virtual root (all areas, the spec's fallback area 1); under it the
//        tenant's areas, each {id, name, parentId, type, sortNo, subAreas}; parentId of a top-level area
//        is 1 and type is the depth (1 for top level), whatever the stored column says.
//   POST / PUT / DELETE {system}/areas[/{id}] are the generic CRUD endpoints (same validation,
//        HBL01001, operation log); areaWriteRules adds what is particular to areas before they run:
//        parentId 1 (the virtual root) means "no parent"; the parent must be an area of the tenant and
//        neither the area itself nor one of its sub-areas; an area with sub-areas or communities is
//        not deleted (409 with a message saying why).
// The tree is for every signed-in user with an authority code (the community picker needs it).
import type { FastifyInstance } from "fastify";
import { constants } from "../../../generated/constants.ts";
import { fillScene } from "../../common/validate.ts";
import { messages } from "../../../generated/errors.ts";
import { operations } from "../../../generated/operations.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { DbSession } from "../db/types.ts";
import { sql } from "../db/sql.ts";
import { idField, idsField } from "../http/request-input.ts";
import type { JsonValue } from "../db/row.ts";

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

export async function areasModule(app: FastifyInstance): Promise<void> {
  route(app, operations.findAreaTreeList, async ({ session }) => [await areaTree(app.db, session.tenantId)]);
}

// ---- rules of the generic area writes --------------------------------------------------------------

const AREA_BASE = "/api/system/areas";

/** What the rules read of a generic area write's body (as the client sent it: the generic validation comes after). */
interface AreaWriteBody {
  parentId?: JsonValue;
  ids?: JsonValue;
  [field: string]: JsonValue | undefined;
}

async function checkParent(db: DbSession, session: SessionInfo, body: AreaWriteBody, selfId: number | null): Promise<void> {
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

async function checkDeletable(db: DbSession, session: SessionInfo, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const children = await db.query(sql`select 1 from areas where tenant_id = ${session.tenantId} and parent_id = any(${ids}::bigint[]) and not (id = any(${ids}::bigint[])) limit 1`);
  if (children.rows.length) throw apiError("REFERENCED", { message: messages.areaHasSubAreas });
  const communities = await db.query(sql`select 1 from communities where tenant_id = ${session.tenantId} and area_id = any(${ids}::bigint[]) limit 1`);
  if (communities.rows.length) throw apiError("REFERENCED", { message: fillScene(messages.areaHasCommunities, session.sceneName) });
}

function idsOfBatch(body: AreaWriteBody | null): number[] {
  return idsField(body?.ids)?.ids ?? [];
}

/** The value itself when it is a plain object (a JSON object body, the path parameters), else null; checkParent edits the body in place. */
function plainObject(value: unknown): AreaWriteBody | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as AreaWriteBody) : null;
}

/**
 * A hook over the generic area endpoints (registered at the root, so it sees routes the CRUD plugin
 * declared); it runs after the guard (session and HBL01001 checked) and before the generic handler.
 */
export async function areaWriteRules(app: FastifyInstance): Promise<void> {
  app.addHook("preHandler", async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(AREA_BASE) || !request.session) return;
    const session = request.session;
    const body = plainObject(request.body);
    if (url === AREA_BASE && request.method === "POST" && body) await checkParent(app.db, session, body, null);
    else if (url === `${AREA_BASE}/:id` && request.method === "PUT" && body) {
      await checkParent(app.db, session, body, idField(request.params as { id?: string }, "id"));
    } else if (url === `${AREA_BASE}/:id` && request.method === "DELETE") {
      const id = idField(request.params as { id?: string }, "id");
      if (id !== null) await checkDeletable(app.db, session, [id]);
    } else if (url === `${AREA_BASE}/actions/batchDelete` && request.method === "DELETE") {
      await checkDeletable(app.db, session, idsOfBatch(body));
    }
  });
}
// Not encapsulated: the hook must reach the generic routes registered by another plugin.
(areaWriteRules as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;
