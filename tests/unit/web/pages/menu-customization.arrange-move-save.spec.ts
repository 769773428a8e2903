// The menu configuration page: saved items arrange the menu (order, names, hidden ones kept to be
// shown again), an entry moves among its siblings only, and saving sends every node's place.
import { expect, test } from "vitest";
import type { MenuNode } from "../../../../generated/model-types.ts";
import { arrangeMenu, itemsOf, moveSibling } from "../../../../src/web/pages/system/menuCustomization/menu-edit.ts";

const leaf = (path: string, alias: string): MenuNode => ({ index: path.slice(1), path, alias, isTenantMenu: false, subMenus: [] });
const menu: MenuNode[] = [
  { index: "a", alias: "{scene}管理", isTenantMenu: false, subMenus: [leaf("/a/1", "一"), leaf("/a/2", "二")] },
  { index: "b", alias: "乙", isTenantMenu: false, subMenus: [leaf("/b/1", "三")] },
];

test("saved order, names and hidden flags arrange the tree", () => {
  const tree = arrangeMenu(
    menu,
    [
      { menuKey: "b", sortNo: 0 },
      { menuKey: "a", sortNo: 1, alias: "甲" },
      { menuKey: "/a/2", sortNo: 0, hidden: true },
    ],
    (t) => t.replace("{scene}", "社区"),
  );
  expect(tree.map((n) => [n.key, n.alias, n.defaultAlias])).toEqual([
    ["b", "", "乙"],
    ["a", "甲", "社区管理"],
  ]);
  // A tie keeps the menu's own order.
  expect(tree[1].children!.map((n) => [n.key, n.hidden])).toEqual([
    ["/a/1", false],
    ["/a/2", true],
  ]);
  expect(tree[0].children![0].children).toBeUndefined();
});

test("moving stays among siblings and stops at the ends", () => {
  const tree = arrangeMenu(menu, []);
  expect(moveSibling(tree, "b", -1).map((n) => n.key)).toEqual(["b", "a"]);
  expect(moveSibling(tree, "a", -1).map((n) => n.key)).toEqual(["a", "b"]);
  expect(moveSibling(tree, "/a/2", -1)[0].children!.map((n) => n.key)).toEqual(["/a/2", "/a/1"]);
});

test("saving sends every node's place, a name only when it differs", () => {
  const tree = arrangeMenu(menu, [], (t) => t.replace("{scene}", "社区"));
  tree[0].alias = " 社区管理 ";
  tree[1].alias = "丙";
  expect(itemsOf(tree)).toEqual([
    { menuKey: "a", alias: null, sortNo: 0, hidden: false },
    { menuKey: "/a/1", alias: null, sortNo: 0, hidden: false },
    { menuKey: "/a/2", alias: null, sortNo: 1, hidden: false },
    { menuKey: "b", alias: "丙", sortNo: 1, hidden: false },
    { menuKey: "/b/1", alias: null, sortNo: 0, hidden: false },
  ]);
});
