// The current community, shared by the shell's community picker, the data provider (it sends
// communityId for community-scoped resources) and the pages. Persisted in localStorage so a reload
// keeps it. get / set / subscribe, plus a React hook.
import { useSyncExternalStore } from "react";
import { local } from "./storage.ts";

export type CommunityId = string | number;

export interface CurrentCommunity {
  communityId: CommunityId | null;
  communityName: string;
}

/** localStorage key of the current community (not among the spec's named flags). */
export const CURRENT_COMMUNITY_KEY = "Hbl_current_community";

type Listener = (value: CurrentCommunity | null) => void;
const listeners = new Set<Listener>();
let cached: CurrentCommunity | null | undefined;

function read(): CurrentCommunity | null {
  try {
    const raw = local().getItem(CURRENT_COMMUNITY_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CurrentCommunity>;
    if (!value || typeof value !== "object") return null;
    const id = value.communityId;
    return {
      communityId: typeof id === "string" || typeof id === "number" ? id : null,
      communityName: typeof value.communityName === "string" ? value.communityName : "",
    };
  } catch {
    return null;
  }
}

export function getCurrentCommunity(): CurrentCommunity | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** The current community id, or undefined when none is chosen. */
export function getCurrentCommunityId(): CommunityId | undefined {
  return getCurrentCommunity()?.communityId ?? undefined;
}

export function setCurrentCommunity(value: CurrentCommunity | null): void {
  const prev = getCurrentCommunity();
  if (prev?.communityId === value?.communityId && prev?.communityName === value?.communityName) return;
  cached = value;
  try {
    if (value) local().setItem(CURRENT_COMMUNITY_KEY, JSON.stringify(value));
    else local().removeItem(CURRENT_COMMUNITY_KEY);
  } catch {
    // Storage full or refused: the value still holds for this page.
  }
  for (const listener of [...listeners]) listener(value);
}

export function subscribeCommunity(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** React binding: re-renders when the community changes. */
export function useCurrentCommunity(): CurrentCommunity | null {
  return useSyncExternalStore(subscribeCommunity, getCurrentCommunity, getCurrentCommunity);
}
