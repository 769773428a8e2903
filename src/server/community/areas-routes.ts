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
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { idField, idsField } from "../platform/http/request-input.ts";
import { areaTree, checkDeletable, checkParent, type AreaWriteBody } from "./areas.ts";

export async function areasModule(app: FastifyInstance): Promise<void> {
  route(app, operations.findAreaTreeList, async ({ session }) => [await areaTree(app.db, session.tenantId)]);
}

// ---- rules of the generic area writes --------------------------------------------------------------

const AREA_BASE = "/api/system/areas";

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
