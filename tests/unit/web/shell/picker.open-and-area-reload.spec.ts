import { describe, expect, it } from "vitest";
import { areaIdForQuery, areaTree, filterCommunities, openPicker, selectArea, setSearch, selectCommunity } from "../../../../src/web/shell/picker-state.ts";

describe("community picker: opening and areas", () => {
  it("opening resets the search and reloads areas, recent list and communities of the fallback area 1", () => {
    const { state, loads } = openPicker({ communityId: 1001, communityName: "阳光小区" });
    expect(state).toEqual({ open: true, search: "", areaId: null, selected: { communityId: 1001, communityName: "阳光小区" } });
    expect(loads).toEqual([{ kind: "areas" }, { kind: "recent" }, { kind: "communities", areaId: 1 }]);
  });

  it("reopening after a search starts with an empty search and no area chosen", () => {
    const first = openPicker(null).state;
    const searched = selectArea(setSearch(first, "阳光"), 1002).state;
    expect(searched.search).toBe("阳光");
    const { state } = openPicker(null);
    expect(state.search).toBe("");
    expect(state.areaId).toBeNull();
    expect(state.selected).toBeNull();
  });

  it("selecting an area reloads the communities of that area, and of area 1 when the selection is cleared", () => {
    const open = openPicker(null).state;
    const step = selectArea(open, 1005);
    expect(step.state.areaId).toBe(1005);
    expect(step.loads).toEqual([{ kind: "communities", areaId: 1005 }]);
    expect(selectArea(step.state, null).loads).toEqual([{ kind: "communities", areaId: 1 }]);
    expect(areaIdForQuery(null)).toBe(1);
  });

  it("searches community names by the trimmed text", () => {
    const list = [
      { communityId: 1, communityName: "阳光小区" },
      { communityId: 2, communityName: "Sunny Park" },
    ];
    expect(filterCommunities(list, "  阳光 ")).toEqual([list[0]]);
    expect(filterCommunities(list, "sunny")).toEqual([list[1]]);
    expect(filterCommunities(list, "")).toEqual(list);
  });

  it("roots the area tree at 全部区域", () => {
    const server = [{ id: 1, name: "全部区域", parentId: null, type: 0, subAreas: [{ id: 1000, name: "东区", parentId: 1, subAreas: [] }] }];
    expect(areaTree(server)).toEqual([{ key: "1", title: "全部区域", children: [{ key: "1000", title: "东区", children: [] }] }]);
    expect(
      areaTree([
        { id: 1000, name: "东区" },
        { id: 1001, name: "西区" },
      ]),
    ).toEqual([
      {
        key: "1",
        title: "全部区域",
        children: [
          { key: "1000", title: "东区", children: [] },
          { key: "1001", title: "西区", children: [] },
        ],
      },
    ]);
  });

  it("remembers the highlighted community until confirm", () => {
    const s = selectCommunity(openPicker(null).state, { communityId: 7, communityName: "七号院" });
    expect(s.selected).toEqual({ communityId: 7, communityName: "七号院" });
  });
});
