// The workbench's layout and modules (spec §3 workbench layout: layoutId, module item: moduleId;
// §7 {management}/item/{moduleId}, {management}/layout), over the workbenchLayouts resource: one saved
// layout per user and community. HBL0001 (the workbench).
//   GET    {management}/layout (communityId)   -> {layoutId, communityId, layout: [{moduleId, w}], isDefault}
//          the user's saved layout, or the default one (every module the user may place; layoutId null)
//   POST   {management}/layout {communityId, layout} -> the same, saved (replaces the user's layout there)
//   DELETE {management}/layout/{layoutId}      -> {layoutId}; only the user's own (else 404): back to default
//   GET    {management}/item/{moduleId}        -> {moduleId, name, description, width, available}
//   GET    {management}/item                   -> every module (what the "add module" dialog offers)
// Modules the user may not place (src/common/workbench-modules.ts) are dropped when saving and reading.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { defaultLayout, moduleAvailable, normalizeLayout, workbenchModule, workbenchModules, type LayoutItem, type WorkbenchModuleDef } from "../../common/workbench-modules.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { ownCommunity } from "../auth/access.ts";
import { sql } from "../db/sql.ts";

const moduleInfo = (def: WorkbenchModuleDef, session: SessionInfo) => ({
  moduleId: def.moduleId,
  name: def.name,
  description: def.description,
  width: def.width,
  available: moduleAvailable(def, session.authorities),
});

function usable(layout: LayoutItem[], session: SessionInfo): LayoutItem[] {
  return layout.filter((item) => {
    const def = workbenchModule(item.moduleId);
    return def !== undefined && moduleAvailable(def, session.authorities);
  });
}

export async function workbenchLayoutModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getWorkbenchLayout, async ({ query, session }) => {
    const community = await ownCommunity(app.db, session, query.communityId);
    const { rows } = await app.db.query<{ id: number; layout: unknown }>(
      sql`select id, layout from workbench_layouts where tenant_id = ${session.tenantId} and community_id = ${community.id} and user_id = ${session.userId}`,
    );
    if (!rows[0]) return { layoutId: null, communityId: community.id, layout: defaultLayout(session.authorities), isDefault: true };
    return { layoutId: Number(rows[0].id), communityId: community.id, layout: usable(normalizeLayout(rows[0].layout), session), isDefault: false };
  });

  route(app, operations.saveWorkbenchLayout, async ({ body, session }) => {
    const community = await ownCommunity(app.db, session, body.communityId);
    const layout = usable(normalizeLayout(body.layout), session);
    const { rows } = await app.db.query<{ id: number }>(
      sql`insert into workbench_layouts (tenant_id, community_id, user_id, layout, created_by, updated_by)
       values (${session.tenantId}, ${community.id}, ${session.userId}, ${JSON.stringify(layout)}::jsonb, ${session.userId}, ${session.userId})
       on conflict (tenant_id, community_id, user_id)
       do update set layout = excluded.layout, version = workbench_layouts.version + 1, updated_at = now(), updated_by = excluded.updated_by
       returning id`,
    );
    return { layoutId: Number(rows[0].id), communityId: community.id, layout, isDefault: false };
  });

  route(app, operations.deleteWorkbenchLayout, async ({ params, session }) => {
    const { layoutId } = params;
    const { rows } = await app.db.query(sql`delete from workbench_layouts where tenant_id = ${session.tenantId} and id = ${layoutId} and user_id = ${session.userId} returning id`);
    if (!rows.length) throw apiError("NOT_FOUND");
    return { layoutId };
  });

  route(app, operations.listWorkbenchModules, async ({ session }) => workbenchModules.map((def) => moduleInfo(def, session)));

  route(app, operations.getWorkbenchModule, async ({ params, session }) => {
    const def = workbenchModule(params.moduleId);
    if (!def) throw apiError("NOT_FOUND");
    return moduleInfo(def, session);
  });
}
