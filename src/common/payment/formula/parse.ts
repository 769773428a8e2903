// Formula text → the whitelisted tree (tree.ts). jsep only tokenises and builds its syntax tree; that
// tree is then walked and every node checked: decimal numbers, the four operators, unary minus and
// the names of variables.ts. Anything else (another operator, a call, member access, a string, a
// name not on the list) is refused naming the token — the formula is data and never runs as code.
import jsep from "jsep";
import type { Expression } from "jsep";
import { FormulaError } from "./errors.ts";
import type { BinaryOp, Expr } from "./tree.ts";
import { variableOf } from "./variables.ts";

/** Longest formula text accepted and the largest tree: a fee formula is a line, not a program. */
export const MAX_FORMULA_LENGTH = 200;
export const MAX_FORMULA_NODES = 60;
/** Decimals a number in a formula may have. */
export const MAX_DECIMALS = 6;

const BINARY: ReadonlySet<string> = new Set(["+", "-", "*", "/"]);
/** What people type for × and ÷ (and full-width forms), read as * and /. */
const SIGNS: [RegExp, string][] = [
  [/[×＊]/g, "*"],
  [/[÷／]/g, "/"],
  [/[−－]/g, "-"],
  [/＋/g, "+"],
  [/（/g, "("],
  [/）/g, ")"],
];

/** A jsep node's text field (raw, name, operator), which jsep types loosely. */
const textOf = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

const CONTEXT_NAMES: Record<string, string> = {
  CallExpression: "函数调用",
  MemberExpression: "属性访问",
  ArrayExpression: "数组",
  Compound: "多个表达式",
  ThisExpression: "this",
  ConditionalExpression: "条件表达式",
  SequenceExpression: "逗号",
};

/** The tree of `text`, or a FormulaError naming what is not allowed. `context` limits the names (a 公摊 formula has T, F, 户数). */
export function parseFormula(text: string, context: "fee" | "share" = "fee"): Expr {
  const trimmed = text.trim();
  if (!trimmed) throw new FormulaError("FORMULA_SYNTAX", { detail: "公式为空" });
  if ([...trimmed].length > MAX_FORMULA_LENGTH) throw new FormulaError("FORMULA_SYNTAX", { detail: `不能超过${MAX_FORMULA_LENGTH}个字符` });
  let source = trimmed;
  for (const [from, to] of SIGNS) source = source.replace(from, to);
  let ast: Expression;
  try {
    ast = jsep(source);
  } catch (e) {
    const index = (e as { index?: number }).index;
    const detail = typeof index !== "number" ? "无法解析" : index >= source.length ? "公式不完整" : `第${index + 1}个字符附近有误`;
    throw new FormulaError("FORMULA_SYNTAX", { detail });
  }
  let nodes = 0;
  const walk = (n: Expression): Expr => {
    if (++nodes > MAX_FORMULA_NODES) throw new FormulaError("FORMULA_SYNTAX", { detail: `不能超过${MAX_FORMULA_NODES}项` });
    switch (n.type) {
      case "Literal": {
        const raw = textOf(n.raw);
        if (typeof n.value !== "number") throw new FormulaError("FORMULA_NOT_ALLOWED", { token: raw });
        const m = /^(\d+)(?:\.(\d+))?$/.exec(raw);
        if (!m) throw new FormulaError("FORMULA_SYNTAX", { detail: `数字“${raw}”应为普通小数` });
        if ((m[2] ?? "").length > MAX_DECIMALS) throw new FormulaError("FORMULA_SYNTAX", { detail: `数字“${raw}”最多${MAX_DECIMALS}位小数` });
        if (m[1].length > 12) throw new FormulaError("FORMULA_SYNTAX", { detail: `数字“${raw}”过大` });
        return { kind: "number", value: raw };
      }
      case "Identifier": {
        const name = textOf(n.name);
        const v = variableOf(name);
        if (!v || !v.contexts.includes(context)) throw new FormulaError("FORMULA_UNKNOWN_NAME", { name });
        return { kind: "variable", name: v.name };
      }
      case "UnaryExpression": {
        const op = textOf(n.operator);
        if (op === "+") return walk(n.argument as Expression);
        if (op !== "-") throw new FormulaError("FORMULA_NOT_ALLOWED", { token: op });
        return { kind: "negate", arg: walk(n.argument as Expression) };
      }
      case "BinaryExpression": {
        const op = textOf(n.operator);
        if (!BINARY.has(op)) throw new FormulaError("FORMULA_NOT_ALLOWED", { token: op });
        return { kind: "binary", op: op as BinaryOp, left: walk(n.left as Expression), right: walk(n.right as Expression) };
      }
      case "CallExpression": {
        const callee = n.callee as Expression;
        const name = callee.type === "Identifier" ? `${textOf(callee.name)}()` : CONTEXT_NAMES.CallExpression;
        throw new FormulaError("FORMULA_NOT_ALLOWED", { token: name });
      }
      default:
        throw new FormulaError("FORMULA_NOT_ALLOWED", { token: CONTEXT_NAMES[n.type] ?? n.type });
    }
  };
  return walk(ast);
}
