import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advertDelayMs, bannerVisible, carouselLoops, nextAdvert, startRotation } from "../../../src/web/pages/workbench/advert-state.ts";

describe("advert banner visibility (spec §2)", () => {
  it("shows with adverts, unless closed or while the layout is edited", () => {
    expect(bannerVisible({ count: 1, closed: false, editing: false })).toBe(true);
    expect(bannerVisible({ count: 0, closed: false, editing: false })).toBe(false);
    expect(bannerVisible({ count: 2, closed: true, editing: false })).toBe(false);
    expect(bannerVisible({ count: 2, closed: false, editing: true })).toBe(false);
  });
});

describe("advert carousel (spec §4)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("loops only with more than one advert", () => {
    expect(carouselLoops(0)).toBe(false);
    expect(carouselLoops(1)).toBe(false);
    expect(carouselLoops(2)).toBe(true);
    expect([0, 1, 2].map((i) => nextAdvert(i, 3))).toEqual([1, 2, 0]);
    expect(nextAdvert(0, 1)).toBe(0);
  });

  it("waits 5 s by default, otherwise rotationPeriod seconds", () => {
    expect(advertDelayMs(undefined)).toBe(5000);
    expect(advertDelayMs(null)).toBe(5000);
    expect(advertDelayMs(0)).toBe(5000);
    expect(advertDelayMs(-3)).toBe(5000);
    expect(advertDelayMs(8)).toBe(8000);
  });

  it("turns every 5 s through the adverts and back to the first", async () => {
    let index = 0;
    const stop = startRotation(3, undefined, (turn) => (index = turn(index)));
    await vi.advanceTimersByTimeAsync(4999);
    expect(index).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(index).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(index).toBe(0);
    stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(index).toBe(0);
  });

  it("turns every rotationPeriod seconds when given", async () => {
    let turns = 0;
    const stop = startRotation(2, 12, () => turns++);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(turns).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns).toBe(1);
    stop();
  });

  it("never turns a single advert", async () => {
    let turns = 0;
    startRotation(1, 1, () => turns++);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(turns).toBe(0);
  });
});
