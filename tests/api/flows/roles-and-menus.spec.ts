// Roles and menus: a role's authorities decide the menu of the users it is given to (webMenuList of
// GET homepage/user, from their next sign-in: a changed role or role's codes end the holders' sessions); the main account's menu configuration renames, reorders and
// hides entries for every user of the tenant and no other tenant.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

const USER = "/api/system/homepage/user";
type Node = { index: string; alias: string; code?: string; path?: string; subMenus: Node[] };

describe.each(backends)("roles and menus (%s)", (backend) => {
  const t = useFlowServer(backend);
  const menuOf = async (token: string) => (await t.get(token, USER)).body.data.webMenuList as Node[];
  const userId = async (name: string) => Number((await t.server.db.query<{ id: number }>("select id from users where username = $1", [name])).rows[0].id);

  it("assigning a role ends the user's sessions; its next sign-in has the role's menu and authorities", async () => {
    const role = await t.post(t.admin, "/api/system/characters", { name: "物业客服", authorities: ["HBL07001", "HBL07011", "HBL01005"] });
    expect(role.status, role.text).toBe(200);
    const staffId = await userId("staff");
    const { rows } = await t.server.db.query<{ role_id: number }>("select role_id from users where id = $1", [staffId]);
    const oldRole = rows[0].role_id;
    expect((await t.put(t.admin, `/api/system/users/${staffId}`, { roleId: role.body.data.id })).status).toBe(200);
    // A changed role ends the holder's sessions (auth/session-end.ts): it signs in again.
    expect((await t.get(t.staff, USER)).status).toBe(401);
    t.staff = await t.server.login("staff");

    const menu = await menuOf(t.staff);
    expect(menu.map((n) => n.index)).toEqual(["community", "property"]);
    expect(menu.find((n) => n.index === "property")!.subMenus.map((n) => n.code)).toEqual(["HBL07001", "HBL07011"]);
    expect(menu.find((n) => n.index === "community")!.subMenus.map((n) => n.code)).toEqual(["HBL01005"]);
    // The API follows the role too.
    expect((await t.post(t.staff, "/api/system/roomAuditOrders/actions/pageList", { pageSize: 1 })).status).toBe(200);
    expect((await t.post(t.staff, "/api/system/communities/actions/pageList", { pageSize: 1 })).status).toBe(401);

    // Changing the role's authorities changes the menu of everyone holding it.
    await t.put(t.admin, `/api/system/characters/${role.body.data.id}`, { authorities: ["HBL07005"] });
    expect((await t.get(t.staff, USER)).status).toBe(401);
    t.staff = await t.server.login("staff");
    expect((await menuOf(t.staff)).flatMap((n) => n.subMenus.map((s) => s.code))).toEqual(["HBL07005"]);

    await t.put(t.admin, `/api/system/users/${staffId}`, { roleId: oldRole });
    t.staff = await t.server.login("staff");
    expect((await menuOf(t.staff)).map((n) => n.index)).toEqual(["community"]);
  });

  it("another tenant cannot give its role to tenant A's user, nor use tenant A's role", async () => {
    const staffId = await userId("staff");
    expect((await t.put(t.admin2, `/api/system/users/${staffId}`, { roleId: 1 })).status).toBe(404);
    const roleA = await t.firstId("characters");
    const admin2Role = await t.post(t.admin2, "/api/system/users", { username: "bclerk", password: "Clerk-pass-1", roleId: roleA });
    expect(admin2Role.status).toBe(400);
    expect(admin2Role.body.message).toBe("角色不存在");
  });

  it("the main account renames, reorders and hides entries for the tenant's users", async () => {
    const save = await t.post(t.admin, "/api/system/menuCustomizations/actions/save", {
      items: [
        { menuKey: "community", alias: "小区管理", sortNo: 5 },
        { menuKey: "/community/people", alias: "业主住户", sortNo: 0 },
        { menuKey: "/community/house", sortNo: 1 },
        { menuKey: "/community/community", sortNo: 2, hidden: true },
        { menuKey: "workbench", sortNo: 9 },
      ],
    });
    expect(save.status, save.text).toBe(200);
    expect(save.body.data.items).toHaveLength(5);

    const staffMenu = await menuOf(t.staff);
    expect(staffMenu).toHaveLength(1);
    expect(staffMenu[0].alias).toBe("小区管理");
    expect(staffMenu[0].subMenus.map((n) => [n.alias, n.code])).toEqual([
      ["业主住户", "HBL01005"],
      ["房屋管理", "HBL01003"],
      ["楼栋管理", "HBL01003"],
      ["单元管理", "HBL01003"],
    ]);
    const adminMenu = await menuOf(t.admin);
    const order = adminMenu.map((n) => n.index);
    expect(order.indexOf("community")).toBeLessThan(order.indexOf("workbench"));
    // Tenant B keeps the default menu.
    expect((await menuOf(t.admin2)).find((n) => n.index === "community")!.alias).toBe("社区管理");

    // Reset.
    expect((await t.post(t.admin, "/api/system/menuCustomizations/actions/save", { items: [] })).status).toBe(200);
    expect((await menuOf(t.staff))[0].subMenus.map((n) => n.code)).toEqual(["HBL01001", "HBL01003", "HBL01003", "HBL01003", "HBL01005"]);
  });

  it("refuses unknown entries, bad names, and anyone but the main account", async () => {
    const unknown = await t.post(t.admin, "/api/system/menuCustomizations/actions/save", { items: [{ menuKey: "/nowhere", sortNo: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("菜单项不存在：/nowhere");
    const badName = await t.post(t.admin, "/api/system/menuCustomizations/actions/save", { items: [{ menuKey: "community", alias: "<b>", sortNo: 1 }] });
    expect(badName.status).toBe(400);
    const staff = await t.post(t.staff, "/api/system/menuCustomizations/actions/save", { items: [] });
    expect(staff.status).toBe(401);
    // A user holding HBL03021 through a role is still not the main account.
    const role = await t.post(t.admin, "/api/system/characters", { name: "菜单管理员", authorities: ["HBL03021"] });
    const user = await t.post(t.admin, "/api/system/users", { username: "menuclerk", password: "Menu-pass-1", roleId: role.body.data.id });
    expect(user.status, user.text).toBe(200);
    const clerk = await t.server.login("menuclerk", "Menu-pass-1");
    const refused = await t.post(clerk, "/api/system/menuCustomizations/actions/save", { items: [] });
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe(403);
  });
});
