// Billing periods, due dates and China-time business days (src/common/payment/period.ts).
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, dueDateOf, isPeriod, monthsBetween, periodProblem } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";

describe("periods", () => {
  it("accepts YYYY-MM only", () => {
    expect(isPeriod("2026-11")).toBe(true);
    expect(isPeriod("2026-13")).toBe(false);
    expect(isPeriod("2026-1")).toBe(false);
    expect(isPeriod(202611)).toBe(false);
  });

  it("checks that quarterly and yearly periods start their quarter or year", () => {
    expect(periodProblem("2026-04", 2)).toBeNull();
    expect(periodProblem("2026-05", 2)).toBe("按季计费的账期须为季度首月（01、04、07、10月）");
    expect(periodProblem("2026-01", 3)).toBeNull();
    expect(periodProblem("2026-02", 3)).toBe("按年计费的账期须为1月");
    expect(periodProblem("2026-02", 1)).toBeNull();
    expect(periodProblem("2026-02", 4)).toBeNull();
    expect(periodProblem("bad", 1)).toBe("账期格式应为 YYYY-MM");
  });

  it("puts the due date on the due day of the period's first month", () => {
    expect(dueDateOf("2026-02", 15)).toBe("2026-02-15");
    expect(dueDateOf("2026-02", 31)).toBe("2026-02-28");
    expect(dueDateOf("2026-02", 0)).toBe("2026-02-01");
  });

  it("lists the months of a range", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-02", "2026-01")).toEqual([]);
    expect(monthsBetween("2020-01", "2030-01", 3)).toHaveLength(3);
  });
});

describe("business days in China time", () => {
  it("counts an instant for its Chinese calendar day", () => {
    expect(chinaDay(new Date("2026-03-01T15:59:59Z"))).toBe("2026-03-01");
    expect(chinaDay(new Date("2026-03-01T16:00:00Z"))).toBe("2026-03-02");
  });

  it("adds and counts days across months and years", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-02-15", "2026-03-01")).toBe(14);
    expect(daysBetween("2026-03-01", "2026-02-15")).toBe(-14);
  });
});
