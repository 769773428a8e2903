// The schema definitions of the resources, one module each (generated/resource-defs/), loaded when a
// page first needs one and kept. A page renders only once its resource's definition is here:
// `useResourceDef` suspends until then (the page frame's Suspense shows the placeholder).
import { use } from "react";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { resourceDefLoaders } from "../../../generated/resource-defs/index.ts";

const loaded = new Map<string, ResourceDef>();
const loading = new Map<string, Promise<ResourceDef | undefined>>();

/** The definition if it has been loaded, else undefined. */
export const getResourceDef = (name: string): ResourceDef | undefined => loaded.get(name);

/** Loads a resource's definition once; undefined for a name no schema defines. */
export function loadResourceDef(name: string): Promise<ResourceDef | undefined> {
  let pending = loading.get(name);
  if (!pending) {
    const loader = resourceDefLoaders[name];
    pending = loader
      ? loader().then(({ default: def }) => {
          loaded.set(name, def);
          return def;
        })
      : Promise.resolve(undefined);
    // A failed load (a chunk that did not arrive) may be tried again.
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

/** A resource's definition, suspending the calling component until it has loaded. */
export function useResourceDef(name: string): ResourceDef | undefined {
  return loaded.get(name) ?? use(loadResourceDef(name));
}
