import { describe, expect, it } from "vitest";
import { defaultLayout, moduleAvailable, normalizeLayout, workbenchModule, workbenchModules } from "../../../src/common/workbench-modules.ts";
import { addableModules, addItem, moveDown, moveItem, moveUp, removeItem, sameLayout, toggleWidth, type LayoutItem } from "../../../src/web/pages/workbench/layout-state.ts";

const layout: LayoutItem[] = [
  { moduleId: "communityProfile", w: 2 },
  { moduleId: "announcement", w: 1 },
  { moduleId: "housing", w: 1 },
];
const ids = (l: LayoutItem[]) => l.map((i) => i.moduleId);

describe("arranging the workbench", () => {
  it("reorders by dragging an item to another place", () => {
    expect(ids(moveItem(layout, 0, 2))).toEqual(["announcement", "housing", "communityProfile"]);
    expect(ids(moveItem(layout, 2, 0))).toEqual(["housing", "communityProfile", "announcement"]);
    expect(ids(moveItem(layout, 1, 99))).toEqual(["communityProfile", "housing", "announcement"]);
    expect(ids(moveItem(layout, 7, 0))).toEqual(ids(layout));
  });

  it("moves up and down, staying put at the ends", () => {
    expect(ids(moveUp(layout, 1))).toEqual(["announcement", "communityProfile", "housing"]);
    expect(ids(moveUp(layout, 0))).toEqual(ids(layout));
    expect(ids(moveDown(layout, 1))).toEqual(["communityProfile", "housing", "announcement"]);
    expect(ids(moveDown(layout, 2))).toEqual(ids(layout));
  });

  it("adds a module once, at the end, with its default width", () => {
    const added = addItem(layout, workbenchModule("vehicleFlow")!);
    expect(added[added.length - 1]).toEqual({ moduleId: "vehicleFlow", w: 1 });
    expect(addItem(added, workbenchModule("vehicleFlow")!)).toHaveLength(added.length);
  });

  it("removes a module and switches its width", () => {
    expect(ids(removeItem(layout, "announcement"))).toEqual(["communityProfile", "housing"]);
    expect(toggleWidth(layout, "housing")[2]).toEqual({ moduleId: "housing", w: 2 });
    expect(toggleWidth(layout, "communityProfile")[0].w).toBe(1);
  });

  it("offers only modules not placed yet that the user may see", () => {
    const offered = addableModules(layout, ["HBL0001", "HBL01005"]).map((m) => m.moduleId);
    expect(offered).toContain("household");
    expect(offered).toContain("commonFunctions");
    expect(offered).not.toContain("housing");
    expect(offered).not.toContain("openDoor");
  });

  it("never changes the layout it was given", () => {
    const before = JSON.stringify(layout);
    moveItem(layout, 0, 2);
    removeItem(layout, "housing");
    toggleWidth(layout, "housing");
    expect(JSON.stringify(layout)).toBe(before);
    expect(sameLayout(layout, [...layout])).toBe(true);
    expect(sameLayout(layout, moveUp(layout, 1))).toBe(false);
  });
});

describe("stored layouts", () => {
  it("keeps known modules once, in order, with width 1 or 2", () => {
    expect(normalizeLayout([{ moduleId: "housing", w: 2 }, "announcement", { moduleId: "housing" }, { moduleId: "nope" }, { moduleId: "openDoor", w: 7 }, null])).toEqual([
      { moduleId: "housing", w: 2 },
      { moduleId: "announcement", w: 1 },
      { moduleId: "openDoor", w: 1 },
    ]);
    expect(normalizeLayout("x")).toEqual([]);
  });

  it("defaults to every module the user may see", () => {
    expect(defaultLayout(["HBL0001"]).map((i) => i.moduleId)).toEqual(["communityProfile", "commonFunctions"]);
    const all = workbenchModules.flatMap((m) => m.codes);
    expect(defaultLayout(all)).toHaveLength(workbenchModules.length);
    expect(moduleAvailable(workbenchModule("vehicleFlow")!, ["HBL04001"])).toBe(true);
  });
});
