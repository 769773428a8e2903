// The charts' value axes run on round ticks (src/web/ui/charts/ticks.ts): the payment report's axis
// showed 0 / 2189 / 4378 … (a quarter of the largest month each).
import { describe, expect, test } from "vitest";
import { niceTicks } from "../../../../src/web/ui/charts/ticks.ts";

describe("niceTicks", () => {
  test("round steps of 1, 2 or 5 times a power of ten, the axis ending on a tick above the data", () => {
    expect(niceTicks(0, 8756)).toMatchObject({ min: 0, max: 10000, step: 2000, values: [0, 2000, 4000, 6000, 8000, 10000] });
    expect(niceTicks(0, 100).values).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 37).values).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(0, 1234567)).toMatchObject({ min: 0, max: 1400000, step: 200000 });
  });

  test("every tick is a multiple of the step, printed without float noise", () => {
    expect(niceTicks(0, 1).values).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 0.37).values).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    for (const max of [3, 17, 99, 2189, 8756.4, 43210, 7_000_001]) {
      const t = niceTicks(0, max);
      expect(t.max).toBeGreaterThanOrEqual(max);
      expect(t.values.length).toBeGreaterThanOrEqual(3);
      expect(t.values.length).toBeLessThanOrEqual(7);
      for (const v of t.values) expect(Math.abs(v / t.step - Math.round(v / t.step))).toBeLessThan(1e-9);
      expect(String(t.step)).toMatch(/^(1|2|5)0*$/);
    }
  });

  test("counts tick on whole numbers", () => {
    expect(niceTicks(0, 3, 4, true).values).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 1, 4, true).values).toEqual([0, 1]);
    expect(niceTicks(0, 7, 4, true).values).toEqual([0, 2, 4, 6, 8]);
  });

  test("zero is always on the axis; negative values get ticks below it", () => {
    expect(niceTicks(-350, 1200).values).toEqual([-500, 0, 500, 1000, 1500]);
    expect(niceTicks(40, 90).values[0]).toBe(0);
  });

  test("no data or all zero: the axis 0…1", () => {
    expect(niceTicks(0, 0)).toMatchObject({ min: 0, max: 1 });
    expect(niceTicks(Number.NaN, Number.NaN)).toMatchObject({ min: 0, max: 1 });
    expect(niceTicks(Math.min(), Math.max())).toMatchObject({ min: 0, max: 1 });
  });
});
