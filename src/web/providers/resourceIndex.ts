// Resource lookups for the providers: the Refine resource (routes and meta: service, scope, code)
// of a resource name, from generated/refine-resources.ts. The resources no route shows (areas,
// buildings, units, ...) are known from their schema definitions, loaded one by one on demand
// (resourceDefs.ts), so the startup chunk stays small.
import { refineResources } from "../../../generated/refine-resources.ts";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { getResourceDef, loadResourceDef } from "./resourceDefs.ts";

export type RefineResource = (typeof refineResources)[number];

export interface ResourceMeta {
  label?: string;
  service?: string;
  code?: string;
  scope?: string;
  canDelete?: boolean;
}

const refine = new Map<string, RefineResource>(refineResources.map((r) => [r.name, r]));

function fromDef(def: ResourceDef | undefined): ResourceMeta {
  return def ? { service: def.service, scope: def.scope, code: def.code, label: def.label, canDelete: !def.readOnly && !def.createOnly } : {};
}

/**
 * service / scope / code of a resource: its Refine meta (or loaded definition) first; the call's meta
 * only fills what is unknown (Refine merges URL query keys into meta, so it cannot override).
 */
export function resourceMeta(name: string, meta?: Record<string, unknown>): ResourceMeta {
  const routed = refine.get(name)?.meta ?? fromDef(getResourceDef(name));
  const str = (key: string) => (typeof meta?.[key] === "string" ? meta[key] : undefined);
  return {
    service: routed.service ?? str("service"),
    scope: routed.scope ?? str("scope"),
    code: routed.code ?? str("code"),
    label: routed.label ?? str("label"),
    canDelete: routed.canDelete,
  };
}

/** Same as resourceMeta, loading the definitions when the resource has no route. */
export async function resolveResourceMeta(name: string, meta?: Record<string, unknown>): Promise<ResourceMeta> {
  const known = resourceMeta(name, meta);
  if (known.service) return known;
  await loadResourceDef(name);
  return resourceMeta(name, meta);
}

/**
 * Which generic actions a resource offers: from its Refine routes (read-only ones have no create /
 * edit / delete); for a resource without routes, from its definition (none until it has loaded).
 */
export function resourceActions(name: string): { list: boolean; create: boolean; edit: boolean; show: boolean; delete: boolean } {
  const r = refine.get(name);
  if (!r) {
    const def = getResourceDef(name);
    const writable = !!def && !def.readOnly;
    const changeable = writable && !def.createOnly;
    return { list: !!def, create: writable, edit: changeable, show: !!def, delete: changeable };
  }
  return {
    list: !!r.list,
    create: !!r.create,
    edit: !!r.edit,
    show: !!r.show,
    delete: !!(r.meta as ResourceMeta).canDelete,
  };
}
