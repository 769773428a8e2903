import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { idleTour, isLastStep, needsNavigation, tourReducer, waitForEvent, waitForTarget, type TourAction, type TourState } from "../../../src/web/tours/tour-state.ts";
import { paymentSetupTour, smartHomeTour } from "../../../src/web/tours/tours.ts";

const run = (actions: TourAction[], from: TourState = idleTour) => actions.reduce(tourReducer, from);

describe("tour step index (spec §4)", () => {
  it("starts preparing step 0, shows it when ready", () => {
    expect(run([{ type: "start", tourId: "t", total: 3 }])).toEqual({ status: "preparing", tourId: "t", index: 0, total: 3 });
    expect(run([{ type: "start", tourId: "t", total: 3 }, { type: "ready" }]).status).toBe("showing");
  });

  it("goes next and previous, never before the first step", () => {
    const s = run([{ type: "start", tourId: "t", total: 3 }, { type: "ready" }, { type: "next" }, { type: "ready" }]);
    expect(s).toMatchObject({ status: "showing", index: 1 });
    expect(run([{ type: "prev" }], s)).toMatchObject({ status: "preparing", index: 0 });
    const first = run([{ type: "start", tourId: "t", total: 3 }, { type: "ready" }]);
    expect(run([{ type: "prev" }], first)).toBe(first);
  });

  it("finishes after the last step (next or finish)", () => {
    const last = run([{ type: "start", tourId: "t", total: 2 }, { type: "ready" }, { type: "next" }, { type: "ready" }]);
    expect(isLastStep(last)).toBe(true);
    expect(run([{ type: "next" }], last)).toEqual({ status: "ended", tourId: "t", reason: "finished", index: 1 });
    expect(run([{ type: "finish" }], last)).toMatchObject({ status: "ended", reason: "finished" });
  });

  it("quits at any step", () => {
    const s = run([{ type: "start", tourId: "t", total: 3 }, { type: "ready" }, { type: "quit" }]);
    expect(s).toMatchObject({ status: "ended", reason: "quit", index: 0 });
  });

  it("ends when a step's target is missing", () => {
    const s = run([{ type: "start", tourId: "t", total: 3 }, { type: "ready" }, { type: "next" }, { type: "targetMissing" }]);
    expect(s).toEqual({ status: "ended", tourId: "t", reason: "targetMissing", index: 1 });
  });

  it("ignores a tour without steps", () => {
    expect(run([{ type: "start", tourId: "t", total: 0 }])).toBe(idleTour);
  });
});

describe("step preparation", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("finds a target that appears later", async () => {
    let element: string | null = null;
    const found = waitForTarget(() => element, { timeoutMs: 3000, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(500);
    element = "tab";
    await vi.advanceTimersByTimeAsync(100);
    await expect(found).resolves.toBe("tab");
  });

  it("gives up on a target that never appears (the tour then ends)", async () => {
    const found = waitForTarget(() => null, { timeoutMs: 3000, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(3100);
    await expect(found).resolves.toBeNull();
  });

  it("waits for a step's event, or times out", async () => {
    const target = new EventTarget();
    const answered = waitForEvent(target, "opened", 3000);
    target.dispatchEvent(new Event("opened"));
    await expect(answered).resolves.toBe(true);
    const silent = waitForEvent(target, "never", 3000);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(silent).resolves.toBe(false);
  });

  it("navigates only when the step's path is not the current one", () => {
    expect(needsNavigation({ target: "x", title: "", description: "", path: "/a?tab=1" }, "/a?tab=1")).toBe(false);
    expect(needsNavigation({ target: "x", title: "", description: "", path: "/a?tab=2" }, "/a?tab=1")).toBe(true);
    expect(needsNavigation({ target: "x", title: "", description: "" }, "/a")).toBe(false);
  });
});

describe("the tours started from the guides", () => {
  it("the payment set-up tour opens the guide, then each settings tab", () => {
    expect(paymentSetupTour.steps[0].fire).toMatchObject({ event: "neptune:open-guide", waitFor: "neptune:guide-opened" });
    expect(paymentSetupTour.steps.slice(1, 6).map((s) => s.target)).toEqual(["second", "first", "four", "invoiceSet", "others"].map((k) => `[data-node-key="${k}"]`));
  });

  it("the smart-home tour walks the smart-home pages", () => {
    expect(smartHomeTour.steps.filter((s) => s.path).map((s) => s.path)).toEqual([
      "/intelligence/smartDevice",
      "/intelligence/smartHouseTemplate",
      "/intelligence/smartRoom",
      "/intelligence/smartWorkers",
    ]);
  });
});
