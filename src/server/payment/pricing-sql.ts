// The SQL twin of src/common/payment/pricing.ts for bulk generation: the same amounts, computed by
// PostgreSQL numeric (exact decimals) over many rooms in one statement. round(numeric) rounds halves
// away from zero = half up for these non-negative amounts; then the community's rounding mode
// applies to the integer fen (rounding.ts). Prices, months and amounts are parameters (checked first:
// validated integers and decimals); the text depends only on the pricing method and rounding mode.
import { cycleMonths } from "../../common/payment/pricing.ts";
import { sql, type Sql } from "../platform/db/sql.ts";
import { PricingMethod } from "../../../generated/states.ts";
import { formulaPricingSql } from "./fee-formula.ts";

export interface SqlPricing {
  pricingMethod: number;
  billingCycle: number;
  unitPriceFen: number | null;
  meterMultiplier: string | null;
  roundingMode: number;
  manualAmountFen: number | null;
  /** Method 5 (fee-formula.ts): the formula and its pricing type's 附加费 and 系数; absent in a task planned before formulas. */
  formula?: string | null;
  surchargeFen?: number | null;
  coefficient?: string | null;
}

const int = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return n;
};
const decimal = (t: string): string => {
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(t)) throw new Error(`not a decimal: ${t}`);
  return t;
};

/** The rounding mode over an integer fen expression (null stays null). */
export function roundedSql(fenExpr: Sql, mode: number): Sql {
  switch (mode) {
    case 2:
      return sql`(((${fenExpr}) + 5) / 10) * 10`;
    case 3:
      return sql`(((${fenExpr}) + 50) / 100) * 100`;
    case 4:
      return sql`((${fenExpr}) / 10) * 10`;
    case 5:
      return sql`((${fenExpr}) / 100) * 100`;
    default:
      return fenExpr;
  }
}

/**
 * quantity and amount expressions over a room alias `c` (column charge_area: the room's 计费面积, else
 * its 建筑面积) and, for meter pricing, an alias `m` with the room's approved use of the period (join given by `needsMeter`).
 */
export function pricingSql(p: SqlPricing): { quantity: Sql; amount: Sql; needsMeter: boolean } {
  const months = cycleMonths(p.billingCycle);
  switch (p.pricingMethod) {
    case PricingMethod.ByArea: {
      const base = sql`round(c.charge_area * ${int(p.unitPriceFen ?? 0)}::bigint * ${int(months)}::int)::bigint`;
      return { quantity: sql`c.charge_area`, amount: roundedSql(base, p.roundingMode), needsMeter: false };
    }
    case PricingMethod.FixedPerHousehold:
      return { quantity: sql`${int(months)}::int`, amount: roundedSql(sql`${int((p.unitPriceFen ?? 0) * months)}::bigint`, p.roundingMode), needsMeter: false };
    case PricingMethod.ByMeterReading: {
      const mult = decimal(p.meterMultiplier || "1");
      // m.usage: the approved readings' use (rollover, replacement and the meter's 倍率 applied), × the pricing type's multiplier.
      const qty = sql`(m.usage * ${mult}::numeric)`;
      const base = sql`case when m.usage >= 0 then round(${qty} * ${int(p.unitPriceFen ?? 0)}::bigint)::bigint end`;
      return { quantity: sql`case when m.usage >= 0 then ${qty} end`, amount: roundedSql(base, p.roundingMode), needsMeter: true };
    }
    case PricingMethod.Formula: {
      const f = formulaPricingSql({ ...p, formula: p.formula ?? null, surchargeFen: p.surchargeFen ?? null, coefficient: p.coefficient ?? null });
      return { quantity: f.quantity, amount: roundedSql(f.fen, p.roundingMode), needsMeter: f.needsMeter };
    }
    case PricingMethod.ManualEntry:
      return { quantity: sql`1`, amount: p.manualAmountFen === null ? sql`null::bigint` : sql`${int(p.manualAmountFen)}::bigint`, needsMeter: false };
    default:
      return { quantity: sql`null::numeric`, amount: sql`null::bigint`, needsMeter: false };
  }
}
