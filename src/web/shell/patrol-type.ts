// spec §3/§4: patrolType is 1 (patrol, the default) or 4 (offline patrol); the navigation guard sets
// it from the path (/offPatrolManage/ → 4, /patrolManage/ → 1) and the patrol pages read it.
import { constants } from "../../../generated/constants.ts";
import { createValueStore } from "./store.ts";

export type PatrolType = 1 | 4;

export const patrolTypeStore = createValueStore<PatrolType>(constants.defaultPatrolType);

export const setPatrolType = (value: PatrolType): void => patrolTypeStore.set(value);

/** The patrol type a path implies, or null when the path says nothing about it. */
export function patrolTypeForPath(path: string): PatrolType | null {
  if (path.startsWith("/offPatrolManage/")) return constants.offlinePatrolType;
  if (path.startsWith("/patrolManage/")) return constants.defaultPatrolType;
  return null;
}
