import { describe, expect, it } from "vitest";
import { cancelPicker, closedPicker, confirmPicker, nextRecentIds, openPicker, selectCommunity } from "../../../../src/web/shell/picker-state.ts";

const recent = [1, 2, 3, 4, 5].map((n) => ({ communityId: n, communityName: `小区${n}` }));

describe("community picker: confirm", () => {
  it("sets the chosen community and saves the recent list with it first", () => {
    const s = selectCommunity(openPicker(null).state, { communityId: 9, communityName: "九号院" });
    const result = confirmPicker(s, recent.slice(0, 2));
    expect(result.community).toEqual({ communityId: 9, communityName: "九号院" });
    expect(result.recentIds).toEqual([9, 1, 2]);
    expect(result.state).toEqual(closedPicker);
  });

  it("caps the recent list at 5", () => {
    expect(nextRecentIds([1, 2, 3, 4, 5], 9)).toEqual([9, 1, 2, 3, 4]);
  });

  it("moves an already recent community to the front without duplicating it", () => {
    expect(nextRecentIds([1, 2, 3, 4, 5], 4)).toEqual([4, 1, 2, 3, 5]);
    expect(nextRecentIds(["1", "2"], 2)).toEqual([2, "1"]);
  });

  it("changes nothing when confirming without a choice", () => {
    const result = confirmPicker(openPicker(null).state, recent);
    expect(result.community).toBeNull();
    expect(result.recentIds).toBeNull();
  });

  it("cancel closes the picker and keeps nothing", () => {
    expect(cancelPicker()).toEqual(closedPicker);
  });
});
