// Money at the edge of the declared operations. An operation property declared `format: money`
// (schemas/operations/*.yaml, schemas/meta/operations.schema.yaml):
// - an input (an input part's property, or a node inside one: "rows[].declaredAmount"): yuan on the
//   wire, text or number, read as the desk types it (spaces and thousands separators dropped, a
//   Chinese minus read as "-"), then checked by the amount rule (at most two decimals,
//   0..1000000.00; or the property's own `rule:`, e.g. signedAmount) with its exact messages; the
//   handler gets integer fen (null when absent or empty):
//     body: { properties: { amount: { format: money, label: 退款金额 } }, required: [amount] }
//     route(app, operations.applyRefund, async ({ body }) => body.amount) // 1250 for "12.50"
// - a node of the answer's data (any depth): the handler returns integer fen (its result type says
//   number), the client gets a two-decimal yuan text ("12.50"); null stays null:
//     data: { type: object, properties: { amount: { format: money } } }
// The route table lists the converted paths (generated/operations.ts `money`); operation.ts applies
// moneyText before the input is validated, moneyIn after, and moneyOut to the handler's result.
import { fenToYuan, normalizeAmountText, signedYuanToFen } from "../../../common/money.ts";

/** A path's steps: "list[].amount" -> ["list", "[]", "amount"]. */
const stepsOf = (path: string): string[] => path.replace(/\[\]/g, ".[]").split(".").filter(Boolean);

/** The value with each node at these steps replaced by leaf(node) (a copy along the path: the given objects are left as they are). */
function mapAt(value: unknown, steps: readonly string[], leaf: (node: unknown) => unknown): unknown {
  if (!steps.length) return leaf(value);
  if (value === null || typeof value !== "object") return value;
  const [step, ...rest] = steps;
  if (step === "[]") return Array.isArray(value) ? value.map((item) => mapAt(item, rest, leaf)) : value;
  if (Array.isArray(value) || !(step in value)) return value;
  return { ...value, [step]: mapAt((value as Record<string, unknown>)[step], rest, leaf) };
}

const eachPath = (value: unknown, paths: readonly string[] | undefined, leaf: (node: unknown) => unknown): unknown => (paths ?? []).reduce((out, path) => mapAt(out, stepsOf(path), leaf), value);

/** The part with each money value in the one form the rules read: a number as its decimal text, a text as the desk's typing normalized. */
export function moneyText(part: unknown, paths: readonly string[] | undefined): unknown {
  return eachPath(part, paths, (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? normalizeAmountText(v) : v));
}

/** The part with each money value as fen (the validator accepted it as an amount of its rule); "" and null are null. */
export function moneyIn(part: unknown, paths: readonly string[] | undefined): unknown {
  return eachPath(part, paths, (v) => (v === undefined ? v : typeof v === "string" && v !== "" ? signedYuanToFen(v) : null));
}

/** The handler's result with the money at these paths as yuan text. */
export function moneyOut(data: unknown, paths: readonly string[] | undefined): unknown {
  return eachPath(data, paths, (v) => (typeof v === "number" || typeof v === "bigint" ? fenToYuan(v) : v));
}
