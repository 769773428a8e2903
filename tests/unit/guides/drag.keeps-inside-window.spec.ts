import { describe, expect, it } from "vitest";
import { clampPoint, clampTop, movedEnough } from "../../../src/web/guides/drag.ts";

describe("dragging the guides' floating parts", () => {
  it("keeps the vertically dragged entrance inside the window", () => {
    expect(clampTop(-50, 120, 800)).toBe(8);
    expect(clampTop(300, 120, 800)).toBe(300);
    expect(clampTop(900, 120, 800)).toBe(672);
  });

  it("keeps the smart-home panel inside the window", () => {
    expect(clampPoint({ x: -10, y: 2000 }, { width: 320, height: 460 }, { width: 1280, height: 800 })).toEqual({ x: 8, y: 332 });
  });

  it("treats a tiny move as a click", () => {
    expect(movedEnough({ x: 0, y: 0 }, { x: 3, y: 2 })).toBe(false);
    expect(movedEnough({ x: 0, y: 0 }, { x: 0, y: 12 })).toBe(true);
  });
});
