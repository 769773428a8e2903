// The generated validators as antd Form rules: each field's rule validates the whole payload built
// from the form's current values (rules may read other fields) with the same validator the server
// runs, and reports that field's exact Chinese message (spec §5). Each resource's validator is its
// own chunk, loaded with the form that needs it.
import type { FormInstance } from "antd";
import type { RuleObject } from "antd/es/form";
import type { FieldDef } from "../../../generated/model-types.ts";
import type { FieldError } from "../../common/validation-run.ts";
import { getSceneName } from "../state/scene.ts";
import { INVALID_JSON, toPayload, toPayloadValue, type FormMode } from "./fields.ts";

export const INVALID_JSON_MESSAGE = "请输入正确的JSON格式";

type Validate = (resource: string, mode: "create" | "update", payload: unknown, scene?: string) => FieldError[];

const validatorLoading = new Map<string, Promise<Validate>>();

/**
 * The generated validator module of each resource, loaded on demand (the index of all of them and
 * the rule validators are left out: the server's and other pages' business, not a form's).
 */
const validatorModules = import.meta.glob<typeof import("../../../generated/validators/rooms.js")>([
  "../../../generated/validators/*.js",
  "!../../../generated/validators/index.js",
  "!../../../generated/validators/rules.js",
]);

/** The validator of one resource, loaded once: generated/validators/{resource}.js is its own small chunk. */
export function loadValidator(resource: string): Promise<Validate> {
  let loading = validatorLoading.get(resource);
  if (!loading) {
    const compiledModule = validatorModules[`../../../generated/validators/${resource}.js`];
    if (!compiledModule) return Promise.reject(new Error(`no validator for resource ${resource}`));
    loading = Promise.all([compiledModule(), import("../../common/validation-run.ts")]).then(
      ([compiled, { runCompiled }]) =>
        (_resource: string, mode: "create" | "update", payload: unknown, scene?: string) =>
          runCompiled({ validate: mode === "create" ? compiled.create : compiled.update, meta: compiled.meta }, payload, scene),
    );
    validatorLoading.set(resource, loading);
  }
  return loading;
}

/** The message of one field for the given form values, or null when it passes. */
export function fieldMessage(
  validate: Validate,
  resource: string,
  mode: FormMode,
  fields: readonly FieldDef[],
  values: Record<string, unknown>,
  field: FieldDef,
  fixed: Record<string, unknown> = {},
  scene: string = getSceneName(),
): string | null {
  if (field.type === "json" && toPayloadValue(field, values[field.name]) === INVALID_JSON) return INVALID_JSON_MESSAGE;
  const payload = toPayload(fields, values, mode, fixed);
  const errors = validate(resource, mode === "edit" ? "update" : "create", payload, scene);
  return errors.find((e) => e.field === field.name)?.message ?? null;
}

/** Messages of every field (submit), including fields the form does not show (field "" = the payload). */
export async function payloadErrors(resource: string, mode: FormMode, payload: Record<string, unknown>, scene: string = getSceneName()): Promise<FieldError[]> {
  const validate = await loadValidator(resource);
  return validate(resource, mode === "edit" ? "update" : "create", payload, scene);
}

/**
 * An edit form shows a masked field as the server sent it (张**, 138****5678): left as it is, the
 * server keeps the stored value (crud/plain-text.ts), so the rules do not judge the stars.
 */
export function keepsMaskedValue(mode: FormMode, field: FieldDef, value: unknown): boolean {
  return mode === "edit" && !!field.mask && typeof value === "string" && value.includes("*");
}

/**
 * The antd rule of a field: `rules={[schemaRule(...)]}` on its Form.Item, with
 * validateTrigger ["onBlur", "onChange"].
 */
export function schemaRule(
  resource: string,
  mode: FormMode,
  fields: readonly FieldDef[],
  field: FieldDef,
  fixed: Record<string, unknown> = {},
): (form: Pick<FormInstance, "getFieldsValue">) => RuleObject {
  return (form) => ({
    async validator(_rule, value: unknown) {
      if (keepsMaskedValue(mode, field, value)) return;
      // A blank secret on an edit keeps the stored one (it is not sent).
      if (mode === "edit" && field.type === "secret" && (value === undefined || value === null || value === "")) return;
      const validate = await loadValidator(resource);
      const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), [field.name]: value };
      const message = fieldMessage(validate, resource, mode, fields, values, field, fixed);
      if (message) throw new Error(message);
    },
  });
}
