// The user's menu (spec §3 webMenuList): the generated menu keeping only the route nodes whose code
// the user holds; a group left without entries is dropped. The scene placeholder of the aliases is
// filled with the tenant's scene name (spec §2), so every client shows the same text.
import type { MenuNode } from "../../../generated/model-types.ts";
import { menu } from "../../../generated/routes.ts";
import { fillScene } from "../../common/validate.ts";
import type { DbSession } from "../platform/db/types.ts";
import { applyMenuCustomization, loadMenuCustomization } from "./menu-customization.ts";

export function webMenuFor(codes: Iterable<string>, scene: string, nodes: readonly MenuNode[] = menu): MenuNode[] {
  const held = codes instanceof Set ? (codes as Set<string>) : new Set(codes);
  const out: MenuNode[] = [];
  for (const node of nodes) {
    const subMenus = webMenuFor(held, scene, node.subMenus);
    if (node.code !== undefined) {
      if (!held.has(node.code)) continue;
    } else if (subMenus.length === 0) continue; // a group with nothing left in it
    out.push({ ...node, alias: fillScene(node.alias, scene), subMenus });
  }
  return out;
}

// Menu configuration (spec §2 header; src/server/system/menu-customization.ts): the tenant's own
// names, order and hidden entries apply to the whole menu before it is filtered by the user's codes.
export async function tenantWebMenu(db: DbSession, tenantId: number, codes: Iterable<string>, scene: string): Promise<MenuNode[]> {
  return webMenuFor(codes, scene, applyMenuCustomization(menu, await loadMenuCustomization(db, tenantId)));
}
