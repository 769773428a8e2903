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
import { moduleAvailable, workbenchModule, workbenchModules, type WorkbenchModuleDef } from "../../common/workbench-modules.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { apiError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import { deleteLayout, saveLayout, userLayout } from "./workbench-layout.ts";

const moduleInfo = (def: WorkbenchModuleDef, session: SessionInfo) => ({
  moduleId: def.moduleId,
  name: def.name,
  description: def.description,
  width: def.width,
  available: moduleAvailable(def, session.authorities),
});

export async function workbenchLayoutModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getWorkbenchLayout, async ({ session, community }) => userLayout(app.db, session, community.id));
  route(app, operations.saveWorkbenchLayout, async ({ body, session, community }) => saveLayout(app.db, session, community.id, body.layout));

  route(app, operations.deleteWorkbenchLayout, async ({ params, session }) => deleteLayout(app.db, session, params.layoutId));

  route(app, operations.listWorkbenchModules, async ({ session }) => workbenchModules.map((def) => moduleInfo(def, session)));

  route(app, operations.getWorkbenchModule, async ({ params, session }) => {
    const def = workbenchModule(params.moduleId);
    if (!def) throw apiError("NOT_FOUND");
    return moduleInfo(def, session);
  });
}
