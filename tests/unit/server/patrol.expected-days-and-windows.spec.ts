// The days and shift windows a patrol plan expects check-ins on (src/server/patrol/expected.ts):
// within 生效日期–失效日期, on the arrangement's 执行日, every such day (每天) or the first such day of
// each week (每周) or month (每月) on or after 生效日期; the window is the shift in China time, an end
// not after the start on the next day.
import { describe, expect, it } from "vitest";
import { daysBetween, isCalendarDay, isPlanDay, planShifts, shiftWindow, workingWeekdays, type PlanSchedule } from "../../../src/server/patrol/expected.ts";

const plan = (over: Partial<PlanSchedule> = {}): PlanSchedule => ({
  cycle: 1,
  startDate: "2025-03-01",
  endDate: null,
  shiftStart: "08:00",
  shiftEnd: "20:00",
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  ...over,
});
// 2025-03-03 is a Monday.
const march = daysBetween("2025-03-01", "2025-03-31");
const days = (p: PlanSchedule, within = march) => within.filter((d) => isPlanDay(p, d));

describe("patrol plan days", () => {
  it("runs daily within its dates on the arrangement's weekdays", () => {
    expect(days(plan({ startDate: "2025-03-03", endDate: "2025-03-07" }))).toEqual(["2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06", "2025-03-07"]);
    expect(days(plan({ weekdays: [6, 7], endDate: "2025-03-09" }))).toEqual(["2025-03-01", "2025-03-02", "2025-03-08", "2025-03-09"]);
    expect(days(plan({ weekdays: [] }))).toEqual([]);
  });

  it("runs weekly on the first working day of each week on or after 生效日期", () => {
    // From Wednesday 03-05: that week's Wednesday, then every Monday.
    expect(days(plan({ cycle: 2, startDate: "2025-03-05" }))).toEqual(["2025-03-05", "2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31"]);
    // Working Tuesdays and Thursdays only: the Tuesday of each week, the Thursday in the first.
    expect(days(plan({ cycle: 2, startDate: "2025-03-05", weekdays: [2, 4] }))).toEqual(["2025-03-06", "2025-03-11", "2025-03-18", "2025-03-25"]);
    // A range that starts mid-week leaves out a day whose week had an earlier plan day.
    expect(days(plan({ cycle: 2, startDate: "2025-03-01" }), daysBetween("2025-03-12", "2025-03-18"))).toEqual(["2025-03-17"]);
  });

  it("runs monthly on the first working day of each month on or after 生效日期", () => {
    expect(days(plan({ cycle: 3, startDate: "2025-02-20" }), daysBetween("2025-02-01", "2025-04-30"))).toEqual(["2025-02-20", "2025-03-01", "2025-04-01"]);
    expect(days(plan({ cycle: 3, startDate: "2025-01-01", weekdays: [1] }), daysBetween("2025-03-01", "2025-04-30"))).toEqual(["2025-03-03", "2025-04-07"]);
  });

  it("reads every day from a 执行日 that is not a list, and ignores values outside 1–7", () => {
    expect([...workingWeekdays(null)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([...workingWeekdays([1, "3", 9, 0, "x"])]).toEqual([1, 3]);
  });
});

describe("patrol shift windows", () => {
  it("is the shift in China time, an end not after the start on the next day", () => {
    expect(shiftWindow(plan(), "2025-03-03")).toEqual({ start: new Date("2025-03-03T00:00:00Z"), end: new Date("2025-03-03T12:00:00Z") });
    expect(shiftWindow(plan({ shiftStart: "20:00", shiftEnd: "08:00" }), "2025-03-03")).toEqual({ start: new Date("2025-03-03T12:00:00Z"), end: new Date("2025-03-04T00:00:00Z") });
    expect(shiftWindow(plan({ shiftStart: "00:00", shiftEnd: "00:00" }), "2025-03-03")).toEqual({ start: new Date("2025-03-02T16:00:00Z"), end: new Date("2025-03-03T16:00:00Z") });
  });

  it("gives no window (no expected check-ins) for times that are not HH:mm", () => {
    expect(shiftWindow(plan({ shiftEnd: "25:00" }), "2025-03-03")).toBeNull();
    expect(planShifts(plan({ shiftStart: "8点" }), march)).toEqual([]);
    expect(planShifts(plan({ endDate: "2025-03-02" }), march).map((s) => s.day)).toEqual(["2025-03-01", "2025-03-02"]);
  });

  it("knows a calendar day", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-3-1")).toBe(false);
    expect(isCalendarDay("0000-01-01")).toBe(false);
    expect(isCalendarDay("9999-12-31")).toBe(false);
  });
});
