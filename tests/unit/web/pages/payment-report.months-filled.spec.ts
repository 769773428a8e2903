// The payment report's chart has a point for every month of the chosen range: a month without bills
// is shown at zero, not left out (src/web/lib/months.ts, src/web/pages/propertyPayment/report/ReportChart.tsx).
import { describe, expect, test } from "vitest";
import { monthsBetween } from "../../../../src/web/lib/months.ts";
import { byMonth } from "../../../../src/web/pages/propertyPayment/report/ReportChart.tsx";
import type { ReportRow } from "../../../../src/web/pages/propertyPayment/types.ts";

const row = (period: string, communityId: number, amountDue: string, collected: string, refunded = "0.00") => ({ period, communityId, amountDue, collected, refunded }) as ReportRow;

describe("months of the payment report", () => {
  test("monthsBetween lists every month of the range, across a year's end", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-05", "2026-05")).toEqual(["2026-05"]);
    expect(monthsBetween("2026-06", "2026-05")).toEqual([]);
    expect(monthsBetween("", "2026-05")).toEqual([]);
  });

  test("months without rows are zero; rows of one month are summed over the communities", () => {
    const months = byMonth([row("2026-01", 1, "100.00", "80.00", "5.00"), row("2026-01", 2, "50.50", "50.50"), row("2026-04", 1, "10.00", "0.00")], "2025-12", "2026-04");
    expect(months).toEqual([
      { period: "2025-12", due: 0, net: 0 },
      { period: "2026-01", due: 15050, net: 12550 },
      { period: "2026-02", due: 0, net: 0 },
      { period: "2026-03", due: 0, net: 0 },
      { period: "2026-04", due: 1000, net: 0 },
    ]);
  });
});
