// Month arithmetic on billing periods (src/common/payment/period.ts): n months on, and a month's last day.
import { describe, expect, it } from "vitest";
import { addMonths, monthEndDay } from "../../../src/common/payment/period.ts";

describe("month arithmetic", () => {
  it("adds months across years, backwards too", () => {
    expect(addMonths("2026-04", 0)).toBe("2026-04");
    expect(addMonths("2026-04", 1)).toBe("2026-05");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-11", 14)).toBe("2028-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-03", -15)).toBe("2024-12");
  });

  it("names the last day of a month, leap years included", () => {
    expect(monthEndDay("2026-01")).toBe("2026-01-31");
    expect(monthEndDay("2026-02")).toBe("2026-02-28");
    expect(monthEndDay("2028-02")).toBe("2028-02-29");
    expect(monthEndDay("2026-04")).toBe("2026-04-30");
    expect(monthEndDay("2026-12")).toBe("2026-12-31");
  });
});
