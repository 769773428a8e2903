// The 日结单's grouping: rows per cashier in the day's order, each cashier's subtotal through fen, and
// a declared total only when every row of the group was declared.
import { describe, expect, it } from "vitest";
import { cashierShifts, shiftTotals, type ShiftRow } from "../../../src/common/payment/cashier-shifts.ts";

const row = (cashierName: string, recorded: string, refund: string, declared: string | null): ShiftRow => {
  const net = ((Math.round(Number(recorded) * 100) - Math.round(Number(refund) * 100)) / 100).toFixed(2);
  return {
    cashierName,
    paymentCount: 1,
    recordedAmount: recorded,
    refundAmount: refund,
    netAmount: net,
    declaredAmount: declared,
    difference: declared === null ? null : ((Math.round(Number(declared) * 100) - Math.round(Number(net) * 100)) / 100).toFixed(2),
  };
};

describe("cashier shifts", () => {
  const rows = [row("张明", "0.10", "0.00", "0.10"), row("李华", "100.00", "2500.00", "-2400.00"), row("张明", "0.20", "0.00", "0.30")];

  it("groups rows per cashier in the order the day lists them", () => {
    const shifts = cashierShifts(rows);
    expect(shifts.map((s) => s.cashier)).toEqual(["张明", "李华"]);
    expect(shifts[0].list).toEqual([rows[0], rows[2]]);
  });

  it("adds a cashier's figures through fen (0.10 + 0.20 is 0.30) and keeps negatives", () => {
    const [zhang, li] = cashierShifts(rows);
    expect(zhang.subtotal).toEqual({ paymentCount: 2, recordedAmount: "0.30", refundAmount: "0.00", netAmount: "0.30", declaredAmount: "0.40", difference: "0.10" });
    expect(li.subtotal).toMatchObject({ netAmount: "-2400.00", declaredAmount: "-2400.00", difference: "0.00" });
  });

  it("has no declared total while a row of the group is undeclared", () => {
    const totals = shiftTotals([...rows, row("王芳", "5.00", "0.00", null)]);
    expect(totals).toMatchObject({ paymentCount: 4, recordedAmount: "105.30", declaredAmount: null, difference: null });
  });
});
