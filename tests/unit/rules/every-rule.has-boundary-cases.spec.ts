// Every rule of schemas/rules.yaml is proven by a case table, with at least one passing and one
// failing value; a new rule without cases fails here.
import { expect, test } from "vitest";
import { rules } from "../../../generated/rules.ts";
import { amountCases } from "./cases/amounts.ts";
import { characterCases } from "./cases/characters.ts";
import { coordinateCases } from "./cases/coordinates.ts";
import { integerCases } from "./cases/integers.ts";
import { lengthAndFormatCases } from "./cases/lengths-and-formats.ts";
import { numberCases } from "./cases/numbers.ts";

const all = { ...amountCases, ...characterCases, ...coordinateCases, ...integerCases, ...lengthAndFormatCases, ...numberCases };

test("every rule has a case table and every table names a rule", () => {
  expect(Object.keys(all).sort()).toEqual(Object.keys(rules).sort());
});

test.each(Object.keys(rules))("rule %s has passing and failing cases", (name) => {
  const cases = all[name] ?? [];
  expect(cases.some(([, expected]) => expected === null)).toBe(true);
  expect(cases.some(([, expected]) => expected !== null)).toBe(true);
});

// Each check's message, and the required message, is what some case expects (defaults filled in).
const messages = Object.entries(rules).flatMap(([name, r]) => [
  ...r.checks.map((c) => [name, c.message] as const),
  ...[r.required, r.requiredMessage].filter((m): m is string => m !== undefined).map((m) => [name, m] as const),
]);

test.each(messages)("rule %s: message %s is proven by a case", (name, message) => {
  const params = rules[name].params;
  const filled = message.replace(/\{(\w+)\}/g, (w, k) => (k in params ? String(params[k]) : w));
  expect((all[name] ?? []).some(([, expected]) => expected === filled)).toBe(true);
});
