// One validation entry point for the server and the web app, over the generated ajv validators.
// Numbers are checked as their decimal text (spec §5 rules read what the user typed), and each
// error carries the exact Chinese message of the first check its field failed.
import { idCardCheckDigitHolds } from "./id-card.ts";
import { validators } from "../../generated/validators/index.js";
import { rules } from "../../generated/rules.ts";
import { fillParams, runCompiled, type FieldError } from "./validation-run.ts";
import { scalarText } from "./scalar-text.ts";

export { fillScene, type FieldError } from "./validation-run.ts";

/** Runs a generated validator by its name (resource_{name}_create / _update, rule_{name}). */
export function runValidator(name: string, payload: unknown, scene?: string): FieldError[] {
  const compiled = validators[name];
  if (!compiled) throw new Error(`no generated validator named ${name}`);
  return runCompiled(compiled, payload, scene);
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
  const text = scalarText(value);
  if (text === "") return def.required ?? def.requiredMessage ?? null;
  const n = Number(text);
  for (const c of def.checks) {
    const bound = typeof c.value === "string" ? fillParams(c.value, all) : String(c.value);
    const failed =
      c.kind === "decimalMax"
        ? !(n <= Number(bound))
        : c.kind === "decimalMin"
          ? !(n >= Number(bound))
          : c.kind === "decimalGt"
            ? !(n > Number(bound))
            : c.kind === "decimalLt"
              ? !(n < Number(bound))
              : c.kind === "maxLength"
                ? [...text].length > Number(bound)
                : c.kind === "minLength"
                  ? [...text].length < Number(bound)
                  : c.kind === "multipleOf"
                    ? n % Number(bound) !== 0
                    : c.kind === "idCardChecksum"
                      ? !idCardCheckDigitHolds(text)
                      : c.kind === "pattern"
                        ? !new RegExp(bound, "u").test(text)
                        : new RegExp(bound, "u").test(text);
    if (failed) return fillParams(c.message, all);
  }
  return null;
}
