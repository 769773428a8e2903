// China time at the two edges of its day: 00:30 China time is still the previous day in UTC, 23:30
// China time is already 15:30 UTC of the same day. Every business day follows China's calendar.
import { describe, expect, it } from "vitest";
import { chinaDateTime, chinaDay, chinaDays, chinaDaysAgo, chinaDaySql, chinaMonthStart, chinaWallClockIso } from "../../../src/common/china-time.ts";
import { gatewayTime } from "../../../src/server/onlinepay/gateway-time.ts";

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

  it("reads a China wall-clock time as the instant it names, with or without the T, as a gateway's time does", () => {
    expect(chinaWallClockIso("2026-05-16 00:30:00")).toBe("2026-05-16T00:30:00+08:00");
    expect(new Date(chinaWallClockIso("2026-05-16T00:30:00")).getTime()).toBe(halfPastMidnight.getTime());
    // Alipay's China time without a zone, WeChat Pay's RFC 3339: the same instant.
    expect(gatewayTime("2026-05-16 00:30:00").getTime()).toBe(halfPastMidnight.getTime());
    expect(gatewayTime("2026-05-16T00:30:00+08:00").getTime()).toBe(halfPastMidnight.getTime());
    // Unreadable or absent: now.
    const before = Date.now();
    expect(gatewayTime("昨天").getTime()).toBeGreaterThanOrEqual(before);
    expect(gatewayTime(null).getTime()).toBeGreaterThanOrEqual(before);
  });
});
