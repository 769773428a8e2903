// The schema side of the generic pages: which fields each page shows, their labels (with the scene
// name in place of {scene}), and the conversions between API rows, form values and payloads.
// Payloads follow docs/api.md: money and decimals travel as text, dates as YYYY-MM-DD, date-times
// as ISO strings, integers and refs as numbers.
import dayjs from "dayjs";
import type { FieldDef, ResourceDef } from "../../../generated/model-types.ts";
import { getSceneName, withScene } from "../state/scene.ts";
import { scalarText } from "../../common/scalar-text.ts";
import { chinaDateTime, chinaWallClockIso } from "../../common/china-time.ts";
import { isBlankValue, isFieldUsed, usedWhenRequiredMessage } from "../../common/used-when.ts";

export type FormMode = "create" | "edit";

const visible = (f: FieldDef) => f.type !== "secret";

export const listFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.list && visible(f));
export const filterFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.filter && visible(f) && f.type !== "json" && f.type !== "image");
export const searchFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.search && visible(f));
/** Form fields: a secret on the form (a password) is write-only, never filled from a row. */
export const formFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.form);
export const detailFields = (def: ResourceDef): FieldDef[] => def.fields.filter((f) => f.detail && visible(f));

export const fieldLabel = (field: FieldDef, scene: string = getSceneName()): string => withScene(field.label, scene);
export const resourceLabel = (def: ResourceDef, scene: string = getSceneName()): string => withScene(def.label, scene);

/** A row the server never deletes (the resource's keptRows: the main account). */
export const isKeptRow = (def: ResourceDef, row: Record<string, unknown>): boolean => !!def.keptRows && String(row[def.keptRows.field]) === String(def.keptRows.equals);

/** A row the caller may neither change nor delete: the server's list marks it `locked` (e.g. a role held by an account beyond the caller's reach). */
export const isLockedRow = (row: Record<string, unknown>): boolean => row.locked === true;

/** The field that carries a ref's label in API rows (the server adds <field>Label). */
export const refLabelKey = (field: FieldDef): string => `${field.name}Label`;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

// ---- rows → form values --------------------------------------------------------------------------

/** The form's value for a field of an API row (dates as dayjs, json as text, numbers of text inputs as text). */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) {
    if (field.type === "boolean") return false;
    return field.type === "ref" || field.mapping || field.type === "date" || field.type === "datetime" ? undefined : "";
  }
  switch (field.type) {
    case "date": {
      const d = dayjs(value as string);
      return d.isValid() ? d : undefined;
    }
    case "datetime": {
      // The picker shows China's wall clock (as the lists do); chosen times are sent with +08:00.
      const d = dayjs(value as string);
      return d.isValid() ? dayjs(chinaDateTime(value)) : undefined;
    }
    case "json":
      // A list of a mapping's codes is picked in a multiple select; other JSON is edited as text.
      if (field.mapping) return Array.isArray(value) ? value : [];
      return typeof value === "string" ? value : JSON.stringify(value, null, 2);
    case "boolean":
      return value === true || value === "true" || value === 1;
    case "integer":
    case "decimal":
    case "money":
      return field.mapping ? value : scalarText(value);
    default:
      return value;
  }
}

/** Form values of a row for the given fields. */
export function toFormValues(fields: readonly FieldDef[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = toFormValue(f, row[f.name]);
  return out;
}

/** Initial values of a create form: the schema defaults, then fixed route values. */
export function defaultFormValues(fields: readonly FieldDef[], fixed: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = f.name in fixed ? fixed[f.name] : f.default;
    out[f.name] = value === undefined ? toFormValue(f, undefined) : toFormValue(f, value);
  }
  return out;
}

/**
 * What a new row starts with from the list it was opened from: the list's filters on reference
 * fields of the form (the 催缴记录 of a room, opened from its arrears row, add a record for that
 * room). Not a code or a text: a list filtered by a status is no reason for a new row's status.
 * The schema's fixed values still win.
 */
export function listFilterDefaults(fields: readonly FieldDef[], listSearch: string): Record<string, unknown> {
  const params = new URLSearchParams(listSearch);
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = f.filter && f.type === "ref" ? params.get(f.name) : null;
    if (raw && /^\d{1,15}$/.test(raw)) out[f.name] = toFormValue(f, Number(raw));
  }
  return out;
}

// ---- fields used only with some values of another (usedWhen) ------------------------------------

