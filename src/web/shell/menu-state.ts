// Left menu logic (spec §2 Layout, §9): two or three levels from the user's webMenuList, 240 px wide
// (60 px collapsed), auto-collapsing under a 1280 px window; the active item comes from the second
// segment of the hash path; items open /{menuIndex}/{subIndex}; some open an external window.
import { constants } from "../../../generated/constants.ts";
import type { MenuNode } from "../../../generated/model-types.ts";
import { fillScene } from "./title-state.ts";

export interface MenuEntry {
  key: string;
  label: string;
  icon?: string;
  node: MenuNode;
  /** The first-level index this entry belongs to. */
  rootIndex: string;
  children: MenuEntry[];
  /** Depth: 1, 2 or 3. */
  level: number;
}

/** The path a menu item opens: its own path, else /{menuIndex}/{subIndex}. */
export function menuItemPath(node: MenuNode, ancestors: readonly MenuNode[]): string {
  if (node.path) return node.path;
  return "/" + [...ancestors, node].map((n) => n.index).join("/");
}

/** Builds the menu tree (at most three levels deep) with the scene name filled in. */
export function buildMenu(webMenuList: readonly MenuNode[], sceneName?: string | null, maxLevel = 3): MenuEntry[] {
  const build = (node: MenuNode, ancestors: MenuNode[], level: number): MenuEntry => {
    const children = level < maxLevel ? (node.subMenus ?? []).map((c) => build(c, [...ancestors, node], level + 1)) : [];
    return {
      key: level === 1 && !node.path ? `/${node.index}` : menuItemPath(node, ancestors),
      label: fillScene(node.alias, sceneName),
      ...(node.icon ? { icon: node.icon } : {}),
      node,
      rootIndex: (ancestors[0] ?? node).index,
      children,
      level,
    };
  };
  return webMenuList.map((n) => build(n, [], 1));
}

function* walk(entries: readonly MenuEntry[], parents: MenuEntry[] = []): Generator<[MenuEntry, MenuEntry[]]> {
  for (const e of entries) {
    yield [e, parents];
    yield* walk(e.children, [...parents, e]);
  }
}

export function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const [e] of walk(entries)) if (e.key === key) return e;
  return undefined;
}

export interface ActiveMenu {
  selectedKey: string | null;
  openKeys: string[];
}

const segmentsOf = (path: string): string[] => path.split("?")[0].split("/").filter(Boolean);

/**
 * spec §2: the active item comes from the second segment of the URL hash. A leaf whose path is the
 * current path wins; otherwise the leaf under the same first segment whose second segment matches
 * (so /community/community/edit/3 keeps 社区信息 active).
 */
export function activeMenu(entries: readonly MenuEntry[], hashPath: string): ActiveMenu {
  const path = hashPath.replace(/^#/, "").split("?")[0];
  const [first, second] = segmentsOf(path);
  let bySegment: [MenuEntry, MenuEntry[]] | undefined;
  for (const [entry, parents] of walk(entries)) {
    if (entry.children.length > 0) continue;
    if (entry.key === path) return { selectedKey: entry.key, openKeys: parents.map((p) => p.key) };
    const [f, s] = segmentsOf(entry.key);
    if (!bySegment && second !== undefined && f === first && s === second) bySegment = [entry, parents];
  }
  if (bySegment) return { selectedKey: bySegment[0].key, openKeys: bySegment[1].map((p) => p.key) };
  return { selectedKey: null, openKeys: [] };
}

/** spec §9: the menu collapses when the window is narrower than 1280 px. */
export const collapsedForWidth = (width: number): boolean => width < constants.menuCollapseBreakpoint;

/**
 * Collapse state after a resize: crossing the breakpoint collapses or expands the menu; resizing
 * without crossing it keeps what the user chose with the collapse button.
 */
export function collapsedAfterResize(previousWidth: number, width: number, collapsed: boolean): boolean {
  const was = collapsedForWidth(previousWidth);
  const now = collapsedForWidth(width);
  return was === now ? collapsed : now;
}

export const menuWidthFor = (collapsed: boolean): number => (collapsed ? constants.menuCollapsedWidth : constants.menuWidth);

export type ExternalKind = "aiInspect" | "nucleinCompartment" | "fireCharge" | "systemApp";
const externalKinds: readonly string[] = ["aiInspect", "nucleinCompartment", "fireCharge", "systemApp"];

export type MenuAction =
  | { kind: "navigate"; path: string }
  /** Opens a new window at url (an in-app page is given as its hash path). */
  | { kind: "window"; url: string; hashPath?: string }
  /** Fire-charge page without a configured address: the address comes from {vehicle}/charge/actions/getWebUrl. */
  | { kind: "chargeUrl" }
  /** System-menu app: fetch a ticket of this type and open applicationUrl with ticket and communityId. */
  | { kind: "ticket"; ticketType: string; applicationUrl: string };

/** What clicking a menu item does (spec §2: some items open external windows). */
export function menuAction(entry: MenuEntry): MenuAction {
  const { node } = entry;
  const kind = node.systemMenu && externalKinds.includes(node.systemMenu) ? (node.systemMenu as ExternalKind) : null;
  if (!kind) return { kind: "navigate", path: entry.key };
  if (kind === "systemApp") return { kind: "ticket", ticketType: node.code ?? node.index, applicationUrl: node.applicationUrl ?? "" };
  if (node.applicationUrl) return { kind: "window", url: node.applicationUrl };
  if (kind === "fireCharge") return { kind: "chargeUrl" };
  return { kind: "window", url: "", hashPath: entry.key };
}

/** applicationUrl with the ticket and the current community appended to its query. */
export function ticketUrl(applicationUrl: string, ticket: string, communityId: string | number | null): string {
  const params = new URLSearchParams({ ticket });
  if (communityId != null && communityId !== "") params.set("communityId", String(communityId));
  const [base, hash] = applicationUrl.split("#", 2);
  const joined = base + (base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?") + params.toString();
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export interface MenuThemeConfig {
  menuBackGroundColor?: string;
  menuTextColor?: string;
  menuTextHighColor?: string;
  menuTextHighSelBgColor?: string;
  chooseHoverColor?: string;
  placeholderColor?: string;
}

/** antd Menu tokens (dark theme) from the SSO configuration's theme colours; unset colours keep antd's. */
export function menuThemeTokens(config: MenuThemeConfig | null | undefined): Record<string, string> {
  const c = config ?? {};
  const tokens: Record<string, string | undefined> = {
    darkItemBg: c.menuBackGroundColor,
    darkSubMenuItemBg: c.menuBackGroundColor,
    darkPopupBg: c.menuBackGroundColor,
    darkItemColor: c.menuTextColor,
    darkItemSelectedColor: c.menuTextHighColor,
    darkItemSelectedBg: c.menuTextHighSelBgColor,
    darkItemHoverBg: c.chooseHoverColor,
    darkItemHoverColor: c.menuTextHighColor,
    darkGroupTitleColor: c.placeholderColor,
  };
  return Object.fromEntries(Object.entries(tokens).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
}
