// The 日结单（交班表）'s grouping, one rule for the printable sheet and its workbook: a day's rows per
// cashier (in the order the day lists them) with each cashier's subtotal, and the day's total the
// same way. A declared amount or difference adds up only when every row of the group has one.
import { sumYuan } from "../money.ts";

/** What the grouping reads of a day's row (money as yuan strings; a row not yet declared has no declared amount). */
export interface ShiftRow {
  cashierName: string;
  paymentCount: number;
  recordedAmount: string;
  refundAmount: string;
  netAmount: string;
  declaredAmount: string | null;
  difference: string | null;
}

export interface ShiftTotals {
  paymentCount: number;
  recordedAmount: string;
  refundAmount: string;
  netAmount: string;
  /** Null while a row of the group is undeclared. */
  declaredAmount: string | null;
  difference: string | null;
}

/** The figures of `rows` added up. */
export function shiftTotals(rows: readonly ShiftRow[]): ShiftTotals {
  const declared = rows.every((r) => r.declaredAmount !== null);
  return {
    paymentCount: rows.reduce((n, r) => n + r.paymentCount, 0),
    recordedAmount: sumYuan(rows.map((r) => r.recordedAmount)),
    refundAmount: sumYuan(rows.map((r) => r.refundAmount)),
    netAmount: sumYuan(rows.map((r) => r.netAmount)),
    declaredAmount: declared ? sumYuan(rows.map((r) => r.declaredAmount)) : null,
    difference: declared ? sumYuan(rows.map((r) => r.difference)) : null,
  };
}

/** The rows of each cashier with the cashier's subtotal. */
export function cashierShifts<R extends ShiftRow>(rows: readonly R[]): { cashier: string; list: R[]; subtotal: ShiftTotals }[] {
  const byCashier = new Map<string, R[]>();
  for (const r of rows) byCashier.set(r.cashierName, [...(byCashier.get(r.cashierName) ?? []), r]);
  return [...byCashier].map(([cashier, list]) => ({ cashier, list, subtotal: shiftTotals(list) }));
}
