import { describe, expect, it } from "vitest";
import { canClearTabs, clearTabs, scrollTabs, type Tab } from "../../../../src/web/shell/tabs-state.ts";

const tab = (path: string): Tab => ({ index: path.slice(1), title: path, path, fullPath: path, isTenantMenu: false });

describe("clear-all", () => {
  it("shows only with two or more tabs", () => {
    expect(canClearTabs([tab("/a")])).toBe(false);
    expect(canClearTabs([tab("/a"), tab("/b")])).toBe(true);
  });

  it("keeps only the active tab", () => {
    expect(clearTabs({ tabs: [tab("/a"), tab("/b"), tab("/c")], activePath: "/b" })).toEqual({ tabs: [tab("/b")], activePath: "/b" });
  });

  it("does nothing with a single tab", () => {
    const s = { tabs: [tab("/a")], activePath: "/a" };
    expect(clearTabs(s)).toBe(s);
  });
});

describe("scroll buttons", () => {
  it("move the strip by 342 px, within the scrollable range", () => {
    expect(scrollTabs(0, "right", 1000)).toBe(342);
    expect(scrollTabs(342, "right", 500)).toBe(500);
    expect(scrollTabs(500, "left", 500)).toBe(158);
    expect(scrollTabs(100, "left", 500)).toBe(0);
    expect(scrollTabs(0, "right", 0)).toBe(0);
  });
});
