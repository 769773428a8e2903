// The tenant's menu configuration: names, order among siblings and hidden entries; entries without
// a row keep their place.
import { expect, test } from "vitest";
import type { MenuNode } from "../../../generated/model-types.ts";
import { menu } from "../../../generated/routes.ts";
import { applyMenuCustomization, menuKeys } from "../../../src/server/system/menu-customization.ts";

const leaf = (path: string, alias: string): MenuNode => ({ index: path, path, alias, isTenantMenu: false, subMenus: [] });
const tree: MenuNode[] = [
  { index: "a", alias: "甲", isTenantMenu: false, subMenus: [leaf("/a/1", "一"), leaf("/a/2", "二"), leaf("/a/3", "三")] },
  { index: "b", alias: "乙", isTenantMenu: false, subMenus: [] },
];

test("renames, reorders and hides", () => {
  const out = applyMenuCustomization(tree, [
    { menuKey: "b", alias: null, sortNo: 0, hidden: false },
    { menuKey: "a", alias: "A组", sortNo: 1, hidden: false },
    { menuKey: "/a/3", alias: "第三", sortNo: 0, hidden: false },
    { menuKey: "/a/2", alias: null, sortNo: 0, hidden: true },
  ]);
  expect(out.map((n) => [n.index, n.alias])).toEqual([
    ["b", "乙"],
    ["a", "A组"],
  ]);
  expect(out[1].subMenus.map((n) => [n.path, n.alias])).toEqual([
    ["/a/1", "一"],
    ["/a/3", "第三"],
  ]);
});

test("no rows: the menu as generated; every key of the real menu is known", () => {
  expect(applyMenuCustomization(tree, [])).toEqual(tree);
  const keys = menuKeys(menu);
  expect(keys.has("community")).toBe(true);
  expect(keys.has("/community/house")).toBe(true);
});
