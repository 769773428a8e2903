// Pricing method 5 公式计价 (docs/payment.md "Formulas and 公摊"): a pricing type's formula is parsed
// when it is saved (unknown names and operators refused naming the token; the names it uses stored
// beside it), priced for many rooms in SQL by bill generation (formulaPricingSql, through the generic
// pricing of pricing-sql.ts) and tried on one room in TypeScript (previewFeeFormula). Both read a
// room's values through the same SQL fragments (roomValueSql).
import { fenToYuan } from "../../common/money.ts";
import { cycleMonths } from "../../common/payment/pricing.ts";
import {
  evaluateFormula,
  formulaAmountFen,
  FormulaError,
  formulaText,
  parseFormula,
  rationalText,
  V,
  VARIABLES,
  variablesOf,
  type Expr,
  type VariableName,
} from "../../common/payment/formula/index.ts";
import type { PreviewFeeFormulaBody, PreviewFeeFormulaResult } from "../../../generated/operation-types.ts";
import { PricingMethod } from "../../../generated/states.ts";
import { registerResourceHooks, type WriteContext } from "../crud/hooks.ts";
import { apiError, type ApiError } from "../platform/http/envelope.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { DbSession } from "../platform/db/types.ts";
import { empty, join, raw, sql, type Sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { loadSettings } from "./settings.ts";
import { notFound } from "./common.ts";
import { formulaFenSql } from "./formula-sql.ts";

/** A formula refusal as the API answers it: its own code, the message naming the token, on `field`. */
export function formulaRefusal(e: FormulaError, field = "formula"): ApiError {
  return apiError(e.errorName, { message: e.message, data: { errors: [{ field, message: e.message }] } });
}

/** The tree of a formula text, or the refusal the API answers. */
export function parsedOrRefused(text: string, context: "fee" | "share" = "fee", field = "formula"): Expr {
  try {
    return parseFormula(text, context);
  } catch (e) {
    if (e instanceof FormulaError) throw formulaRefusal(e, field);
    throw e;
  }
}

/** The area a room is billed by: its 计费面积, else its 建筑面积. */
const chargeArea = (r: Sql) => sql`coalesce(${r}.charge_area, ${r}.building_area)`;

/**
 * A room's value of a formula name, over a rooms row aliased `r` (tenant_id, community_id,
 * building_id, unit_id, charge_area, building_area, floor); null for names that are not the room's.
 */
export function roomValueSql(name: VariableName, r: Sql): Sql | null {
  const sumOf = (where: Sql) => sql`(select sum(${chargeArea(sql`x`)}) from rooms x where x.tenant_id = ${r}.tenant_id and ${where})`;
  switch (name) {
    case V.area:
      return chargeArea(r);
    case V.buildingArea:
      return sql`${r}.building_area`;
    case V.floor:
      return sql`${r}.floor`;
    case V.communityArea:
      return sumOf(sql`x.community_id = ${r}.community_id`);
    case V.buildingTotalArea:
      return sumOf(sql`x.building_id = ${r}.building_id`);
    case V.unitArea:
      return sumOf(sql`x.unit_id = ${r}.unit_id`);
    default:
      return null;
  }
}

/** What a pricing type gives a formula: prices in fen, the coefficient as decimal text, the cycle. */
export interface FormulaPricing {
  formula: string | null;
  unitPriceFen: number | null;
  surchargeFen: number | null;
  coefficient: string | null;
  billingCycle: number;
}

/** The pricing type's own names as decimal texts (null when it has none). */
function pricingValues(p: FormulaPricing): Partial<Record<VariableName, string | null>> {
  return {
    单价: p.unitPriceFen === null ? null : fenToYuan(p.unitPriceFen),
    附加费: p.surchargeFen === null ? "0" : fenToYuan(p.surchargeFen),
    系数: p.coefficient ?? "1",
    月数: String(cycleMonths(p.billingCycle)),
  };
}

/** Whether a pricing type's formula reads 用量 (its item then bills a meter type's approved use). */
export function formulaUsesMeter(formula: string | null | undefined): boolean {
  if (!formula) return false;
  try {
    return variablesOf(parseFormula(formula)).includes(V.usage);
  } catch {
    return false;
  }
}

/**
 * quantity and amount (fen before the rounding mode) of method 5 for bill generation's room alias `c`
 * (a rooms row) and meter readings alias `m` when the formula uses 用量 (`needsMeter`).
 */
export function formulaPricingSql(p: FormulaPricing & { meterMultiplier: string | null }): { quantity: Sql; fen: Sql; needsMeter: boolean } {
  if (!p.formula) return { quantity: sql`null::numeric`, fen: sql`null::bigint`, needsMeter: false };
  const tree = parseFormula(p.formula);
  const names = variablesOf(tree);
  const own = pricingValues(p);
  const multiplier = p.meterMultiplier && /^\d{1,12}(\.\d{1,4})?$/.test(p.meterMultiplier) ? p.meterMultiplier : "1";
  // m.usage: the approved readings' use of the room's meters of the item's type (generation.ts), × the pricing type's multiplier.
  const usage = sql`case when m.usage >= 0 then m.usage * ${multiplier}::numeric end`;
  const c = sql`c`;
  const fen = formulaFenSql(tree, (name) => {
    if (name === V.usage) return usage;
    const room = roomValueSql(name, c);
    if (room) return room;
    const v = own[name];
    return v === undefined || v === null ? sql`null::numeric` : sql`${v}::numeric`;
  });
  const needsMeter = names.includes(V.usage);
  const quantity = needsMeter ? usage : names.includes(V.area) ? chargeArea(c) : sql`1`;
  return { quantity, fen, needsMeter };
}

/** Save-time check of a pricing type: a formula is parsed (refused naming the token) and its names stored. */
async function checkPriceTypeFormula(ctx: WriteContext): Promise<void> {
  let method = ctx.columns.get("pricing_method") ?? ctx.body.pricingMethod;
  let formula = ctx.columns.has("formula") ? ctx.columns.get("formula") : ctx.body.formula;
  if (ctx.mode === "update" && ctx.id !== undefined && (method === undefined || formula === undefined)) {
    const rows = await camelRows<{ pricingMethod: number; formula: string | null }>(
      ctx.db,
      sql`select pricing_method, formula from price_types where tenant_id = ${ctx.session.tenantId} and id = ${ctx.id}`,
    );
    method ??= rows[0]?.pricingMethod;
    formula = formula === undefined ? rows[0]?.formula : formula;
  }
  if (Number(method) !== PricingMethod.Formula || typeof formula !== "string" || !formula.trim()) {
    ctx.columns.set("formula_variables", null);
    return;
  }
  const tree = parsedOrRefused(formula);
  ctx.columns.set("formula_variables", variablesOf(tree).join("、"));
}

export function registerFeeFormulaHooks(): void {
  registerResourceHooks("priceTypes", { beforeWrite: checkPriceTypeFormula });
}

interface PriceTypeRow {
  communityId: number;
  pricingMethod: number;
  billingCycle: number;
  unitPrice: string | number | null;
  surcharge: string | number | null;
  coefficient: string | null;
  formula: string | null;
}

/** A formula tried on one room: the unsaved form's values first, else the chosen pricing type's. */
export async function previewFeeFormula(db: DbSession, session: SessionInfo, communityId: number, body: PreviewFeeFormulaBody): Promise<PreviewFeeFormulaResult> {
  let saved: PriceTypeRow | undefined;
  if (body.priceTypeId) {
    [saved] = await camelRows<PriceTypeRow>(
      db,
      sql`select community_id, pricing_method, billing_cycle, unit_price, surcharge, coefficient, formula from price_types where tenant_id = ${session.tenantId} and id = ${body.priceTypeId}`,
    );
    if (!saved || Number(saved.communityId) !== communityId) throw notFound();
  }
  const pick = <T>(given: T | null | undefined, stored: T | null | undefined): T | null => (given !== undefined && given !== null && given !== "" ? given : (stored ?? null));
  const formula = pick(body.formula, saved?.formula) ?? "";
  const tree = parsedOrRefused(formula);
  const unitPrice = pick(body.unitPrice, saved?.unitPrice);
  const surcharge = pick(body.surcharge, saved?.surcharge);
  const own = pricingValues({
    formula,
    unitPriceFen: unitPrice === null ? null : Number(unitPrice),
    surchargeFen: surcharge === null ? null : Number(surcharge),
    coefficient: pick(body.coefficient, saved?.coefficient),
    billingCycle: Number(pick(body.billingCycle, saved?.billingCycle) ?? 1),
  });
  const names = variablesOf(tree);
  const roomNames = names.filter((n) => roomValueSql(n, sql`r`) !== null);
  const values: Partial<Record<VariableName, string | null>> = { ...own, 用量: body.usage ?? null };
  const [room] = await camelRows<{ id: number } & Record<string, string | null>>(
    db,
    sql`select r.id${roomNames.length ? sql`, ${joinValues(roomNames)}` : empty} from rooms r where r.tenant_id = ${session.tenantId} and r.id = ${body.roomId} and r.community_id = ${communityId}`,
  );
  if (!room) throw notFound();
  roomNames.forEach((n, i) => (values[n] = room[`v${i}`] === null ? null : String(room[`v${i}`])));
  const mode = (await loadSettings(db, session.tenantId, communityId)).roundingMode;
  try {
    const exact = evaluateFormula(tree, values);
    return {
      formula: formulaText(tree),
      amount: formulaAmountFen(tree, values, mode),
      quantity: rationalText(exact, 4),
      lines: names.map((name) => ({ name, value: values[name] ?? null, meaning: VARIABLES.find((v) => v.name === name)!.meaning })),
    };
  } catch (e) {
    if (e instanceof FormulaError) throw formulaRefusal(e);
    throw e;
  }
}

/** `<value> as v0, <value> as v1, …` of the room's names. */
function joinValues(names: VariableName[]): Sql {
  return join(names.map((n, i) => sql`(${roomValueSql(n, sql`r`)!})::text as ${raw(`v${i}`)}`));
}
