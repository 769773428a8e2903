// The statements behind the menu customisation (menu-customization-routes.ts): the tenant's stored
// entries, how they change the generated menu, and saving them.
import type { MenuNode } from "../../../generated/model-types.ts";
import { menu } from "../../../generated/routes.ts";
import { validateResource } from "../../common/validate.ts";
import { MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import type { SaveMenuCustomizationBody } from "../../../generated/operation-types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { sql } from "../platform/db/sql.ts";

export interface MenuCustomization {
  menuKey: string;
  alias: string | null;
  sortNo: number;
  hidden: boolean;
}

/** A group is keyed by its index (the module), an entry by its route path. */
export const menuKeyOf = (node: MenuNode): string => node.path ?? node.index;

/** Every key of the generated menu. */
export function menuKeys(nodes: readonly MenuNode[] = menu, out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    out.add(menuKeyOf(n));
    menuKeys(n.subMenus, out);
  }
  return out;
}

/** The menu with the tenant's names, order and hidden entries applied (siblings without a row keep their place). */
export function applyMenuCustomization(nodes: readonly MenuNode[], items: readonly MenuCustomization[]): MenuNode[] {
  if (!items.length) return [...nodes];
  const byKey = new Map(items.map((i) => [i.menuKey, i]));
  return nodes
    .map((node, position) => ({ node, position, item: byKey.get(menuKeyOf(node)) }))
    .filter(({ item }) => !item?.hidden)
    .sort((a, b) => (a.item?.sortNo ?? a.position) - (b.item?.sortNo ?? b.position) || a.position - b.position)
    .map(({ node, item }) => ({ ...node, alias: item?.alias || node.alias, subMenus: applyMenuCustomization(node.subMenus, items) }));
}

export async function loadMenuCustomization(db: DbSession, tenantId: number): Promise<MenuCustomization[]> {
  const rows = await camelRows<MenuCustomization>(
    db,
    sql`select menu_key, alias, sort_no, coalesce(hidden, false) as hidden
       from menu_customizations where tenant_id = ${tenantId} order by sort_no, id`,
  );
  return rows.map((r) => ({ ...r, sortNo: Number(r.sortNo) }));
}

/** Menu customisation is the main account's: anyone else is refused. */
export function mainAccountOnly(session: SessionInfo): void {
  if (session.userType !== MAIN_ACCOUNT) throw apiError("NO_PERMISSION");
}

/** Replaces the tenant's whole customisation (main account only), every item checked, with its operation log; answers the stored items. */
export async function saveMenuCustomization(db: Db, session: SessionInfo, ip: string, body: SaveMenuCustomizationBody): Promise<{ items: MenuCustomization[] }> {
  mainAccountOnly(session);
  const known = menuKeys();
  const seen = new Set<string>();
  const items: MenuCustomization[] = body.items.map((item, i) => {
    const values = { menuKey: item.menuKey, alias: item.alias === "" ? null : (item.alias ?? null), sortNo: item.sortNo ?? i, hidden: item.hidden === true };
    const errors = validateResource("menuCustomizations", "create", values, session.sceneName);
    if (errors.length) throw validationError(errors.map((e) => ({ ...e, field: `items.${i}.${e.field}` })));
    const key = String(values.menuKey);
    if (!known.has(key)) throw validationError([{ field: `items.${i}.menuKey`, message: fillMessage.menuItemUnknown({ key }) }]);
    if (seen.has(key)) throw validationError([{ field: `items.${i}.menuKey`, message: fillMessage.menuItemDuplicate({ key }) }]);
    seen.add(key);
    return { menuKey: key, alias: typeof values.alias === "string" ? values.alias.trim() || null : null, sortNo: Number(values.sortNo), hidden: values.hidden };
  });
  await db.transaction(async (tx) => {
    await tx.query(sql`delete from menu_customizations where tenant_id = ${session.tenantId}`);
    if (items.length) {
      await tx.query(
        sql`insert into menu_customizations (tenant_id, menu_key, alias, sort_no, hidden, created_by, updated_by)
         select ${session.tenantId}, x.menu_key, x.alias, x.sort_no, x.hidden, ${session.userId}, ${session.userId}
           from jsonb_to_recordset(${JSON.stringify(items.map((i) => ({ menu_key: i.menuKey, alias: i.alias, sort_no: i.sortNo, hidden: i.hidden })))}::jsonb) as x(menu_key text, alias text, sort_no int, hidden boolean)`,
      );
    }
    await writeOperationLog(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip,
      resource: "menuCustomizations",
      action: items.length ? "save" : "reset",
      operationCode: "HBL03021",
      detail: { items: items.length },
    });
  });
  return { items: await loadMenuCustomization(db, session.tenantId) };
}
