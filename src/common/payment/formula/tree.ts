// A formula as a typed expression tree: the only shapes there are. parse.ts builds it from text
// (through jsep, then the whitelist); evaluate.ts computes it exactly; the server compiles it to SQL.
import type { VariableName } from "./variables.ts";

export type BinaryOp = "+" | "-" | "*" | "/";

export type Expr =
  /** A non-negative decimal, as written (e.g. "1.5"). */
  { kind: "number"; value: string } | { kind: "variable"; name: VariableName } | { kind: "negate"; arg: Expr } | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr };

/** The variables a tree uses, each once, in order of first use. */
export function variablesOf(e: Expr, out: VariableName[] = []): VariableName[] {
  switch (e.kind) {
    case "variable":
      if (!out.includes(e.name)) out.push(e.name);
      break;
    case "negate":
      variablesOf(e.arg, out);
      break;
    case "binary":
      variablesOf(e.left, out);
      variablesOf(e.right, out);
      break;
  }
  return out;
}

const PRECEDENCE: Record<BinaryOp, number> = { "+": 1, "-": 1, "*": 2, "/": 2 };
const SHOWN: Record<BinaryOp, string> = { "+": "+", "-": "−", "*": "×", "/": "÷" };

/** The tree as text with the Chinese names and × ÷, parenthesised only where needed. */
export function formulaText(e: Expr, parent = 0, rightSide = false): string {
  switch (e.kind) {
    case "number":
      return e.value;
    case "variable":
      return e.name;
    case "negate":
      return `-${formulaText(e.arg, 3)}`;
    case "binary": {
      const p = PRECEDENCE[e.op];
      const text = `${formulaText(e.left, p)} ${SHOWN[e.op]} ${formulaText(e.right, p, true)}`;
      return p < parent || (p === parent && rightSide) ? `(${text})` : text;
    }
  }
}
