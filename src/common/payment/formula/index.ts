// Fee formulas, declared and never eval'd (docs/payment.md "Formulas and 公摊").
export { parseFormula, MAX_FORMULA_LENGTH } from "./parse.ts";
export { evaluateFormula, formulaAmountFen, type FormulaValues } from "./evaluate.ts";
export { FormulaError, type FormulaErrorName } from "./errors.ts";
export { formulaText, variablesOf, type Expr } from "./tree.ts";
export { V, VARIABLES, variableOf, type VariableName } from "./variables.ts";
export { largestRemainder, type Share, type ShareInput } from "./share.ts";
export { decimalRational, rationalText, type Rational } from "./rational.ts";
