// Fee formulas: the whitelist refuses what is not arithmetic on known names (naming the token), the
// arithmetic is exact, and 公摊 by the largest remainder adds up to the total to the fen.
import { describe, expect, it } from "vitest";
import { decimalRational, evaluateFormula, formulaAmountFen, FormulaError, formulaText, largestRemainder, parseFormula, rationalText, variablesOf } from "../../../src/common/payment/formula/index.ts";

const refusal = (text: string, context: "fee" | "share" = "fee") => {
  try {
    parseFormula(text, context);
  } catch (e) {
    expect(e).toBeInstanceOf(FormulaError);
    return { name: (e as FormulaError).errorName, message: (e as Error).message };
  }
  throw new Error(`accepted: ${text}`);
};

describe("parsing: a whitelist, refusals name the token", () => {
  it("reads the Chinese names, their aliases, × ÷ and full-width signs", () => {
    expect(formulaText(parseFormula("面积×单价+附加费"))).toBe("面积 × 单价 + 附加费");
    expect(formulaText(parseFormula("(area + 1.5) * price / 2"))).toBe("(面积 + 1.5) × 单价 ÷ 2");
    expect(formulaText(parseFormula("用量 ÷ （系数 − 1）"))).toBe("用量 ÷ (系数 − 1)");
    expect(formulaText(parseFormula("T/F*R*1.5", "share"))).toBe("公摊总额 ÷ 总面积 × 面积 × 1.5");
    expect(variablesOf(parseFormula("面积*单价+面积"))).toEqual(["面积", "单价"]);
  });

  it.each([
    ["水费 * 2", "FORMULA_UNKNOWN_NAME", "公式中有未知的名称：水费"],
    ["constructor", "FORMULA_UNKNOWN_NAME", "公式中有未知的名称：constructor"],
    ["T * 2", "FORMULA_UNKNOWN_NAME", "公式中有未知的名称：T"],
    ["alert(1)", "FORMULA_NOT_ALLOWED", "公式中不能使用：alert()"],
    ["面积.toString", "FORMULA_NOT_ALLOWED", "公式中不能使用：属性访问"],
    ["'1' + 面积", "FORMULA_NOT_ALLOWED", "公式中不能使用：'1'"],
    ["面积 % 2", "FORMULA_NOT_ALLOWED", "公式中不能使用：%"],
    ["面积 > 1 ? 1 : 2", "FORMULA_NOT_ALLOWED", "公式中不能使用：条件表达式"],
    ["!面积", "FORMULA_NOT_ALLOWED", "公式中不能使用：!"],
    ["[面积]", "FORMULA_NOT_ALLOWED", "公式中不能使用：数组"],
    ["1e3", "FORMULA_SYNTAX", "公式格式不正确：数字“1e3”应为普通小数"],
    ["0.1234567", "FORMULA_SYNTAX", "公式格式不正确：数字“0.1234567”最多6位小数"],
    ["(面积", "FORMULA_SYNTAX", "公式格式不正确：公式不完整"],
    ["面积 ) 单价", "FORMULA_SYNTAX", "公式格式不正确：第4个字符附近有误"],
    ["面积 单价", "FORMULA_NOT_ALLOWED", "公式中不能使用：多个表达式"],
    ["  ", "FORMULA_SYNTAX", "公式格式不正确：公式为空"],
  ])("%s → %s", (text, name, message) => {
    expect(refusal(text)).toEqual({ name, message });
  });

  it("refuses a formula that is too long or too large", () => {
    expect(refusal("1+".repeat(101) + "1").message).toBe("公式格式不正确：不能超过200个字符");
    expect(refusal(Array(40).fill("1").join("+")).message).toBe("公式格式不正确：不能超过60项");
  });
});

