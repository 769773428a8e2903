// Spec §5 image compression plan: over 200 KB → redraw at width 1500 as JPEG 0.9, then shrink by
// 1.5 up to 5 times until under about 190 KB.
import { describe, expect, test } from "vitest";
import { firstCompressionStep, needsCompression, nextCompressionStep, plannedShrinkSteps } from "../../../src/common/upload.ts";

const KB = 1024;

describe("which images are compressed", () => {
  test.each([
    [200 * KB, false],
    [200 * KB + 1, true],
    [10 * KB, false],
  ])("%s bytes → %s", (size, expected) => {
    expect(needsCompression(size)).toBe(expected);
    expect(firstCompressionStep(size) !== null).toBe(expected);
  });

  test("the first redraw is at width 1500 as JPEG 0.9", () => {
    expect(firstCompressionStep(300 * KB)).toEqual({ step: 0, width: 1500, quality: 0.9 });
  });
});

describe("shrinking after each redraw", () => {
  const first = { step: 0, width: 1500, quality: 0.9 };

  test("under 190 KB: done", () => {
    expect(nextCompressionStep(first, 190 * KB - 1)).toBeNull();
  });

  test("190 KB or more: 1.5 times narrower, same quality", () => {
    expect(nextCompressionStep(first, 190 * KB)).toEqual({ step: 1, width: 1000, quality: 0.9 });
  });

  test("at most 5 shrinks, then the last result is kept", () => {
    let step: ReturnType<typeof nextCompressionStep> = first;
    const widths: number[] = [];
    for (;;) {
      const next = nextCompressionStep(step, 10_000 * KB);
      if (!next) break;
      widths.push(next.width);
      step = next;
    }
    expect(widths).toEqual([1000, 667, 445, 297, 198]);
    expect(step.step).toBe(5);
  });
});

describe("planned number of shrinks for a size", () => {
  test.each([
    [100 * KB, 0], // not compressed
    [200 * KB, 0],
    [201 * KB, 1], // 201 / 1.5 = 134 KB
    [285 * KB - 1, 1], // just under 190 × 1.5
    [285 * KB, 2],
    [427.5 * KB, 3], // 190 × 1.5² exactly: 190 KB is not under 190 KB
    [2000 * KB, 5], // 2000 / 1.5^5 ≈ 263 KB: the cap is 5
    [50_000 * KB, 5],
  ])("%s bytes → %s", (size, steps) => {
    expect(plannedShrinkSteps(size)).toBe(steps);
  });
});
