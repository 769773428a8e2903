// Proves rule case tables three ways: the generated rule validator (checkRule), the interpreter that
// takes caller parameters (checkRuleWith, with none), and every resource field that uses the rule
// (validateResource), so a rule means the same thing wherever it is applied.
import { describe, expect, test } from "vitest";
import { checkRule, checkRuleWith, fillScene, validateResource } from "../../../../src/common/validate.ts";
import { resources } from "../../../../generated/resources.ts";
import { rules } from "../../../../generated/rules.ts";
import type { FieldDef } from "../../../../generated/model-types.ts";
import { scalarText } from "../../../../src/common/scalar-text.ts";

/** A value and the exact message it gets (null: it passes). */
export type RuleCase = [value: string | number | null | undefined, expected: string | null];
export type RuleCases = Record<string, RuleCase[]>;

/** "a" × n, for length boundaries. */
export const times = (ch: string, n: number) => ch.repeat(n);

const shown = (v: unknown) => (typeof v === "string" && [...v].length > 12 ? `${[...v].length} × ${JSON.stringify([...v][0])}` : (JSON.stringify(v) ?? "undefined"));

const rows = (cases: RuleCase[]) => cases.map(([value, expected]) => ({ value, expected, label: `${shown(value)} → ${expected === null ? "passes" : JSON.stringify(expected)}` }));

const textOf = scalarText;

/** Fields (of any module) that apply `rule` with its default parameters. */
export function fieldsUsing(rule: string, withParams = false): { resource: string; field: FieldDef }[] {
  return resources.flatMap((r) => r.fields.filter((f) => f.rule === rule && f.type !== "secret" && !!f.ruleParams === withParams).map((field) => ({ resource: r.name, field })));
}

/**
 * Whether the field's own type and length admit the text: values a field type refuses (a decimal in
 * an integer column, text over the column length) get that type's message, not the rule's.
 */
function fieldAdmits(f: FieldDef, text: string): boolean {
  if (f.maxLength !== undefined && ["string", "text", "image", "secret"].includes(f.type) && [...text].length > f.maxLength) return false;
  switch (f.type) {
    case "integer":
      return /^-?\d+$/.test(text) && Number(text) <= 2147483647 && Number(text) >= -2147483648;
    case "money":
      return /^\d{1,13}(\.\d{1,2})?$/.test(text);
    case "decimal": {
      const [p, s] = f.precision ?? [12, 2];
      return new RegExp(`^-?\\d{1,${p - s}}(\\.\\d{1,${s}})?$`).test(text);
    }
    case "ref":
      return /^[1-9]\d{0,17}$/.test(text);
    default:
      return true;
  }
}

/**
 * The message a field gives where its rule gives `expected`: a field checks its lengths first, the
 * rule's own maxLength and then the field's, so a text over the field's length gets the field's
 * length message unless the rule's own length already refuses it.
 */
function fieldExpects(f: FieldDef, ruleName: string, text: string, expected: string, params: Record<string, unknown> = {}): string {
  const length = [...text].length;
  if (f.maxLength === undefined || !["string", "text", "image", "secret"].includes(f.type) || length <= f.maxLength) return expected;
  const all: Record<string, unknown> = { ...rules[ruleName].params, ...params };
  const ruleRefuses = rules[ruleName].checks.some((c) => c.kind === "maxLength" && length > Number(String(c.value).replace(/\{(\w+)\}/g, (_w, k: string) => String(all[k]))));
  return ruleRefuses ? expected : fillScene(`${f.label}不能超过${f.maxLength}个字符`);
}

function fieldMessage(resource: string, field: string, text: string): string | null {
  return validateResource(resource, "update", { [field]: text }).find((e) => e.field === field)?.message ?? null;
}

/** The message an empty value of this field gets, when the rule decides it (undefined: the field's own 请输入…). */
function emptyMessage(ruleName: string, f: FieldDef): string | null | undefined {
  const rule = rules[ruleName];
  if (rule.required !== undefined) return rule.required;
  if (!f.required) return null;
  return rule.requiredMessage;
}

export function proveRules(table: RuleCases): void {
  for (const [ruleName, cases] of Object.entries(table)) {
    describe(`rule ${ruleName}`, () => {
      test.each(rows(cases))("checkRule: $label", ({ value, expected }) => {
        expect(checkRule(ruleName, value)).toBe(expected);
      });

      test.each(rows(cases))("checkRuleWith (default parameters): $label", ({ value, expected }) => {
        expect(checkRuleWith(ruleName, value, {})).toBe(expected);
      });

      const fields = fieldsUsing(ruleName);
      const filled = cases.filter(([v]) => textOf(v) !== "");
      test.skipIf(fields.length === 0)(`validateResource: each of the ${fields.length} resource fields using ${ruleName}`, () => {
        for (const { resource, field } of fields) {
          for (const [value, expected] of filled) {
            const text = textOf(value);
            const got = fieldMessage(resource, field.name, text);
            if (expected !== null) expect(got, `${resource}.${field.name} = ${shown(text)}`).toBe(fieldExpects(field, ruleName, text, expected));
            else if (fieldAdmits(field, text)) expect(got, `${resource}.${field.name} = ${shown(text)}`).toBeNull();
          }
          const empty = emptyMessage(ruleName, field);
          if (empty !== undefined) expect(fieldMessage(resource, field.name, ""), `${resource}.${field.name} empty`).toBe(empty);
        }
      });

      // Fields that give the rule their own parameters agree with checkRuleWith on the same values.
      const withParams = fieldsUsing(ruleName, true);
      if (withParams.length)
        test(`validateResource: the ${withParams.length} fields giving ${ruleName} parameters agree with checkRuleWith`, () => {
          for (const { resource, field } of withParams) {
            // The table's values plus the field's own boundaries: each numeric parameter and its
            // neighbours as values, and digit strings of that length and one more (for N-digit limits).
            const params = Object.values(field.ruleParams!)
              .map(Number)
              .filter((p) => Number.isInteger(p) && p > 0 && p <= 64);
            const around = Object.values(field.ruleParams!)
              .map(Number)
              .filter(Number.isFinite)
              .flatMap((p) => [p - 1, p, p + 1, p * 2].map(String));
            const lengths = params.flatMap((p) => [times("9", p), times("9", p + 1)]);
            for (const text of [...filled.map(([v]) => textOf(v)), ...around, ...lengths]) {
              const expected = checkRuleWith(ruleName, text, field.ruleParams!);
              const got = fieldMessage(resource, field.name, text);
              if (expected !== null) expect(got, `${resource}.${field.name} = ${shown(text)}`).toBe(fieldExpects(field, ruleName, text, expected, field.ruleParams));
              else if (fieldAdmits(field, text)) expect(got, `${resource}.${field.name} = ${shown(text)}`).toBeNull();
            }
          }
        });
    });
  }
}
