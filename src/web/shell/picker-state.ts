// Community picker logic (spec §2 Layout, §4 "Community picker", §9), as pure functions:
// opening resets the search and reloads areas, recent list and communities; selecting an area
// reloads the communities of that area (area 1, 全部区域, when none is chosen); confirming sets the
// community and saves the recent list (the chosen one first, no duplicates, at most 5); when the
// tenant has no community at all, the current one is cleared and named 暂无 + scene name.
import { constants } from "../../../generated/constants.ts";
import type { CommunityId, CurrentCommunity } from "../state/community.ts";
import { fillScene } from "./title-state.ts";

/** The panel's width: 560 px, or the window's less the popover's margins on a phone. */
export const PANEL_WIDTH = "min(560px, calc(100vw - 48px))";

export type Id = CommunityId;
export type { CurrentCommunity };

export interface Community {
  communityId: Id;
  communityName: string;
  areaId?: Id | null;
}

export interface AreaNode {
  id: Id;
  name: string;
  parentId?: Id | null;
  type?: number;
  subAreas?: AreaNode[];
}

export type PickerLoad = { kind: "areas" } | { kind: "recent" } | { kind: "communities"; areaId: Id };

export interface PickerState {
  open: boolean;
  search: string;
  /** Chosen area in the tree; null = none chosen (the fallback area 1 is queried). */
  areaId: Id | null;
  /** Community highlighted in the list, applied on confirm. */
  selected: Community | null;
}

export interface PickerStep {
  state: PickerState;
  loads: PickerLoad[];
}

export const closedPicker: PickerState = { open: false, search: "", areaId: null, selected: null };

export const sameId = (a: Id | null | undefined, b: Id | null | undefined): boolean => a != null && b != null && String(a) === String(b);

/** spec §4/§9: fallback area 1 when no area is chosen. */
export const areaIdForQuery = (areaId: Id | null): Id => areaId ?? constants.fallbackAreaId;

export function openPicker(current: CurrentCommunity | null): PickerStep {
  const state: PickerState = {
    open: true,
    search: "",
    areaId: null,
    selected: current?.communityId != null ? { communityId: current.communityId, communityName: current.communityName } : null,
  };
  return { state, loads: [{ kind: "areas" }, { kind: "recent" }, { kind: "communities", areaId: areaIdForQuery(null) }] };
}

export function selectArea(state: PickerState, areaId: Id | null): PickerStep {
  return { state: { ...state, areaId }, loads: [{ kind: "communities", areaId: areaIdForQuery(areaId) }] };
}

export function setSearch(state: PickerState, search: string): PickerState {
  return { ...state, search };
}

export function selectCommunity(state: PickerState, community: Community): PickerState {
  return { ...state, selected: community };
}

export function cancelPicker(): PickerState {
  return closedPicker;
}

/** Communities whose name contains the trimmed search text. */
export function filterCommunities(list: readonly Community[], search: string): Community[] {
  const text = search.trim().toLowerCase();
  if (!text) return list.slice();
  return list.filter((c) => c.communityName.toLowerCase().includes(text));
}

/** The recent list after choosing a community: the chosen one first, no duplicates, at most 5. */
export function nextRecentIds(recent: readonly Id[], chosen: Id, max: number = constants.recentCommunityMax): Id[] {
  return [chosen, ...recent.filter((id) => !sameId(id, chosen))].slice(0, max);
}

export interface ConfirmResult {
  state: PickerState;
  /** The community to make current, or null when nothing was chosen. */
  community: CurrentCommunity | null;
  /** Ids to save with setRecentCommunityList, or null when nothing is saved. */
  recentIds: Id[] | null;
}

export function confirmPicker(state: PickerState, recent: readonly Community[]): ConfirmResult {
  const chosen = state.selected;
  if (!chosen) return { state: closedPicker, community: null, recentIds: null };
  return {
    state: closedPicker,
    community: { communityId: chosen.communityId, communityName: chosen.communityName },
    recentIds: nextRecentIds(
      recent.map((c) => c.communityId),
      chosen.communityId,
    ),
  };
}

/** The name shown when there is no community: 暂无 + scene name (spec §4, §8). */
export const noCommunityName = (sceneName?: string | null): string => constants.fallbackCommunityName + fillScene("{scene}", sceneName);

/**
 * The current community once the tenant's communities are known (all areas): kept when it is still
 * in the list; else the user's last one, else the most recent, else the first; none → 暂无{scene}.
 */
export function resolveCurrentCommunity(all: readonly Community[], candidates: readonly (CurrentCommunity | null | undefined)[], sceneName?: string | null): CurrentCommunity {
  if (all.length === 0) return { communityId: null, communityName: noCommunityName(sceneName) };
  for (const candidate of candidates) {
    const found = candidate?.communityId != null ? all.find((c) => sameId(c.communityId, candidate.communityId)) : undefined;
    if (found) return { communityId: found.communityId, communityName: found.communityName };
  }
  return { communityId: all[0].communityId, communityName: all[0].communityName };
}

export interface AreaTreeNode {
  key: string;
  title: string;
  children: AreaTreeNode[];
}

/** The area tree for antd Tree, always rooted at 全部区域 (id 1). */
export function areaTree(nodes: readonly AreaNode[]): AreaTreeNode[] {
  const convert = (n: AreaNode): AreaTreeNode => ({ key: String(n.id), title: n.name, children: (n.subAreas ?? []).map(convert) });
  const root = nodes.length === 1 && sameId(nodes[0].id, constants.fallbackAreaId) ? nodes[0] : null;
  if (root) return [{ ...convert(root), title: constants.areaTreeRootName }];
  return [{ key: String(constants.fallbackAreaId), title: constants.areaTreeRootName, children: nodes.map(convert) }];
}

/** Normalizes a community row from the server ({communityId, communityName} or {id, name}). */
export function toCommunity(row: Partial<Community> & { id?: Id; name?: string; areaId?: Id | null }): Community | null {
  const communityId = row.communityId ?? row.id;
  const communityName = row.communityName ?? row.name;
  if (communityId == null || communityName == null) return null;
  return { communityId, communityName, ...(row.areaId != null ? { areaId: row.areaId } : {}) };
}
