// Amounts as the desk types them: the Chinese minus signs, spaces and thousands separators become the
// one form the rules read; a leading minus gives negative fen; anything else stays refused.
import { describe, expect, it } from "vitest";
import { normalizeAmountText, signedYuanToFen } from "../../../src/common/money.ts";
import { checkRule } from "../../../src/common/validate.ts";

describe("amounts typed at the desk", () => {
  it.each([
    ["−2500", "-2500"],
    ["－2,500.00", "-2500.00"],
    [" 1 050.5 ", "1050.5"],
    ["2，500", "2500"],
    ["12.50", "12.50"],
  ])("%j reads as %j", (typed, normal) => expect(normalizeAmountText(typed)).toBe(normal));

  it("gives fen with their sign", () => {
    expect(signedYuanToFen("-2500.00")).toBe(-250000);
    expect(signedYuanToFen("0.05")).toBe(5);
    expect(() => signedYuanToFen("--1")).toThrow();
  });

  it("keeps the signed amount rule's limits and messages", () => {
    expect(checkRule("signedAmount", "-2500.00")).toBeNull();
    expect(checkRule("signedAmount", "-1000000.01")).toBe("输入的金额不能小于-1000000.00");
    expect(checkRule("signedAmount", "1000000.01")).toBe("输入的金额不能大于1000000.00");
    expect(checkRule("signedAmount", "-5.555")).toBe("请输入数字类型，可为负数，仅保留两位小数");
    expect(checkRule("signedAmount", normalizeAmountText("abc"))).toBe("请输入数字类型，可为负数，仅保留两位小数");
  });
});