/**
 * Whether a form of these fields uses the field for its current values (usedWhen: 单价 not for
 * 手工录入). A form without the field that decides (nor a fixed value of it) cannot tell: it shows it.
 */
export function usedOnForm(field: FieldDef, fields: readonly FieldDef[], values: Record<string, unknown>): boolean {
  const on = field.usedWhen?.field;
  if (!on || !(on in values || fields.some((f) => f.name === on))) return true;
  return isFieldUsed(field, values);
}

/** Whether the form marks the field as required: required, or required while used (usedWhen.required). */
export const isRequiredOnForm = (field: FieldDef): boolean => field.required || !!field.usedWhen?.required;

/**
 * The form rule of a field its usedWhen makes required (an antd rule object): empty while used
 * answers the server's message (usedWhen.requiredMessage, else 请输入<label>); null for other fields.
 */
export function usedWhenRule(field: FieldDef, scene: string = getSceneName()): { validator: (rule: unknown, value: unknown) => Promise<void> } | null {
  if (!field.usedWhen?.required) return null;
  const message = withScene(usedWhenRequiredMessage(field), scene);
  return { validator: async (_rule, value) => (isBlankValue(value) ? Promise.reject(new Error(message)) : undefined) };
}

// ---- form values → payload -----------------------------------------------------------------------

/** Marker for a json field whose text does not parse; the rule adapter reports it. */
export const INVALID_JSON = Symbol("invalid json");

/** The payload value of a form value (undefined = leave the field out). */
export function toPayloadValue(field: FieldDef, value: unknown): unknown {
  if (field.mapping) return isBlank(value) ? null : value;
  switch (field.type) {
    case "boolean":
      return !!value;
    case "integer": {
      if (isBlank(value)) return null;
      if (typeof value === "number") return value;
      const text = String(value).trim();
      // Whole numbers travel as numbers; anything else as typed, so the rule can name the mistake.
      return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
    }
    case "ref":
      if (isBlank(value)) return null;
      return typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    case "decimal":
    case "money":
      return isBlank(value) ? null : String(value).trim();
    case "date":
      return isBlank(value) ? null : dayjs.isDayjs(value) ? value.format("YYYY-MM-DD") : String(value);
    case "datetime":
      return isBlank(value) ? null : dayjs.isDayjs(value) ? chinaWallClockIso(value.format("YYYY-MM-DDTHH:mm:ss")) : String(value);
    case "json": {
      if (isBlank(value)) return null;
      if (typeof value !== "string") return value;
      try {
        return JSON.parse(value);
      } catch {
        return INVALID_JSON;
      }
    }
    default: {
      // Empty optional text is "no value" (left out of a create, cleared by an update); a required
      // one stays "" so its rule says 请输入….
      const text = scalarText(value).trim();
      return text === "" && !field.required ? null : text;
    }
  }
}

/**
 * The create / update payload of the form values: every form field that is not read-only, fixed
 * route values (e.g. patrolType) on top. A create leaves empty fields out (the defaults apply); an
 * update sends null to clear them. A field its usedWhen does not use for these values (hidden on
 * the form) is left out of a create and cleared by an update, whatever it held.
 */
export function toPayload(fields: readonly FieldDef[], values: Record<string, unknown>, mode: FormMode, fixed: Record<string, unknown> = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const current = { ...values, ...fixed };
  for (const f of fields) {
    if (f.readOnly || !f.form) continue;
    // A secret is sent only when typed (blank on an edit keeps it).
    if (f.type === "secret" && isBlank(values[f.name])) continue;
    if (!usedOnForm(f, fields, current)) {
      if (mode === "edit") payload[f.name] = null;
      continue;
    }
    let value = toPayloadValue(f, values[f.name]);
    if (value === INVALID_JSON) value = String(values[f.name]);
    if (mode === "create" && (value === null || value === undefined)) continue;
    if (value !== undefined) payload[f.name] = value;
  }
  for (const [key, value] of Object.entries(fixed)) payload[key] = value;
  return payload;
}

// ---- filters -------------------------------------------------------------------------------------

/** The typed filter value of its URL text (numbers for integers, refs and integer mappings, booleans). */
export function filterValueOf(field: FieldDef, text: string | null | undefined, mappingIsInteger = false): unknown {
  if (text === undefined || text === null || text === "") return undefined;
  if (field.type === "boolean") return text === "true" ? true : text === "false" ? false : undefined;
  if (field.type === "ref" || (field.type === "integer" && (!field.mapping || mappingIsInteger))) {
    return /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return text;
}
