import { describe, expect, it } from "vitest";
import { rateText } from "../../../src/server/workbench/fee-overview.ts";

describe("the fee overview's collection rate (收缴率)", () => {
  it("is a percentage to one decimal, rounded half up, exact on integers", () => {
    expect(rateText(26_500, 40_000)).toBe("66.3%"); // 66.25
    expect(rateText(26_460, 40_000)).toBe("66.2%"); // 66.15
    expect(rateText(1, 3)).toBe("33.3%");
    expect(rateText(2, 3)).toBe("66.7%");
    expect(rateText(40_000, 40_000)).toBe("100.0%");
    expect(rateText(0, 40_000)).toBe("0.0%");
    expect(rateText(1, 200_000)).toBe("0.0%"); // 0.0005 %
    expect(rateText(9_007_199_254_740_991, 9_007_199_254_740_990)).toBe("100.0%");
  });

  it("says 0.0% when nothing is due, and keeps a sign when refunds outweigh", () => {
    expect(rateText(0, 0)).toBe("0.0%");
    expect(rateText(500, 0)).toBe("0.0%");
    expect(rateText(-125, 1000)).toBe("-12.5%");
  });
});
