// The fee arithmetic (src/common/payment): exact integer fen, half-up rounding at the fen, the
// community rounding modes, every pricing method, late fees, discount waivers and rates.
import { describe, expect, it } from "vitest";
import {
  areaAmountFen,
  billAmountFen,
  cycleMonths,
  discountOffFen,
  divRoundHalfUp,
  fixedAmountFen,
  lateFeeFen,
  meterAmountFen,
  meterQuantity,
  outstandingFen,
  percentText,
  scaled,
} from "../../../src/common/payment/pricing.ts";
import { applyRounding } from "../../../src/common/payment/rounding.ts";

describe("exact decimals", () => {
  it("scales decimal text without floating point", () => {
    expect(scaled("89.1", 2)).toBe(8910n);
    expect(scaled("0.01", 2)).toBe(1n);
    expect(scaled("12", 2)).toBe(1200n);
    expect(scaled("99999999.99", 2)).toBe(9999999999n);
    expect(() => scaled("1.234", 2)).toThrow();
    expect(() => scaled("-1", 2)).toThrow();
    expect(() => scaled("1e3", 2)).toThrow();
  });

  it("divides rounding half up (away from zero below zero)", () => {
    expect(divRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divRoundHalfUp(4n, 10n)).toBe(0n);
    expect(divRoundHalfUp(15n, 10n)).toBe(2n);
    expect(divRoundHalfUp(25n, 10n)).toBe(3n); // not banker's rounding
    expect(divRoundHalfUp(-15n, 10n)).toBe(-2n);
    expect(() => divRoundHalfUp(1n, 0n)).toThrow();
  });
});

describe("pricing methods", () => {
  it("area × unit price rounds half up at the fen, with the cycle's months", () => {
    expect(areaAmountFen("89.10", 235)).toBe(20939); // 20938.5
    expect(areaAmountFen("33.33", 235)).toBe(7833); // 7832.55
    expect(areaAmountFen("33.32", 235)).toBe(7830); // 7830.2
    expect(areaAmountFen("0.01", 249)).toBe(2); // 2.49
    expect(areaAmountFen("0.02", 25)).toBe(1); // 0.5
    expect(areaAmountFen("100.00", 250, 3)).toBe(75000);
    expect(areaAmountFen("10000.00", 100_000_000, 12)).toBe(12_000_000_000_000);
    expect(areaAmountFen("0.35", 150)).toBe(53); // 52.5 -> 53, while 0.35 * 150 in floats is 52.49999…
  });

  it("fixed amounts multiply by the months of the cycle", () => {
    expect(cycleMonths(1)).toBe(1);
    expect(cycleMonths(2)).toBe(3);
    expect(cycleMonths(3)).toBe(12);
    expect(cycleMonths(4)).toBe(1);
    expect(fixedAmountFen(3005, 3)).toBe(9015);
  });

  it("meter: reading difference × multiplier × unit price, null when the meter went back", () => {
    expect(meterQuantity("100.00", "112.35")).toBe(123500n);
    expect(meterQuantity("100.00", "112.35", "1.50")).toBe(185250n);
    expect(meterAmountFen("100.00", "112.35", 421, "1.50")).toBe(7799); // 7799.025
    expect(meterAmountFen("0", "0.33", 421, "1.50")).toBe(208); // 208.395
    expect(meterAmountFen("0", "0.01", 50)).toBe(1); // 0.5
    expect(meterAmountFen("5", "5", 421)).toBe(0);
    expect(meterAmountFen("50", "40", 421)).toBeNull();
  });

  it("billAmountFen dispatches by method and skips rooms missing what the pricing needs", () => {
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 250, buildingArea: "88.88" })).toBe(22220);
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 250, buildingArea: null })).toBeNull();
    // A 计费面积, when the room has one, is what is priced.
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 250, buildingArea: "88.88", chargeArea: "80.00" })).toBe(20000);
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 250, buildingArea: null, chargeArea: "80.00" })).toBe(20000);
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 250, buildingArea: "88.88", chargeArea: null })).toBe(22220);
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: null, buildingArea: "1" })).toBeNull();
    expect(billAmountFen({ pricingMethod: 2, billingCycle: 3, unitPriceFen: 3000 })).toBe(36000);
    expect(billAmountFen({ pricingMethod: 3, billingCycle: 1, unitPriceFen: 420, previousReading: "1", currentReading: null })).toBeNull();
    expect(billAmountFen({ pricingMethod: 4, billingCycle: 4, manualAmountFen: 50000 })).toBe(50000);
    expect(billAmountFen({ pricingMethod: 4, billingCycle: 4 })).toBeNull();
    expect(billAmountFen({ pricingMethod: 9, billingCycle: 1, unitPriceFen: 1 })).toBeNull();
  });
});

describe("rounding modes", () => {
  it("round to fen, jiao or yuan, or drop the small change", () => {
    expect([1, 2, 3, 4, 5].map((m) => applyRounding(12345, m))).toEqual([12345, 12350, 12300, 12340, 12300]);
    expect([1, 2, 3, 4, 5].map((m) => applyRounding(12350, m))).toEqual([12350, 12350, 12400, 12350, 12300]);
    expect([1, 2, 3, 4, 5].map((m) => applyRounding(4, m))).toEqual([4, 0, 0, 0, 0]);
    expect(billAmountFen({ pricingMethod: 2, billingCycle: 2, unitPriceFen: 3005, roundingMode: 3 })).toBe(9000);
    expect(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 235, buildingArea: "89.10", roundingMode: 2 })).toBe(20940);
  });
});

describe("late fees, waivers and rates", () => {
  it("late fee = principal × daily rate ‰ × overdue days, half up", () => {
    expect(lateFeeFen(20000, "0.50", 10)).toBe(100);
    expect(lateFeeFen(12345, "0.50", 1)).toBe(6); // 6.1725
    expect(lateFeeFen(100, "0.05", 1)).toBe(0); // 0.005
    expect(lateFeeFen(10000, "0.05", 1)).toBe(1); // 0.5
    expect(lateFeeFen(20000, "0.50", 0)).toBe(0);
    expect(lateFeeFen(0, "0.50", 30)).toBe(0);
  });

  it("a discount takes off what is not payable at the discount (9.5 = 95 %)", () => {
    expect(discountOffFen(16000, "9.5")).toBe(800);
    expect(discountOffFen(16000, "10")).toBe(0);
    expect(discountOffFen(12345, "9.5")).toBe(617); // payable 11727.75 -> 11728
    expect(discountOffFen(1, "0.01")).toBe(1);
    expect(() => discountOffFen(100, "0")).toThrow();
    expect(() => discountOffFen(100, "10.01")).toThrow();
  });

  it("outstanding = due + late fee − paid − waived", () => {
    expect(outstandingFen({ amountDue: 10000, lateFee: 50, amountPaid: 3000, amountWaived: 1000 })).toBe(6050);
    expect(outstandingFen({ amountDue: 10000 })).toBe(10000);
  });

  it("rates are exact percentages with two decimals", () => {
    expect(percentText(185, 200)).toBe("92.50");
    expect(percentText(1, 3)).toBe("33.33");
    expect(percentText(2, 3)).toBe("66.67");
    expect(percentText(1, 8)).toBe("12.50");
    expect(percentText(0, 5)).toBe("0.00");
    expect(percentText(3, 0)).toBe("-");
  });
});