describe("evaluation: exact, and no silent 0", () => {
  it("computes fractions exactly", () => {
    expect(rationalText(evaluateFormula(parseFormula("1/3*3"), {}), 6)).toBe("1.000000");
    expect(rationalText(evaluateFormula(parseFormula("0.1+0.2"), {}), 20)).toBe("0.30000000000000000000");
    // 1/3 × 0.015 = 0.005 yuan exactly: half a fen rounds up (a float or a cut decimal gives 0).
    expect(formulaAmountFen(parseFormula("1/3*0.015"), {})).toBe(1);
    expect(formulaAmountFen(parseFormula("面积*单价*月数+附加费"), { 面积: "88.88", 单价: "2.35", 月数: "3", 附加费: "10" })).toBe(63660);
  });

  it("applies the community's rounding mode after the fen", () => {
    const tree = parseFormula("面积*单价");
    expect(formulaAmountFen(tree, { 面积: "88.88", 单价: "2.35" }, 1)).toBe(20887);
    expect(formulaAmountFen(tree, { 面积: "88.88", 单价: "2.35" }, 2)).toBe(20890);
    expect(formulaAmountFen(tree, { 面积: "88.88", 单价: "2.35" }, 5)).toBe(20800);
  });

  it("refuses a division by zero, a missing value and a negative amount with their messages", () => {
    expect(() => formulaAmountFen(parseFormula("面积/(系数-1)"), { 面积: "10", 系数: "1" })).toThrow("公式计算时除数为零：系数 − 1");
    expect(() => formulaAmountFen(parseFormula("用量*单价"), { 单价: "3" })).toThrow("该房屋缺少公式所需的用量");
    expect(() => formulaAmountFen(parseFormula("附加费-面积"), { 附加费: "1", 面积: "2" })).toThrow("公式的计算结果为负数：-1.00");
    // Beyond what a bill can hold: refused, not an internal error.
    expect(() => formulaAmountFen(parseFormula("999999999999*999999999999*999999"), {})).toThrow("公式格式不正确：计算结果超出金额范围");
    // Less than half a fen below zero is 0 fen, not negative.
    expect(formulaAmountFen(parseFormula("0-0.004"), {})).toBe(0);
  });
});

describe("公摊: the largest remainder adds up to the fen", () => {
  const w = (roomId: number, weight: string) => ({ roomId, weight: decimalRational(weight) });

  it("splits 100.00 among three equal rooms as 33.34 + 33.33 + 33.33, the extra fen to the smallest id", () => {
    expect(largestRemainder(10000, [w(7, "1"), w(3, "1"), w(5, "1")])).toEqual([
      { roomId: 7, amountFen: 3333 },
      { roomId: 3, amountFen: 3334 },
      { roomId: 5, amountFen: 3333 },
    ]);
  });

  it("gives the leftover fen to the largest remainders", () => {
    // 1000 fen by 88.5 / 100.25 / 61.25 ㎡ (sum 250): exact 354, 401, 245 fen.
    expect(largestRemainder(1000, [w(1, "88.5"), w(2, "100.25"), w(3, "61.25")]).map((s) => s.amountFen)).toEqual([354, 401, 245]);
    // 10 fen by 1/1/1: 3.33 each, one leftover to room 1.
    expect(largestRemainder(10, [w(1, "1"), w(2, "1"), w(3, "1")]).map((s) => s.amountFen)).toEqual([4, 3, 3]);
    // 2 fen among 3: the two smallest ids.
    expect(largestRemainder(2, [w(9, "1"), w(4, "1"), w(6, "1")]).map((s) => s.amountFen)).toEqual([0, 1, 1]);
  });

  it("splits a zero total into zeros and refuses weights that sum to zero", () => {
    expect(largestRemainder(0, [w(1, "3"), w(2, "0")]).map((s) => s.amountFen)).toEqual([0, 0]);
    expect(() => largestRemainder(100, [w(1, "0"), w(2, "0")])).toThrow(RangeError);
    expect(() => largestRemainder(100, [])).toThrow(RangeError);
  });

  it("always adds up, whatever the weights", () => {
    let seed = 42;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 300; round++) {
      const rooms = Array.from({ length: 1 + rand(40) }, (_, i) => w(i + 1, `${rand(500)}.${rand(100)}`));
      if (rooms.every((r) => r.weight.n === 0n)) continue;
      const total = rand(10_000_000);
      const shares = largestRemainder(total, rooms);
      expect(shares.reduce((s, x) => s + x.amountFen, 0)).toBe(total);
      // Each share is within one fen of its exact proportion.
      const sum = rooms.reduce((s, r) => s + Number(r.weight.n) / Number(r.weight.d), 0);
      shares.forEach((s, i) => expect(Math.abs(s.amountFen - (total * Number(rooms[i].weight.n)) / Number(rooms[i].weight.d) / sum)).toBeLessThan(1.0001));
    }
  });
});
