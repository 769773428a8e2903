import { describe, expect, it } from "vitest";
import { emptyTabs, openTab, tabForRoute } from "../../../../src/web/shell/tabs-state.ts";
import { routes } from "./fixtures.ts";

const byPath = (p: string) => routes.find((r) => r.path === p)!;

describe("opening pages as tabs", () => {
  it("turns every opened page into a tab {index, title, path, fullPath, code, isTenantMenu} and activates it", () => {
    const s1 = openTab(emptyTabs, tabForRoute(byPath("/community/community"), "/community/community", "小区"));
    const s2 = openTab(s1, tabForRoute(byPath("/system/user"), "/system/user?page=2", "小区"));
    expect(s2.tabs).toEqual([
      { index: "community", title: "小区信息", path: "/community/community", fullPath: "/community/community", code: "HBL01001", isTenantMenu: false },
      { index: "user", title: "用户管理", path: "/system/user", fullPath: "/system/user?page=2", code: "HBL03001", isTenantMenu: true },
    ]);
    expect(s2.activePath).toBe("/system/user");
  });

  it("keeps one tab per page: reopening activates it and remembers the new full path", () => {
    let s = openTab(emptyTabs, tabForRoute(byPath("/community/house"), "/community/house"));
    s = openTab(s, tabForRoute(byPath("/system/user"), "/system/user"));
    s = openTab(s, tabForRoute(byPath("/community/house"), "/community/house?buildingId=7"));
    expect(s.tabs.map((t) => t.path)).toEqual(["/community/house", "/system/user"]);
    expect(s.tabs[0].fullPath).toBe("/community/house?buildingId=7");
    expect(s.activePath).toBe("/community/house");
  });

  it("fills the scene placeholder with the default 社区 when the scene name is unknown", () => {
    expect(tabForRoute(byPath("/community/community"), "/community/community")?.title).toBe("社区信息");
  });

  it("gives pages flagged hideTabs no tab: the strip stays, with no tab active", () => {
    const s = openTab(emptyTabs, tabForRoute(byPath("/community/house"), "/community/house"));
    const tab = tabForRoute(byPath("/workbench/benchlayout"), "/workbench/benchlayout");
    expect(tab).toBeNull();
    const next = openTab(s, tab);
    expect(next.tabs).toBe(s.tabs);
    expect(next.activePath).toBeNull();
    expect(openTab(next, null)).toBe(next);
  });

  it("gives a route without a code the guarding authority as its code", () => {
    expect(tabForRoute(byPath("/system/taskcenter"), "/system/taskcenter")?.code).toBe("HBL03001");
  });
});
