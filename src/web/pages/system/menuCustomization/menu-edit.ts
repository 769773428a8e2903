// The menu configuration page's state, as plain functions: the generated menu arranged by the
// tenant's saved items (order, names, hidden ones kept visible here so they can be shown again),
// moving an entry among its siblings, and the items to save. Keys follow the server
// (menu-customization.ts): a group by its index, an entry by its route path.
import type { MenuNode } from "../../../../../generated/model-types.ts";

export interface SavedItem {
  menuKey: string;
  alias?: string | null;
  sortNo: number;
  hidden?: boolean | null;
}

export interface EditableNode {
  key: string;
  defaultAlias: string;
  alias: string;
  hidden: boolean;
  children?: EditableNode[];
}

export const menuKeyOf = (node: MenuNode): string => node.path ?? node.index;

export function arrangeMenu(nodes: readonly MenuNode[], saved: readonly SavedItem[], fillScene: (text: string) => string = (t) => t): EditableNode[] {
  const byKey = new Map(saved.map((s) => [s.menuKey, s]));
  return nodes
    .map((node, position) => ({ node, position, item: byKey.get(menuKeyOf(node)) }))
    .sort((a, b) => (a.item?.sortNo ?? a.position) - (b.item?.sortNo ?? b.position) || a.position - b.position)
    .map(({ node, item }) => {
      const children = arrangeMenu(node.subMenus, saved, fillScene);
      return {
        key: menuKeyOf(node),
        defaultAlias: fillScene(node.alias),
        alias: item?.alias ?? "",
        hidden: !!item?.hidden,
        ...(children.length ? { children } : {}),
      };
    });
}

/** Moves the node one place up (-1) or down (+1) among its siblings. */
export function moveSibling(nodes: EditableNode[], key: string, step: -1 | 1): EditableNode[] {
  const i = nodes.findIndex((n) => n.key === key);
  if (i >= 0) {
    const j = i + step;
    if (j < 0 || j >= nodes.length) return nodes;
    const copy = [...nodes];
    [copy[i], copy[j]] = [copy[j], copy[i]];
    return copy;
  }
  return nodes.map((n) => (n.children ? { ...n, children: moveSibling(n.children, key, step) } : n));
}

/** Every node with its place among its siblings, its own name (if any) and whether it is hidden. */
export function itemsOf(nodes: readonly EditableNode[]): { menuKey: string; alias: string | null; sortNo: number; hidden: boolean }[] {
  return nodes.flatMap((n, sortNo) => [{ menuKey: n.key, alias: n.alias.trim() && n.alias.trim() !== n.defaultAlias ? n.alias.trim() : null, sortNo, hidden: n.hidden }, ...itemsOf(n.children ?? [])]);
}
