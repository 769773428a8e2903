// What a printed receipt says about each line (src/common/payment/receipt-lines.ts): the late fee
// apart from the principal (settled first), the months a bill covers, unit price × quantity only where
// it gives the bill's amount, and the receipt's kind from its first charge.
import { describe, expect, it } from "vitest";
import { linePricing, periodEndOf, receiptKindOf, splitLateFee } from "../../../src/common/payment/receipt-lines.ts";

describe("splitLateFee", () => {
  it("takes the late fee first, then principal", () => {
    expect(splitLateFee(31584, 32, 0)).toEqual({ principal: 31552, lateFee: 32 });
    expect(splitLateFee(20, 32, 0)).toEqual({ principal: 0, lateFee: 20 });
    // a second charge on the bill pays what is left of it
    expect(splitLateFee(31564, 32, 20)).toEqual({ principal: 31552, lateFee: 12 });
    expect(splitLateFee(100, 32, 500)).toEqual({ principal: 100, lateFee: 0 });
    expect(splitLateFee(100, 0, 0)).toEqual({ principal: 100, lateFee: 0 });
  });
});

describe("periodEndOf", () => {
  it("names the last month a cycle covers", () => {
    expect(periodEndOf("2026-04", 1)).toBe("2026-04");
    expect(periodEndOf("2026-10", 3)).toBe("2026-12");
    expect(periodEndOf("2026-01", 12)).toBe("2026-12");
    expect(periodEndOf("2026-11", 3)).toBe("2027-01");
  });
});

describe("linePricing", () => {
  const base = { billingCycle: 1, roundingMode: 1, meterUnit: null };
  it("shows area × unit price (× months) when it gives the amount", () => {
    expect(linePricing({ ...base, pricingMethod: 1, unitPriceFen: 250, quantity: "126.21", amountDueFen: 31553 })).toEqual({ unitPrice: "2.50", quantity: "126.21", quantityUnit: "㎡", months: 1 });
    expect(linePricing({ ...base, billingCycle: 2, pricingMethod: 1, unitPriceFen: 250, quantity: "100.00", amountDueFen: 75000 })).toEqual({
      unitPrice: "2.50",
      quantity: "100.00",
      quantityUnit: "㎡",
      months: 3,
    });
  });
  it("shows a fixed price × months and a metered use with its unit", () => {
    expect(linePricing({ ...base, billingCycle: 2, pricingMethod: 2, unitPriceFen: 5000, quantity: "3.00", amountDueFen: 15000 })).toEqual({
      unitPrice: "50.00",
      quantity: "3",
      quantityUnit: "月",
      months: 3,
    });
    expect(linePricing({ ...base, pricingMethod: 3, unitPriceFen: 350, quantity: "12.50", amountDueFen: 4375, meterUnit: "吨" })).toEqual({
      unitPrice: "3.50",
      quantity: "12.50",
      quantityUnit: "吨",
      months: 1,
    });
  });
  it("follows the rounding mode", () => {
    expect(linePricing({ ...base, roundingMode: 3, pricingMethod: 1, unitPriceFen: 250, quantity: "126.21", amountDueFen: 31600 })?.unitPrice).toBe("2.50");
  });
  it("shows none where the price no longer gives the amount, for a manual amount, or without a price", () => {
    expect(linePricing({ ...base, pricingMethod: 1, unitPriceFen: 300, quantity: "126.21", amountDueFen: 31553 })).toBeNull();
    expect(linePricing({ ...base, pricingMethod: 4, unitPriceFen: null, quantity: "1", amountDueFen: 10000 })).toBeNull();
    expect(linePricing({ ...base, pricingMethod: null, unitPriceFen: null, quantity: null, amountDueFen: 0 })).toBeNull();
  });
});

describe("receiptKindOf", () => {
  it("reads the kind from the charge's source and its item's category", () => {
    expect(receiptKindOf({ source: 1, category: 1 })).toBe(1);
    expect(receiptKindOf({ source: 3, category: 2 })).toBe(2);
    expect(receiptKindOf({ source: 1, category: 2 })).toBe(2);
    expect(receiptKindOf({ source: 4, category: 3 })).toBe(3);
    expect(receiptKindOf({ source: 2, category: null })).toBe(4);
    expect(receiptKindOf(undefined)).toBe(1);
  });
});
