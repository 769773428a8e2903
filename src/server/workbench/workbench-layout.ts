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
import { defaultLayout, moduleAvailable, normalizeLayout, workbenchModule, workbenchModules, type LayoutItem, type WorkbenchModuleDef } from "../../common/workbench-modules.ts";
import { sessionOf } from "../auth/guard.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { apiError, ok } from "../http/envelope.ts";
import { ownCommunity } from "../auth/access.ts";
import { bodyOf, pathId, queryOf, requiredId } from "../http/request-input.ts";

export const WORKBENCH_CODE = "HBL0001";

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
  const config = { authority: WORKBENCH_CODE };

  app.get("/api/management/layout", { config }, async (request) => {
    const session = sessionOf(request);
    const community = await ownCommunity(app.db, session, requiredId(queryOf(request).communityId));
    const { rows } = await app.db.query<{ id: number; layout: unknown }>(
      "select id, layout from workbench_layouts where tenant_id = $1 and community_id = $2 and user_id = $3",
      [session.tenantId, community.id, session.userId],
    );
    if (!rows[0]) return ok({ layoutId: null, communityId: community.id, layout: defaultLayout(session.authorities), isDefault: true });
    return ok({ layoutId: Number(rows[0].id), communityId: community.id, layout: usable(normalizeLayout(rows[0].layout), session), isDefault: false });
  });

  app.post("/api/management/layout", { config }, async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const community = await ownCommunity(app.db, session, requiredId(body.communityId));
    if (!Array.isArray(body.layout)) throw apiError("BAD_REQUEST");
    const layout = usable(normalizeLayout(body.layout), session);
    const { rows } = await app.db.query<{ id: number }>(
      `insert into workbench_layouts (tenant_id, community_id, user_id, layout, created_by, updated_by)
       values ($1, $2, $3, $4::jsonb, $3, $3)
       on conflict (tenant_id, community_id, user_id)
       do update set layout = excluded.layout, version = workbench_layouts.version + 1, updated_at = now(), updated_by = excluded.updated_by
       returning id`,
      [session.tenantId, community.id, session.userId, JSON.stringify(layout)],
    );
    return ok({ layoutId: Number(rows[0].id), communityId: community.id, layout, isDefault: false });
  });

  app.delete("/api/management/layout/:layoutId", { config }, async (request) => {
    const session = sessionOf(request);
    const layoutId = pathId(request, "layoutId");
    const { rows } = await app.db.query("delete from workbench_layouts where tenant_id = $1 and id = $2 and user_id = $3 returning id", [
      session.tenantId,
      layoutId,
      session.userId,
    ]);
    if (!rows.length) throw apiError("NOT_FOUND");
    return ok({ layoutId });
  });

  app.get("/api/management/item", { config }, async (request) => {
    const session = sessionOf(request);
    return ok(workbenchModules.map((def) => moduleInfo(def, session)));
  });

  app.get("/api/management/item/:moduleId", { config }, async (request) => {
    const def = workbenchModule(String((request.params as { moduleId?: string }).moduleId ?? ""));
    if (!def) throw apiError("NOT_FOUND");
    return ok(moduleInfo(def, sessionOf(request)));
  });
}
