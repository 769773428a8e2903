// Fee formulas, declared and never eval'd (docs/payment.md "Formulas and 公摊").
export { parseFormula } from "./parse.ts";
export { evaluateFormula, formulaAmountFen } from "./evaluate.ts";
export { FormulaError } from "./errors.ts";
export { formulaText, variablesOf, type Expr } from "./tree.ts";
export { V, VARIABLES, type VariableName } from "./variables.ts";
export { largestRemainder } from "./share.ts";
export { decimalRational, rationalText, type Rational } from "./rational.ts";
