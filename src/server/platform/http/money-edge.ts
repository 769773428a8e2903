// Money at the edge of the declared operations. An operation property declared `format: money`
// (schemas/operations/*.yaml, schemas/meta/operations.schema.yaml):
// - an input (an input part's own property): yuan on the wire, text or number, checked by the
//   amount rule (at most two decimals, 0..1000000.00; or the property's own `rule:`) with its exact
//   messages; the handler gets integer fen (null when absent or empty):
//     body: { properties: { amount: { format: money, label: 退款金额 } }, required: [amount] }
//     route(app, operations.applyRefund, async ({ body }) => body.amount) // 1250 for "12.50"
// - a node of the answer's data (any depth): the handler returns integer fen (its result type says
//   number), the client gets a two-decimal yuan text ("12.50"); null stays null:
//     data: { type: object, properties: { amount: { format: money } } }
// The route table lists the converted properties and paths (generated/operations.ts `money`);
// operation.ts applies moneyIn after the input is validated and moneyOut to the handler's result.
import { fenToYuan, yuanToFen } from "../../../common/money.ts";

/** The part with each listed property as fen (the validator accepted it as an amount); "" and null are null. */
export function moneyIn(part: unknown, keys: readonly string[] | undefined): unknown {
  if (!keys?.length || typeof part !== "object" || part === null) return part;
  const out: Record<string, unknown> = { ...part };
  for (const key of keys) {
    const value = out[key];
    if (value === undefined) continue;
    // The validator accepted it as an amount: a text or a finite number.
    out[key] = typeof value === "string" || typeof value === "number" ? (value === "" ? null : yuanToFen(String(value).trim())) : null;
  }
  return out;
}

/** A path's steps: "list[].amount" -> ["list", "[]", "amount"]. */
const stepsOf = (path: string): string[] => path.replace(/\[\]/g, ".[]").split(".").filter(Boolean);

function convert(value: unknown, steps: readonly string[]): unknown {
  if (!steps.length) return typeof value === "number" || typeof value === "bigint" ? fenToYuan(value) : value;
  if (value === null || typeof value !== "object") return value;
  const [step, ...rest] = steps;
  if (step === "[]") return Array.isArray(value) ? value.map((item) => convert(item, rest)) : value;
  if (Array.isArray(value) || !(step in value)) return value;
  return { ...value, [step]: convert((value as Record<string, unknown>)[step], rest) };
}

/** The handler's result with the money at these paths as yuan text (a copy along the paths: the handler's objects are left as they are). */
export function moneyOut(data: unknown, paths: readonly string[] | undefined): unknown {
  let out = data;
  for (const path of paths ?? []) out = convert(out, stepsOf(path));
  return out;
}
