// Display mappings of spec §3 over generated/mappings.ts: a code shows as its label, any other value
// as the mapping's "otherwise" label, and as itself when the mapping has no fallback (room status).
import { mappings } from "../../generated/mappings.ts";
import type { MappingDef } from "../../generated/model-types.ts";
import { constants } from "../../generated/constants.ts";

export interface MappingOption {
  value: number | string;
  label: string;
  color?: string;
}

function mappingOf(name: string): MappingDef {
  const m = mappings[name];
  if (!m) throw new Error(`no mapping named ${name}`);
  return m;
}

/** The label of `code` in the mapping; missing values show as "" unless the mapping has a fallback. */
export function mappingLabel(name: string, code: number | string | null | undefined): string {
  const m = mappingOf(name);
  const key = code === null || code === undefined ? "" : String(code).trim();
  const hit = key === "" ? undefined : m.values[key];
  if (hit) return hit.label;
  return m.otherwise ?? key;
}

/** The tag colour of `code`, when the mapping gives one (room status, return flag). */
export function mappingColor(name: string, code: number | string | null | undefined): string | undefined {
  return code === null || code === undefined ? undefined : mappingOf(name).values[String(code)]?.color;
}

/**
 * Options for a select (integer codes in ascending order); integer mappings give numeric values. A
 * form (`forForm`) leaves out the values the system records by itself (offered: false).
 */
export function mappingOptions(name: string, { forForm = false }: { forForm?: boolean } = {}): MappingOption[] {
  const m = mappingOf(name);
  const values = Object.entries(m.values).filter(([, v]) => !forForm || v.offered !== false);
  return values.map(([code, v]) => ({
    value: m.valueType === "integer" ? Number(code) : code,
    label: v.label,
    ...(v.color ? { color: v.color } : {}),
  }));
}

/** Spec §3: 业主 for the scene 社区, otherwise 管理员; no scene name means the default (社区). */
export function ownerLabel(sceneName?: string | null): string {
  return mappingLabel("ownerLabel", sceneName || constants.defaultSceneName);
}
