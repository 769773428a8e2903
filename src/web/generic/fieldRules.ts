// The generated validators as antd Form rules: each field's rule validates the whole payload built
// from the form's current values (rules may read other fields) with the same validator the server
// runs, and reports that field's exact Chinese message (spec §5). The validators are large, so they
// load on first use (their own chunk) instead of with the page.
import type { FormInstance } from "antd";
import type { RuleObject } from "antd/es/form";
import type { FieldDef } from "../../../generated/model-types.ts";
import type { FieldError } from "../../common/validate.ts";
import { getSceneName } from "../state/scene.ts";
import { INVALID_JSON, toPayload, toPayloadValue, type FormMode } from "./fields.ts";

export const INVALID_JSON_MESSAGE = "请输入正确的JSON格式";

type Validate = (resource: string, mode: "create" | "update", payload: unknown, scene?: string) => FieldError[];

let validateLoading: Promise<Validate> | null = null;

/** validateResource of src/common/validate.ts, loaded once. */
export function loadValidator(): Promise<Validate> {
  validateLoading ??= import("../../common/validate.ts").then((m) => m.validateResource);
  return validateLoading;
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
  const validate = await loadValidator();
  return validate(resource, mode === "edit" ? "update" : "create", payload, scene);
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
    async validator(_rule, value) {
      const validate = await loadValidator();
      const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), [field.name]: value };
      const message = fieldMessage(validate, resource, mode, fields, values, field, fixed);
      if (message) throw new Error(message);
    },
  });
}
