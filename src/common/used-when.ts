// Fields used only while another field of the row holds one of some values (schema key usedWhen: a
// pricing type's unit price for the methods that price by it). One reading for the web forms (shown
// or hidden, sent or left out) and the server (kept or cleared, required or not).
import type { FieldDef, UsedWhen } from "../../generated/model-types.ts";
import { fillMessage } from "../../generated/fill-errors.ts";

/** Whether a field is used for the given values of the row (a field without usedWhen always is). */
export function isFieldUsed(field: Pick<FieldDef, "usedWhen">, values: Record<string, unknown>): boolean {
  const when = field.usedWhen;
  if (!when) return true;
  const value = values[when.field];
  if (typeof value !== "number" && typeof value !== "string" && typeof value !== "boolean") return false;
  return value !== "" && when.in.some((v) => String(v) === String(value));
}

/** The message of a used, required field left empty: the schema's own, else 请输入<label> / 请选择<label>. */
export function usedWhenRequiredMessage(field: Pick<FieldDef, "type" | "mapping" | "label"> & { usedWhen?: UsedWhen }): string {
  if (field.usedWhen?.requiredMessage) return field.usedWhen.requiredMessage;
  return field.type === "ref" || field.mapping || field.type === "boolean" ? fillMessage.fieldSelect({ label: field.label }) : fillMessage.fieldInput({ label: field.label });
}

/** An empty value: null, undefined, blank text or an empty array. */
export const isBlankValue = (v: unknown): boolean => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
