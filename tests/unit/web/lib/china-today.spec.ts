// The pickers' default business day is China time's, not the browser clock's.
import { afterEach, describe, expect, it, vi } from "vitest";
import { chinaNow, chinaToday } from "../../../../src/web/lib/china-today.ts";

describe("chinaToday", () => {
  afterEach(() => vi.useRealTimers());

  it("is already tomorrow in China at 17:00 UTC, and still today at 15:59 UTC", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-28T17:00:00Z"));
    expect(chinaToday().format("YYYY-MM-DD")).toBe("2026-11-29");
    vi.setSystemTime(new Date("2026-11-28T15:59:00Z"));
    expect(chinaToday().format("YYYY-MM-DD")).toBe("2026-11-28");
  });

  it("starts the month of a China-time month's first day, whatever the browser's zone", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-30T16:30:00Z"));
    expect(chinaToday().startOf("month").format("YYYY-MM")).toBe("2026-12");
  });

  it("tells the time on China's wall clock (the camera overlay, the health-code page)", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-28T17:04:05Z"));
    expect(chinaNow().format("YYYY-MM-DD HH:mm:ss")).toBe("2026-11-29 01:04:05");
  });
});
