// Spec §5 real-number rules, and the range rule with caller min/max (数值在{min}到{max}之间 filled).
import { describe, expect, test } from "vitest";
import { checkRuleWith } from "../../../src/common/validate.ts";
import { numberCases } from "./cases/numbers.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(numberCases);

describe("range with caller min and max (checkRuleWith)", () => {
  test.each([
    ["1", 1, 10, null],
    ["10", 1, 10, null],
    ["5.5", 1, 10, null],
    ["0.9", 1, 10, "数值在1到10之间"],
    ["10.1", 1, 10, "数值在1到10之间"],
    ["abc", 1, 10, "数值在1到10之间"],
    ["-5", -5, 5, null],
    ["-5.1", -5, 5, "数值在-5到5之间"],
    ["5.01", -5, 5, "数值在-5到5之间"],
  ])("%s in [%s, %s] → %s", (value, min, max, expected) => {
    expect(checkRuleWith("range", value, { min, max })).toBe(expected);
  });
});
