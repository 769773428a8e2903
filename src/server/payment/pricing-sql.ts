// The SQL twin of src/common/payment/pricing.ts for bulk generation: the same amounts, computed by
// PostgreSQL numeric (exact decimals) over many rooms in one statement. round(numeric) rounds halves
// away from zero = half up for these non-negative amounts; then the community's rounding mode
// applies to the integer fen (rounding.ts). Only validated integers and decimals are written into
// the SQL text.
import { cycleMonths, PRICING } from "../../common/payment/pricing.ts";

export interface SqlPricing {
  pricingMethod: number;
  billingCycle: number;
  unitPriceFen: number | null;
  meterMultiplier: string | null;
  roundingMode: number;
  manualAmountFen: number | null;
}

const int = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return String(n);
};
const decimal = (t: string): string => {
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(t)) throw new Error(`not a decimal: ${t}`);
  return `${t}::numeric`;
};

/** The rounding mode over an integer fen expression (null stays null). */
export function roundedSql(fenExpr: string, mode: number): string {
  switch (mode) {
    case 2:
      return `(((${fenExpr}) + 5) / 10) * 10`;
    case 3:
      return `(((${fenExpr}) + 50) / 100) * 100`;
    case 4:
      return `((${fenExpr}) / 10) * 10`;
    case 5:
      return `((${fenExpr}) / 100) * 100`;
    default:
      return fenExpr;
  }
}

/**
 * quantity and amount expressions over a room alias `c` (column building_area) and, for meter
 * pricing, a meter_readings alias `m` (join given by `needsMeter`).
 */
export function pricingSql(p: SqlPricing): { quantity: string; amount: string; needsMeter: boolean } {
  const months = cycleMonths(p.billingCycle);
  switch (p.pricingMethod) {
    case PRICING.AREA: {
      const base = `round(c.building_area * ${int(p.unitPriceFen ?? 0)} * ${int(months)})::bigint`;
      return { quantity: "c.building_area", amount: roundedSql(base, p.roundingMode), needsMeter: false };
    }
    case PRICING.FIXED:
      return { quantity: `${int(months)}`, amount: roundedSql(`${int((p.unitPriceFen ?? 0) * months)}::bigint`, p.roundingMode), needsMeter: false };
    case PRICING.METER: {
      const mult = p.meterMultiplier ? decimal(p.meterMultiplier) : "1::numeric";
      const qty = `((m.current_reading - m.previous_reading) * ${mult})`;
      const base = `case when m.current_reading >= m.previous_reading then round(${qty} * ${int(p.unitPriceFen ?? 0)})::bigint end`;
      return { quantity: `case when m.current_reading >= m.previous_reading then ${qty} end`, amount: roundedSql(base, p.roundingMode), needsMeter: true };
    }
    case PRICING.MANUAL:
      return { quantity: "1", amount: p.manualAmountFen === null ? "null::bigint" : `${int(p.manualAmountFen)}::bigint`, needsMeter: false };
    default:
      return { quantity: "null::numeric", amount: "null::bigint", needsMeter: false };
  }
}
