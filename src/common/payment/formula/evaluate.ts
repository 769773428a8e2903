// A formula tree computed exactly (rational.ts) for one room: the variables' values are decimal texts.
// The server computes the same tree in SQL numeric for many rooms at once (payment/formula-sql.ts);
// a property test holds the two to the same fen.
import { applyRounding, type RoundingMode } from "../rounding.ts";
import { FormulaError } from "./errors.ts";
import { add, decimalRational, div, mul, rational, rationalText, roundScaled, sub, type Rational } from "./rational.ts";
import { formulaText, type Expr } from "./tree.ts";
import type { VariableName } from "./variables.ts";

export type FormulaValues = Partial<Record<VariableName, string | null>>;

/** The tree's exact value; a missing variable or a division by zero is a FormulaError, never a 0. */
export function evaluateFormula(e: Expr, values: FormulaValues): Rational {
  switch (e.kind) {
    case "number":
      return decimalRational(e.value);
    case "variable": {
      const v = values[e.name];
      if (v === undefined || v === null || v === "") throw new FormulaError("FORMULA_MISSING_VALUE", { name: e.name });
      return decimalRational(v);
    }
    case "negate": {
      const a = evaluateFormula(e.arg, values);
      return rational(-a.n, a.d);
    }
    case "binary": {
      const a = evaluateFormula(e.left, values);
      const b = evaluateFormula(e.right, values);
      switch (e.op) {
        case "+":
          return add(a, b);
        case "-":
          return sub(a, b);
        case "*":
          return mul(a, b);
        case "/": {
          const q = div(a, b);
          if (!q) throw new FormulaError("FORMULA_DIVIDE_BY_ZERO", { part: formulaText(e.right) });
          return q;
        }
      }
    }
  }
}

/**
 * A fee formula's bill amount: the value in yuan rounded half up to the fen, then the community's
 * rounding mode. A negative amount is refused (no bill is negative).
 */
export function formulaAmountFen(e: Expr, values: FormulaValues, mode: RoundingMode = 1): number {
  const value = evaluateFormula(e, values);
  const fen = roundScaled(value, 2);
  if (fen < 0n) throw new FormulaError("FORMULA_NEGATIVE", { value: rationalText(value) });
  const n = Number(fen);
  if (!Number.isSafeInteger(n)) throw new FormulaError("FORMULA_SYNTAX", { detail: "计算结果超出金额范围" });
  return applyRounding(n, mode);
}
