// Spec §5 amounts: required, format, leading zeros, the 1000000.00 maximum, the caller-given pay
// maximum, area, discount and positive amount, with their exact messages.
import { describe, expect, test } from "vitest";
import { checkRuleWith } from "../../../src/common/validate.ts";
import { amountCases } from "./cases/amounts.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(amountCases);

describe("payAmount with a caller-given maximum (checkRuleWith)", () => {
  test.each([
    ["500.00", "500.00", null],
    ["499.99", "500.00", null],
    ["500.01", "500.00", "输入的金额不能大于500.00"],
    ["0.01", "0.00", "输入的金额不能大于0.00"],
    // The fixed 1000000.00 cap still comes first when the caller's maximum is higher.
    ["1000000.01", "2000000.00", "输入的金额不能大于1000000.00"],
    ["1.234", "500.00", "请输入数字类型，仅保留两位小数"],
    ["", "500.00", "请输入金额！"],
  ])("%s with max %s → %s", (value, max, expected) => {
    expect(checkRuleWith("payAmount", value, { max })).toBe(expected);
  });
});
