// A formula refused (at save time) or that cannot be computed for a room: the error code of
// schemas/errors.yaml and its message with the token filled in, so the server answers it and the
// web form shows the same text before saving.
import { errorCodes } from "../../../../generated/errors.ts";

export type FormulaErrorName = "FORMULA_UNKNOWN_NAME" | "FORMULA_NOT_ALLOWED" | "FORMULA_SYNTAX" | "FORMULA_DIVIDE_BY_ZERO" | "FORMULA_NEGATIVE" | "FORMULA_MISSING_VALUE";

export class FormulaError extends Error {
  constructor(
    readonly errorName: FormulaErrorName,
    readonly values: Record<string, string>,
  ) {
    super(errorCodes[errorName].message.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole));
    this.name = "FormulaError";
  }
}
