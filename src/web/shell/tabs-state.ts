// Page tabs as pure functions over {tabs, activePath} (spec §2 Layout, §4, §6):
// every opened page becomes a tab (one per route path; reopening updates its full path), the close
// icon shows only with more than one tab, clear-all shows with two or more and keeps the active one,
// closing the active tab activates its right neighbour (else the left one), pages flagged hideTabs
// get none, and saved tabs are filtered to the codes in the user's authority list. A tab opens when
// the navigation happens (openTabForLocation: from the route table's title and code), whether or not
// the page has rendered yet.
import { constants } from "../../../generated/constants.ts";
import type { RouteDef } from "../../../generated/model-types.ts";
import { findRoute } from "./route-match.ts";
import { fillScene } from "./title-state.ts";

export interface Tab {
  /** Route name. */
  index: string;
  title: string;
  /** Route path: the tab's identity. */
  path: string;
  /** Path with the concrete sub-path and query last used, reopened when the tab is clicked. */
  fullPath: string;
  code?: string;
  isTenantMenu: boolean;
}

export interface TabsState {
  tabs: Tab[];
  activePath: string | null;
}

export const emptyTabs: TabsState = { tabs: [], activePath: null };

export function tabForRoute(route: RouteDef, fullPath: string, sceneName?: string | null): Tab | null {
  if (route.hideTabs || route.outsideFrame) return null;
  const code = route.code ?? route.authority;
  return {
    index: route.name,
    title: fillScene(route.title, sceneName),
    path: route.path,
    fullPath,
    ...(code ? { code } : {}),
    isTenantMenu: route.tenantMenu,
  };
}

/** Opening a page: add its tab (or refresh the existing one) and make it active; a page without a tab leaves none active. */
export function openTab(state: TabsState, tab: Tab | null): TabsState {
  if (!tab) return state.activePath === null ? state : { ...state, activePath: null };
  const at = state.tabs.findIndex((t) => t.path === tab.path);
  if (at === -1) return { tabs: [...state.tabs, tab], activePath: tab.path };
  const open = state.tabs[at];
  if (state.activePath === tab.path && open.fullPath === tab.fullPath && open.title === tab.title) return state;
  const tabs = state.tabs.slice();
  tabs[at] = { ...tabs[at], fullPath: tab.fullPath, title: tab.title };
  return { tabs, activePath: tab.path };
}

/** What a navigation needs to know to open its tab. */
export interface TabNavigationContext {
  routes: readonly RouteDef[];
  sceneName?: string | null;
  /** False when the navigation guards refuse the path (they redirect instead): no tab then. */
  allowed: (path: string) => boolean;
}

/** A navigation to a location: the tab of its route (from the route table) is opened and made active. */
export function openTabForLocation(state: TabsState, location: { pathname: string; search?: string }, context: TabNavigationContext): TabsState {
  if (!context.allowed(location.pathname)) return state;
  const route = findRoute(location.pathname, context.routes);
  return openTab(state, route ? tabForRoute(route, location.pathname + (location.search ?? ""), context.sceneName) : null);
}

export interface CloseResult {
  state: TabsState;
  /** Where to go when the active tab was closed. */
  navigateTo?: string;
}

export function closeTab(state: TabsState, path: string): CloseResult {
  if (!canCloseTabs(state.tabs)) return { state };
  const at = state.tabs.findIndex((t) => t.path === path);
  if (at === -1) return { state };
  const tabs = state.tabs.filter((_, i) => i !== at);
  if (state.activePath !== path) return { state: { tabs, activePath: state.activePath } };
  // spec §2: closing a tab activates a neighbour — the right one, else the left one.
  const neighbour = state.tabs[at + 1] ?? state.tabs[at - 1];
  return { state: { tabs, activePath: neighbour.path }, navigateTo: neighbour.fullPath };
}

/** Clear all: keeps only the active tab. */
export function clearTabs(state: TabsState): TabsState {
  if (!canClearTabs(state.tabs)) return state;
  const active = state.tabs.find((t) => t.path === state.activePath);
  return active ? { tabs: [active], activePath: active.path } : state;
}

export const canCloseTabs = (tabs: readonly Tab[]): boolean => tabs.length > 1;
export const canClearTabs = (tabs: readonly Tab[]): boolean => tabs.length >= 2;

/** Saved tabs the user may still open: those without a code, or whose code the user holds. */
export function filterTabsByAuthorities(tabs: readonly Tab[], authorities: readonly string[]): Tab[] {
  const held = new Set(authorities);
  return tabs.filter((t) => !t.code || held.has(t.code));
}

function isTab(value: unknown): value is Tab {
  if (!value || typeof value !== "object") return false;
  const t = value as Record<string, unknown>;
  return typeof t.index === "string" && typeof t.title === "string" && typeof t.path === "string" && typeof t.fullPath === "string";
}

/** Tabs saved in localStorage (storageKeys.tabs), filtered by the user's authorities. */
export function restoreTabs(raw: string | null | undefined, authorities: readonly string[]): TabsState {
  if (!raw) return emptyTabs;
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return emptyTabs;
  }
  const list = Array.isArray(saved) ? saved : Array.isArray((saved as TabsState | null)?.tabs) ? (saved as TabsState).tabs : [];
  const tabs = filterTabsByAuthorities(
    list.filter(isTab).map((t) => ({ ...t, isTenantMenu: Boolean(t.isTenantMenu) })),
    authorities,
  );
  return { tabs, activePath: null };
}

export function serializeTabs(state: TabsState): string {
  return JSON.stringify(state.tabs);
}

/** spec §9: the scroll buttons move the tab strip 342 px, kept within [0, max]. */
export function scrollTabs(offset: number, direction: "left" | "right", maxOffset: number): number {
  const step = constants.tabScrollStep;
  const next = direction === "left" ? offset - step : offset + step;
  return Math.max(0, Math.min(next, Math.max(0, maxOffset)));
}
