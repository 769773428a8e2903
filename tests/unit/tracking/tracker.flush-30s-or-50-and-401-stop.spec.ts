import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTracker, type ClickRecord } from "../../../src/web/tracking/tracker.ts";
import { TrackingUnauthorized, isTrackingUnauthorized } from "../../../src/web/tracking/api.ts";

const record = (n: number): ClickRecord => ({ lc: `code${n}`, ety: "click", rt: "/workbench/benchlayout", et: 1_700_000_000_000 + n });

function setup(send: (records: ClickRecord[]) => Promise<unknown> = async () => undefined) {
  const sent: ClickRecord[][] = [];
  const tracker = createTracker({
    send: async (records) => {
      sent.push(records);
      return send(records);
    },
    isUnauthorized: isTrackingUnauthorized,
  });
  return { tracker, sent };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("click tracking flushes (spec §7, §9)", () => {
  it("sends the queue every 30 s", async () => {
    const { tracker, sent } = setup();
    tracker.start();
    tracker.track(record(1));
    tracker.track(record(2));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[record(1), record(2)]]);
    expect(tracker.queued).toBe(0);
  });

  it("sends nothing on a tick with an empty queue", async () => {
    const { tracker, sent } = setup();
    tracker.start();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(sent).toHaveLength(0);
  });

  it("sends at once when 50 records are queued", async () => {
    const { tracker, sent } = setup();
    tracker.start();
    for (let n = 1; n <= 49; n++) tracker.track(record(n));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    tracker.track(record(50));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(50);
    expect(tracker.queued).toBe(0);
  });

  it("sends in batches of 50 when more arrive while one is on its way", async () => {
    let release: () => void = () => undefined;
    const { tracker, sent } = setup(() => new Promise<void>((r) => (release = r)));
    tracker.start();
    for (let n = 1; n <= 120; n++) tracker.track(record(n));
    expect(sent).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.length)).toEqual([50, 50]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(tracker.queued).toBe(20);
    await vi.advanceTimersByTimeAsync(30_000);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it("stops the timer for good on a 401", async () => {
    const { tracker, sent } = setup(async () => {
      throw new TrackingUnauthorized();
    });
    tracker.start();
    tracker.track(record(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(1);
    expect(tracker.running).toBe(false);
    expect(tracker.stopped).toBe(true);
    tracker.track(record(2));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toHaveLength(1);
    expect(tracker.queued).toBe(0);
    tracker.start();
    expect(tracker.running).toBe(false);
  });

  it("keeps the records for the next round after another failure", async () => {
    let fail = true;
    const { tracker, sent } = setup(async () => {
      if (fail) throw new Error("network");
    });
    tracker.start();
    tracker.track(record(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tracker.queued).toBe(1);
    expect(tracker.running).toBe(true);
    fail = false;
    tracker.track(record(2));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent[1]).toEqual([record(1), record(2)]);
    expect(tracker.queued).toBe(0);
  });

  it("flushes on demand and stops on request", async () => {
    const { tracker, sent } = setup();
    tracker.start();
    tracker.track(record(1));
    await tracker.flush();
    expect(sent).toHaveLength(1);
    tracker.stop();
    expect(tracker.running).toBe(false);
  });
});
