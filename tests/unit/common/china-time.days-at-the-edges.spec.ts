// China time at the two edges of its day: 00:30 China time is still the previous day in UTC, 23:30
// China time is already 15:30 UTC of the same day. Every business day follows China's calendar.
import { describe, expect, it } from "vitest";
import { chinaDateTime, chinaDay, chinaDays, chinaDaysAgo, chinaDaySql, chinaMonthStart } from "../../../src/common/china-time.ts";

const halfPastMidnight = new Date("2026-05-15T16:30:00Z"); // 2026-05-16 00:30 in China
const halfPastEleven = new Date("2026-05-16T15:30:00Z"); // 2026-05-16 23:30 in China

describe("China time", () => {
  it("names the China calendar day at 00:30 and at 23:30", () => {
    expect(chinaDay(halfPastMidnight)).toBe("2026-05-16");
    expect(chinaDay(halfPastEleven)).toBe("2026-05-16");
  });

  it("counts days ago from the China day (14 days before 05-16 is 05-02 at both edges)", () => {
    expect(chinaDaysAgo(14, halfPastMidnight)).toBe("2026-05-02");
    expect(chinaDaysAgo(14, halfPastEleven)).toBe("2026-05-02");
    expect(chinaDaysAgo(0, halfPastMidnight)).toBe("2026-05-16");
  });

  it("lists the last n China days, oldest first, from the instant the first one starts", () => {
    for (const now of [halfPastMidnight, halfPastEleven]) {
      const { days, since } = chinaDays(now, 3);
      expect(days).toEqual(["2026-05-14", "2026-05-15", "2026-05-16"]);
      expect(since.toISOString()).toBe("2026-05-13T16:00:00.000Z");
    }
  });

  it("starts the month at China midnight, also on the first day at 00:30", () => {
    expect(chinaMonthStart(new Date("2026-05-31T16:30:00Z")).toISOString()).toBe("2026-05-31T16:00:00.000Z"); // 06-01 00:30 China
    expect(chinaMonthStart(halfPastEleven).toISOString()).toBe("2026-04-30T16:00:00.000Z");
  });

  it("prints an instant in China time and leaves other text alone", () => {
    expect(chinaDateTime("2026-05-15T16:30:00Z")).toBe("2026-05-16 00:30:00");
    expect(chinaDateTime(halfPastEleven)).toBe("2026-05-16 23:30:00");
    expect(chinaDateTime("不是日期")).toBe("不是日期");
  });

  it("gives the same day in SQL", () => {
    expect(chinaDaySql("paid_at")).toBe("to_char((paid_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')");
  });
});
