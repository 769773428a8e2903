// 菜单配置 (/system/menucustomization, HBL03021; spec §2 header: menu configuration, shown to the main
// account): the tenant's renamed, reordered and hidden menu entries (resource menuCustomizations,
// schemas/modules/system.yaml). The menu every user of the tenant gets (webMenuList) follows them:
// web-menu.ts applies applyMenuCustomization before filtering by the user's codes.
//   POST {system}/menuCustomizations/actions/save {items: [{menuKey, alias?, sortNo, hidden?}]}
//        replaces the tenant's whole customisation in one transaction; every item is checked with
//        the resource's rules and must name an entry of the menu (a group's index or a route path).
//        {items: []} restores the default menu. Main account only.
//   The generic endpoints of menuCustomizations read it (pageList); their writes are main-account only too.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { mainAccountOnly, saveMenuCustomization } from "./menu-customization.ts";

export async function menuCustomizationModule(app: FastifyInstance): Promise<void> {
  registerResourceHooks("menuCustomizations", {
    beforeWrite: async ({ session }) => mainAccountOnly(session),
    beforeDelete: async (_tx, session) => mainAccountOnly(session),
  });

  route(app, operations.saveMenuCustomization, async ({ body, session, request }) => saveMenuCustomization(app.db, session, request.ip, body));
}
