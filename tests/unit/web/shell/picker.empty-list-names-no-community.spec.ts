import { describe, expect, it } from "vitest";
import { noCommunityName, resolveCurrentCommunity, toCommunity } from "../../../../src/web/shell/picker-state.ts";

const all = [
  { communityId: 1001, communityName: "阳光小区" },
  { communityId: 1002, communityName: "月亮小区" },
];

describe("current community once the communities are known", () => {
  it("is cleared and named 暂无社区 when none are returned", () => {
    expect(resolveCurrentCommunity([], [{ communityId: 1001, communityName: "阳光小区" }])).toEqual({ communityId: null, communityName: "暂无社区" });
  });

  it("uses the scene name: 暂无 + scene", () => {
    expect(noCommunityName("园区")).toBe("暂无园区");
    expect(resolveCurrentCommunity([], [], "园区").communityName).toBe("暂无园区");
  });

  it("keeps the current community when it is still in the list (with its fresh name)", () => {
    expect(resolveCurrentCommunity(all, [{ communityId: "1002", communityName: "old" }])).toEqual({ communityId: 1002, communityName: "月亮小区" });
  });

  it("falls back to the next candidate, then to the first community", () => {
    expect(
      resolveCurrentCommunity(all, [
        { communityId: 5, communityName: "gone" },
        { communityId: 1002, communityName: "" },
      ]).communityId,
    ).toBe(1002);
    expect(resolveCurrentCommunity(all, [null, undefined]).communityId).toBe(1001);
  });

  it("reads server rows in either naming", () => {
    expect(toCommunity({ id: 3, name: "三号院", areaId: 1000 })).toEqual({ communityId: 3, communityName: "三号院", areaId: 1000 });
    expect(toCommunity({ communityId: 4, communityName: "四号院" })).toEqual({ communityId: 4, communityName: "四号院" });
    expect(toCommunity({})).toBeNull();
  });
});
