// What a printed receipt says about each of its lines beyond the amount (docs/payment.md "Receipts"):
// the part of a bill's charge that paid its late fee, the months a bill covers, its unit price ×
// quantity, and what the receipt is for (its title).
import { applyRounding } from "./rounding.ts";
import { areaAmountFen, billAmountFen, cycleMonths, PRICING, scaled } from "./pricing.ts";
import { addMonths } from "./period.ts";
import { fenToYuan } from "../money.ts";
import { PaymentItemCategory, PaymentSource, ReceiptKind } from "../../../generated/states.ts";

/**
 * The late fee and principal of one charge on a bill. The late fee is settled first: a charge pays
 * what is left of the bill's (fixed) late fee after the money already received on the bill
 * (`paidBeforeFen`: earlier charges less refunds), then principal.
 */
export function splitLateFee(amountFen: number, billLateFeeFen: number, paidBeforeFen: number): { principal: number; lateFee: number } {
  const lateLeft = Math.max(0, billLateFeeFen - Math.max(0, paidBeforeFen));
  const lateFee = Math.max(0, Math.min(amountFen, lateLeft));
  return { principal: amountFen - lateFee, lateFee };
}

/** The last month a bill of `period` ("YYYY-MM") covers when its cycle spans `months` months. */
export function periodEndOf(period: string, months: number): string {
  if (!/^\d{4}-\d{2}$/.test(period)) return period;
  return addMonths(period, Math.max(1, months) - 1);
}

export interface LinePricingInput {
  pricingMethod: number | null;
  billingCycle: number | null;
  /** The pricing type's unit price now (fen per ㎡, room or metered unit, and month). */
  unitPriceFen: number | null;
  /** The bill's quantity (area, metered use or months; two decimals). */
  quantity: string | null;
  /** The bill's amount due (fen, before waivers and late fee). */
  amountDueFen: number;
  roundingMode: number;
  meterUnit: string | null;
}

export interface LinePricing {
  /** Yuan per unit and month. */
  unitPrice: string;
  quantity: string;
  quantityUnit: string;
  months: number;
}

const AREA_UNIT = "㎡";
const MONTH_UNIT = "月";

/**
 * Unit price × quantity (× months) of a bill, when its pricing type's price gives the bill's amount
 * exactly (the price may have changed since the bill was made: then null, and the receipt shows no
 * unit price rather than a wrong one). Manually entered amounts have none.
 */
export function linePricing(p: LinePricingInput): LinePricing | null {
  if (p.pricingMethod === null || p.unitPriceFen === null || p.quantity === null || p.billingCycle === null) return null;
  let quantity: bigint;
  try {
    quantity = scaled(p.quantity, 4);
  } catch {
    return null;
  }
  const months = cycleMonths(p.billingCycle);
  const text = (q: bigint) => fenToYuan(q / 100n); // scale 4 → two decimals (the column keeps two)
  // Area and fixed amounts: what bill generation would charge at the price now.
  const price = { pricingMethod: p.pricingMethod, billingCycle: p.billingCycle, unitPriceFen: p.unitPriceFen, roundingMode: p.roundingMode };
  switch (p.pricingMethod) {
    case PRICING.AREA: {
      const area = text(quantity);
      if (billAmountFen({ ...price, buildingArea: area }) !== p.amountDueFen) return null;
      return { unitPrice: fenToYuan(p.unitPriceFen), quantity: area, quantityUnit: AREA_UNIT, months };
    }
    case PRICING.FIXED: {
      if (quantity !== BigInt(months) * 10_000n || billAmountFen(price) !== p.amountDueFen) return null;
      return { unitPrice: fenToYuan(p.unitPriceFen), quantity: String(months), quantityUnit: MONTH_UNIT, months };
    }
    case PRICING.METER: {
      const used = text(quantity);
      if (applyRounding(areaAmountFen(used, p.unitPriceFen, 1), p.roundingMode) !== p.amountDueFen) return null;
      return { unitPrice: fenToYuan(p.unitPriceFen), quantity: used, quantityUnit: p.meterUnit ?? "", months: 1 };
    }
    default:
      return null;
  }
}

/**
 * What a receipt is for (mapping receiptKind), from its first charge: a prepayment recharge, a deposit
 * (or an item of category 押金类), a temporary charge (or an item of category 临时收费类), otherwise
 * the periodic property fees of bills.
 */
export function receiptKindOf(line: { source: number | null; category: number | null } | undefined): ReceiptKind {
  if (line?.source === PaymentSource.PrepayTopUp) return ReceiptKind.Prepayment;
  if (line?.source === PaymentSource.Deposit || line?.category === PaymentItemCategory.Deposit) return ReceiptKind.Deposit;
  if (line?.source === PaymentSource.AdHocCharge || line?.category === PaymentItemCategory.Temporary) return ReceiptKind.Temporary;
  return ReceiptKind.PropertyFee;
}
