// The schema definitions of the resources, one module each (generated/resource-defs/), loaded when a
// page first needs one and kept. A page renders only once its resource's definition is here:
// `useResourceDef` suspends until then (the page frame's Suspense shows the placeholder).
import { use } from "react";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { resourceDefLoaders } from "../../../generated/resource-defs/index.ts";

/**
 * A definition's load: a promise that, once settled, says so itself (React's convention for a
 * thenable: `status` and `value`), so that `use` reads a loaded definition at once instead of
 * suspending again.
 */
type DefLoad = Promise<ResourceDef | undefined> & { status?: "fulfilled"; value?: ResourceDef | undefined };

const loaded = new Map<string, ResourceDef>();
const loading = new Map<string, DefLoad>();

/** The definition if it has been loaded, else undefined. */
export const getResourceDef = (name: string): ResourceDef | undefined => loaded.get(name);

/** Loads a resource's definition once; undefined for a name no schema defines. */
export function loadResourceDef(name: string): Promise<ResourceDef | undefined> {
  let pending = loading.get(name);
  if (!pending) {
    const loader = resourceDefLoaders[name];
    const load: DefLoad = loader
      ? loader().then(({ default: def }) => {
          loaded.set(name, def);
          load.status = "fulfilled";
          load.value = def;
          return def;
        })
      : Object.assign(Promise.resolve(undefined), { status: "fulfilled" as const, value: undefined });
    // A failed load (a chunk that did not arrive) may be tried again.
    load.catch(() => loading.delete(name));
    loading.set(name, load);
    pending = load;
  }
  return pending;
}

/**
 * A resource's definition, suspending the calling component until it has loaded.
 *
 * `use` is called on every render, loaded or not. A component that suspended on it is rendered
 * again when the definition arrives, and React may replay that very render (a concurrent one, when
 * the chunk arrives while React waits) on the hooks it had so far: skipping `use` then (the
 * definition now being in `loaded`) leaves React on its re-render hooks for a component that never
 * mounted, and its next hook fails ("Update hook called on initial render", production error #467,
 * reported as the recovered error #520; in development "did not call use() when it finished").
 * The load marks itself fulfilled, so a loaded definition costs `use` no suspension.
 */
export function useResourceDef(name: string): ResourceDef | undefined {
  return use(loadResourceDef(name));
}
