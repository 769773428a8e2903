// A reading's use, exact: rollover on a meter with a maximum reading, replacements in the period, the
// multiplier, a negative use when the meter went back without either; the 3 × average spike test.
import { describe, expect, it } from "vitest";
import { isUseSpike, meterUsage } from "../../../src/common/payment/meter-usage.ts";

describe("meterUsage", () => {
  it("multiplies the difference exactly", () => {
    expect(meterUsage({ previousReading: "10.50", currentReading: "20.75", multiplier: "2.50" })).toEqual({ usage: "25.6250", rolledOver: false, replaced: false });
    expect(meterUsage({ previousReading: "0.10", currentReading: "0.30", multiplier: "1" }).usage).toBe("0.2000");
  });

  it("rolls over past the maximum reading, and goes negative without one", () => {
    expect(meterUsage({ previousReading: "9990.00", currentReading: "12.00", multiplier: "1", maxReading: "9999.99" })).toEqual({ usage: "21.9900", rolledOver: true, replaced: false });
    expect(meterUsage({ previousReading: "50.00", currentReading: "40.00", multiplier: "2" })).toEqual({ usage: "-20.0000", rolledOver: false, replaced: false });
  });

  it("adds the old meter's last stretch and the new meter's first", () => {
    const r = meterUsage({ previousReading: "150.00", currentReading: "5.00", multiplier: "1", replacements: [{ oldFinalReading: "170.00", newInitialReading: "0.00" }] });
    expect(r).toEqual({ usage: "25.0000", rolledOver: false, replaced: true });
    const two = meterUsage({
      previousReading: "1.00",
      currentReading: "4.00",
      multiplier: "10",
      replacements: [
        { oldFinalReading: "2.00", newInitialReading: "0.00" },
        { oldFinalReading: "3.00", newInitialReading: "1.00" },
      ],
    });
    expect(two.usage).toBe("70.0000");
  });
});

describe("isUseSpike", () => {
  it("is a use over 3 × the average of the earlier ones", () => {
    expect(isUseSpike("30.0001", ["10.0000", "10.0000"])).toBe(true);
    expect(isUseSpike("30.0000", ["10.0000", "10.0000"])).toBe(false);
    expect(isUseSpike("30.0000", [])).toBe(false);
    expect(isUseSpike("-5.0000", ["1.0000"])).toBe(false);
    expect(isUseSpike("1.0000", ["0.0000"])).toBe(false);
  });
});
