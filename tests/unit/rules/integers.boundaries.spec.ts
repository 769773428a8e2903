// Spec §5 integer rules at and across their limits; integer-only and multiple-of-N with another N.
import { describe, expect, test } from "vitest";
import { checkRuleWith } from "../../../src/common/validate.ts";
import { integerCases } from "./cases/integers.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(integerCases);

describe("integerOnly with another N (checkRuleWith)", () => {
  test.each([
    ["123456", 6, null],
    ["1234567", 6, "长度不超过6个数字"],
    ["1", 1, null],
    ["12", 1, "长度不超过1个数字"],
    ["1.5", 6, "请输入数字"],
    ["", 6, ""],
  ])("%s with n=%s → %s", (value, n, expected) => {
    expect(checkRuleWith("integerOnly", value, { n })).toBe(expected);
  });
});

describe("multipleOf with N = 5 (checkRuleWith)", () => {
  test.each([
    ["0", null],
    ["5", null],
    ["10", null],
    ["7", "请输入5的倍数"],
    ["-5", "请输入5的倍数"],
    ["2.5", "请输入5的倍数"],
    ["abc", "请输入5的倍数"],
  ])("%s → %s", (value, expected) => {
    expect(checkRuleWith("multipleOf", value, { n: 5 })).toBe(expected);
  });
});
