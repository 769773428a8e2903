// One validation entry point for the server and the web app, over the generated ajv validators.
// Numbers are checked as their decimal text (spec §5 rules read what the user typed), and each
// error carries the exact Chinese message of the first check its field failed.
import * as validators from "../../generated/validators.js";
import type { StandaloneValidator } from "../../generated/validators.js";
import { validatorMeta } from "../../generated/validator-meta.ts";
import { rules } from "../../generated/rules.ts";

export interface FieldError {
  field: string;
  message: string;
}

const table = validators as unknown as Record<string, StandaloneValidator>;

/** Copy of the payload with numeric fields as text, so the text rules can read them. */
export function normalizeForValidation(payload: Record<string, unknown>, numericFields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  for (const f of numericFields) {
    const v = out[f];
    if (typeof v === "number") out[f] = Number.isFinite(v) ? String(v) : "NaN";
    else if (typeof v === "bigint") out[f] = v.toString();
  }
  return out;
}

function messageFor(meta: (typeof validatorMeta)[string], schemaPath: string): string | undefined {
  let path = schemaPath;
  while (path.includes("/")) {
    if (path in meta.messages) return meta.messages[path];
    path = path.slice(0, path.lastIndexOf("/"));
  }
  return undefined;
}

/** Labels and messages may hold the scene-name placeholder (spec §2), default 社区. */
export const fillScene = (text: string, scene = "社区") => text.replace(/\{scene\}/g, scene);

/** Runs a generated validator by its export name; returns the first error of each field, in order. */
export function runValidator(name: string, payload: unknown, scene?: string): FieldError[] {
  const validate = table[name];
  const meta = validatorMeta[name];
  if (!validate || !meta) throw new Error(`no generated validator named ${name}`);
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return [{ field: "", message: "请求参数错误" }];
  }
  const data = normalizeForValidation(payload as Record<string, unknown>, meta.numericFields);
  if (validate(data)) return [];
  const seen = new Map<string, string>();
  for (const e of validate.errors ?? []) {
    if (e.keyword === "if" || e.keyword === "allOf") continue;
    let field: string;
    let message: string | undefined;
    if (e.keyword === "required") {
      field = String(e.params.missingProperty);
      message = meta.required[field];
    } else {
      field = e.instancePath.split("/")[1] ?? "";
      message = messageFor(meta, e.schemaPath);
    }
    if (!seen.has(field)) seen.set(field, message ?? "输入的数据不符合要求");
  }
  return [...seen].map(([field, message]) => ({ field, message: fillScene(message, scene) }));
}

export function validateResource(resource: string, mode: "create" | "update", payload: unknown, scene?: string): FieldError[] {
  return runValidator(`resource_${resource}_${mode}`, payload, scene);
}

/** Checks one value against a rule with its default parameters; null when it passes. */
export function checkRule(rule: string, value: unknown): string | null {
  const errors = runValidator(`rule_${rule}`, value === undefined ? {} : { value });
  return errors[0]?.message ?? null;
}

/**
 * Checks one value against a rule with caller-given parameters (the pay amount's maximum, the N of
 * "multiple of N", a range). Interprets the same generated rule definition the validators come from.
 */
export function checkRuleWith(rule: string, value: unknown, params: Record<string, number | string>): string | null {
  const def = rules[rule];
  if (!def) throw new Error(`no rule named ${rule}`);
  const all: Record<string, unknown> = { ...def.params, ...params };
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (w, k) => (k in all ? String(all[k]) : w));
  const text = typeof value === "number" ? String(value) : value == null ? "" : String(value);
  if (text === "") return def.required ?? def.requiredMessage ?? null;
  const n = Number(text);
  for (const c of def.checks) {
    const bound = typeof c.value === "string" ? fill(c.value) : String(c.value);
    const failed =
      c.kind === "decimalMax" ? !(n <= Number(bound)) :
      c.kind === "decimalMin" ? !(n >= Number(bound)) :
      c.kind === "decimalGt" ? !(n > Number(bound)) :
      c.kind === "decimalLt" ? !(n < Number(bound)) :
      c.kind === "maxLength" ? [...text].length > Number(bound) :
      c.kind === "minLength" ? [...text].length < Number(bound) :
      c.kind === "multipleOf" ? n % Number(bound) !== 0 :
      c.kind === "pattern" ? !new RegExp(bound, "u").test(text) :
      new RegExp(bound, "u").test(text);
    if (failed) return fill(c.message);
  }
  return null;
}
