// The fee arithmetic, exact: money is integer fen, quantities are decimal text (building area,
// meter readings, multipliers, rates) turned into scaled bigints; nothing goes through floating point.
//
// Rounding (docs/payment.md): a bill amount is first rounded to the fen, half up (x.5 fen → x+1),
// from the exact product; then the community's rounding mode (rounding.ts) applies to that fen
// amount. The server computes the same thing in SQL numeric (src/server/payment/pricing-sql.ts):
// round(area × unit price fen × months) — PostgreSQL rounds numeric halves away from zero, which
// is half up for these non-negative amounts.
import { applyRounding, type RoundingMode } from "./rounding.ts";

/** Pricing methods (mapping pricingMethod). */
export const PRICING = { AREA: 1, FIXED: 2, METER: 3, MANUAL: 4 } as const;
/** Billing cycles (mapping billingCycle). */
export const CYCLE = { MONTHLY: 1, QUARTERLY: 2, YEARLY: 3, ONE_OFF: 4 } as const;

/** Months a bill of the cycle covers: the unit price is per month (area and fixed pricing). */
export function cycleMonths(cycle: number): number {
  return cycle === CYCLE.QUARTERLY ? 3 : cycle === CYCLE.YEARLY ? 12 : 1;
}

/** "123.4" → 12340n at scale 2. Throws on anything but a non-negative decimal with ≤ scale decimals. */
export function scaled(text: string | number, scale: number): bigint {
  const t = typeof text === "number" ? String(text) : text.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(t);
  if (!m || (m[2] ?? "").length > scale) throw new RangeError(`not a decimal with at most ${scale} decimals: ${t}`);
  return BigInt(m[1]) * 10n ** BigInt(scale) + BigInt((m[2] ?? "").padEnd(scale, "0") || "0");
}

/** n / d rounded half up (half away from zero for negative n); d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError("divisor must be positive");
  if (n < 0n) return -divRoundHalfUp(-n, d);
  return (2n * n + d) / (2n * d);
}

const toFen = (v: bigint): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError("amount too large");
  return n;
};

/** Building area (㎡, ≤ 2 decimals) × unit price (fen per ㎡ and month) × months, to the fen. */
export function areaAmountFen(area: string, unitPriceFen: number, months = 1): number {
  return toFen(divRoundHalfUp(scaled(area, 2) * BigInt(unitPriceFen) * BigInt(months), 100n));
}

/** A fixed amount per room and month × months. */
export function fixedAmountFen(unitPriceFen: number, months = 1): number {
  return toFen(BigInt(unitPriceFen) * BigInt(months));
}

/** The metered quantity: (current − previous) × multiplier (empty = 1), exact at scale 4; null if the meter went back. */
export function meterQuantity(previous: string, current: string, multiplier?: string | null): bigint | null {
  const diff = scaled(current, 2) - scaled(previous, 2);
  if (diff < 0n) return null;
  return diff * (multiplier ? scaled(multiplier, 2) : 100n);
}

/** Reading difference × multiplier × unit price (fen per unit), to the fen; null when the meter went back. */
export function meterAmountFen(previous: string, current: string, unitPriceFen: number, multiplier?: string | null): number | null {
  const q = meterQuantity(previous, current, multiplier);
  return q === null ? null : toFen(divRoundHalfUp(q * BigInt(unitPriceFen), 10_000n));
}

export interface PriceInput {
  pricingMethod: number;
  billingCycle: number;
  /** Fen; required for methods 1–3. */
  unitPriceFen?: number | null;
  meterMultiplier?: string | null;
  /** Method 1: the room's 建筑面积, priced unless it has a 计费面积. */
  buildingArea?: string | null;
  /** Method 1: the room's 计费面积 (empty = its 建筑面积). */
  chargeArea?: string | null;
  /** Method 3. */
  previousReading?: string | null;
  currentReading?: string | null;
  /** Method 4: the amount entered at generation. */
  manualAmountFen?: number | null;
  roundingMode?: RoundingMode;
}

/** The amount of one bill, or null when the room lacks what its pricing needs (it is skipped). */
export function billAmountFen(p: PriceInput): number | null {
  const months = cycleMonths(p.billingCycle);
  const mode = p.roundingMode ?? 1;
  switch (p.pricingMethod) {
    case PRICING.AREA: {
      const area = p.chargeArea || p.buildingArea;
      if (p.unitPriceFen == null || !area) return null;
      return applyRounding(areaAmountFen(area, p.unitPriceFen, months), mode);
    }
    case PRICING.FIXED:
      if (p.unitPriceFen == null) return null;
      return applyRounding(fixedAmountFen(p.unitPriceFen, months), mode);
    case PRICING.METER: {
      if (p.unitPriceFen == null || p.previousReading == null || p.currentReading == null) return null;
      const fen = meterAmountFen(p.previousReading, p.currentReading, p.unitPriceFen, p.meterMultiplier);
      return fen === null ? null : applyRounding(fen, mode);
    }
    case PRICING.MANUAL:
      return p.manualAmountFen ?? null;
    default:
      return null;
  }
}

/**
 * Late fee: principal (fen) × daily rate (‰, ≤ 2 decimals) × overdue days, to the fen (half up).
 * 0 when not overdue.
 */
export function lateFeeFen(principalFen: number, ratePermille: string, overdueDays: number): number {
  if (principalFen <= 0 || overdueDays <= 0) return 0;
  return toFen(divRoundHalfUp(BigInt(principalFen) * scaled(ratePermille, 2) * BigInt(overdueDays), 100_000n));
}

/**
 * A discount waiver (spec §5 discount: 0 < d ≤ 10, e.g. 9.5 = 95 %): the amount taken off the
 * outstanding amount = outstanding − outstanding × d / 10 (the part still to pay rounded half up).
 */
export function discountOffFen(outstandingFen: number, discount: string): number {
  const d = scaled(discount, 2);
  if (d <= 0n || d > 1000n) throw new RangeError("discount out of range");
  const payable = divRoundHalfUp(BigInt(outstandingFen) * d, 1000n);
  return toFen(BigInt(outstandingFen) - payable);
}

/** What is still owed on a bill: due + late fee − paid − waived. */
export function outstandingFen(b: { amountDue: number; lateFee?: number | null; amountPaid?: number | null; amountWaived?: number | null }): number {
  return b.amountDue + (b.lateFee ?? 0) - (b.amountPaid ?? 0) - (b.amountWaived ?? 0);
}

/** A ratio as a percentage text with two decimals, exact (half up): 1/3 → "33.33". "-" when den is 0. */
export function percentText(num: number, den: number): string {
  if (den <= 0) return "-";
  const bp = divRoundHalfUp(BigInt(num) * 10_000n, BigInt(den));
  const sign = bp < 0n ? "-" : "";
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
