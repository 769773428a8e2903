import { describe, expect, it } from "vitest";
import { activeMenu, buildMenu, findEntry, menuItemPath } from "../../../../src/web/shell/menu-state.ts";
import { menuNode, webMenuList } from "./fixtures.ts";

describe("menu levels", () => {
  const entries = buildMenu(webMenuList, "小区");

  it("builds two and three levels with the scene name filled in", () => {
    expect(entries.map((e) => e.label)).toEqual(["小区管理", "巡检", "系统管理"]);
    expect(entries[0].children.map((e) => [e.level, e.label, e.key])).toEqual([
      [2, "小区信息", "/community/community"],
      [2, "房屋管理", "/community/house"],
    ]);
    const third = entries[1].children[0].children;
    expect(third.map((e) => [e.level, e.key])).toEqual([
      [3, "/inspect/config/template"],
      [3, "/inspect/config/patrolPlan"],
    ]);
  });

  it("opens /{menuIndex}/{subIndex} for an item without its own path", () => {
    expect(menuItemPath(menuNode("house", "x"), [menuNode("community", "y")])).toBe("/community/house");
    expect(findEntry(entries, "/inspect/config/patrolPlan")?.label).toBe("巡检计划");
  });

  it("stops at three levels", () => {
    const deep = [menuNode("a", "A", { subMenus: [menuNode("b", "B", { subMenus: [menuNode("c", "C", { subMenus: [menuNode("d", "D")] })] })] })];
    expect(buildMenu(deep)[0].children[0].children[0].children).toEqual([]);
  });
});

describe("active menu item", () => {
  const entries = buildMenu(webMenuList);

  it("comes from the hash path, with the parents open", () => {
    expect(activeMenu(entries, "#/community/house")).toEqual({ selectedKey: "/community/house", openKeys: ["/community"] });
    expect(activeMenu(entries, "/inspect/config/template")).toEqual({ selectedKey: "/inspect/config/template", openKeys: ["/inspect", "/inspect/config"] });
  });

  it("uses the second segment for sub-pages (edit, detail, query)", () => {
    expect(activeMenu(entries, "/community/community/edit/3?x=1").selectedKey).toBe("/community/community");
    expect(activeMenu(entries, "/system/user?page=2").selectedKey).toBe("/system/user");
  });

  it("selects nothing for pages outside the menu", () => {
    expect(activeMenu(entries, "/error/404")).toEqual({ selectedKey: null, openKeys: [] });
    expect(activeMenu(entries, "/")).toEqual({ selectedKey: null, openKeys: [] });
  });
});
