// Users through the generic CRUD: passwords set by `password` (hashed, never returned), main accounts
// protected from non-main users, deleting a user keeps its operation log.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

const NO_PERMISSION = { code: 403, status: 403, message: "您没有该功能模块权限，请联系管理员", data: null, success: false };

describe.each(backends)("users (%s)", (backend) => {
  const t = useDemoServer(backend);
  let manager: string;
  let adminId: number;

  beforeAll(async () => {
    const role = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "用户管理员", authorities: ["HBL03001"] } });
    expect(role.status).toBe(200);
    expect(role.body.data.authorities).toEqual(["HBL03001"]);
    const user = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "usermgr", password: "Manager-Pass-1", roleId: role.body.data.id } });
    expect(user.status).toBe(200);
    expect(user.body.data.roleIdLabel).toBe("用户管理员");
    manager = await t.server.login("usermgr", "Manager-Pass-1");
    adminId = (await t.server.db.query<{ id: number }>("select id from users where username = 'admin'")).rows[0].id;
  });

  it("checks the password rule when one is given", async () => {
    const r = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "shortpw", password: "1234" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 40001, message: "密码长度为8到32位", data: { errors: [{ field: "password" }] } });
    expect(await t.server.count("users", "username = 'shortpw'")).toBe(0);
  });

  it("validates the username with its rule", async () => {
    const r = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "bad name!", password: "Good-Pass-12" } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("只能使用汉字,英文大小写或数字");
  });

  it("lets a non-main user manage ordinary users but not main accounts", async () => {
    const ordinary = await t.server.request("POST", "/api/system/users", { token: manager, body: { username: "ordinary1", password: "Ordinary-Pass-1" } });
    expect(ordinary.status).toBe(200);
    const makeMain = await t.server.request("POST", "/api/system/users", { token: manager, body: { username: "fakeboss", password: "Fake-Boss-123", userType: "0" } });
    expect(makeMain.status).toBe(401);
    expect(makeMain.body).toEqual({ ...NO_PERMISSION, message: "不能将账号设为主账号" });
    const takeOver = await t.server.request("PUT", `/api/system/users/${adminId}`, { token: manager, body: { password: "Taken-Over-1" } });
    expect(takeOver.status).toBe(401);
    const remove = await t.server.request("DELETE", `/api/system/users/${adminId}`, { token: manager });
    expect(remove.status).toBe(401);
    expect(await t.server.count("users", "id = $1", [adminId])).toBe(1);
    expect((await t.server.request("POST", "/api/auth/login", { body: { username: "admin", password: "Taken-Over-1" } })).status).toBe(400);
  });

  it("refuses a new user without a password (it could never sign in); an edit without one keeps it", async () => {
    const none = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "nopassword1" } });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 40001, message: "请输入登录密码", data: { errors: [{ field: "password" }] } });
    expect(await t.server.count("users", "username = 'nopassword1'")).toBe(0);
    const u = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "keepspw1", password: "Keeps-Pass-81" } });
    expect((await t.server.request("PUT", `/api/system/users/${u.body.data.id}`, { token: t.admin, body: { realName: "赵六" } })).status).toBe(200);
    expect((await t.server.request("POST", "/api/auth/login", { body: { username: "keepspw1", password: "Keeps-Pass-81" } })).status).toBe(200);
  });

  it("asks a user whose password someone else set to change it; 修改密码 clears that", async () => {
    await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "firstlogin1", password: "First-Login-81" } });
    const token = await t.server.login("firstlogin1", "First-Login-81", { firstSignIn: true });
    expect((await t.server.request("GET", "/api/system/homepage/user", { token })).body.data.mustChangePassword).toBe(true);
    // Until then the server answers nothing else: not a list, not a write, not a hand-written operation.
    for (const [method, url, body] of [
      ["POST", "/api/system/users/actions/pageList", { pageNo: 1, pageSize: 10 }],
      ["POST", "/api/system/users", { username: "sneaky1", password: "Sneaky-Pass-81" }],
      ["POST", "/api/system/communities/actions/findCommunityTree", {}],
      ["POST", "/api/system/homepage/editsave", { realName: "改名" }],
    ] as const) {
      const refused = await t.server.request(method, url, { token, body });
      expect(refused.status, url).toBe(403);
      expect(refused.body, url).toMatchObject({ code: 40302, message: "请先修改初始密码", success: false });
    }
    expect(await t.server.count("users", "username = 'sneaky1'")).toBe(0);
    const changed = await t.server.request("POST", "/api/system/homepage/modifyPassword", { token, body: { oldPassword: "First-Login-81", newPassword: "Own-Choice-2026" } });
    expect(changed.status).toBe(200);
    expect((await t.server.request("GET", "/api/system/homepage/user", { token })).body.data.mustChangePassword).toBe(false);
    expect((await t.server.request("POST", "/api/system/homepage/editsave", { token, body: { realName: "改名" } })).status).toBe(200);
    const list = await t.server.request("POST", "/api/system/users/actions/pageList", { token: t.admin, body: { pageNo: 1, pageSize: 10, username: "firstlogin1" } });
    expect(list.body.data.list[0].mustChangePassword).toBe(false);
    // A reset by the main account asks again.
    await t.server.request("PUT", `/api/system/users/${list.body.data.list[0].id}`, { token: t.admin, body: { password: "Reset-By-Admin-7" } });
    expect(await t.server.count("users", "username = 'firstlogin1' and must_change_password")).toBe(1);
  });

  it("sets a new password through update, usable at once", async () => {
    const u = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "resetme", password: "Before-Pass-1" } });
    const r = await t.server.request("PUT", `/api/system/users/${u.body.data.id}`, { token: t.admin, body: { password: "After-Pass-22" } });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("After-Pass-22");
    expect((await t.server.request("POST", "/api/auth/login", { body: { username: "resetme", password: "After-Pass-22" } })).status).toBe(200);
  });

  it("deletes a user that has an operation history (the log keeps its username) and ends its sessions", async () => {
    const u = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "leaver", password: "Leaver-Pass-1" } });
    const id = u.body.data.id;
    const token = await t.server.login("leaver", "Leaver-Pass-1"); // writes a login log row for the user
    expect(await t.server.count("operation_logs", "user_id = $1", [id])).toBeGreaterThan(0);
    const r = await t.server.request("DELETE", `/api/system/users/${id}`, { token: t.admin });
    expect(r.status).toBe(200);
    expect(await t.server.count("operation_logs", "user_id = $1", [id])).toBe(0);
    expect(await t.server.count("operation_logs", "username = 'leaver'")).toBeGreaterThan(0);
    expect((await t.server.request("POST", "/api/system/areas/actions/pageList", { token, body: {} })).status).toBe(401);
    // The name is free again.
    expect((await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "leaver", password: "Leaver-Pass-2" } })).status).toBe(200);
  });

  it("refuses to delete the signed-in account", async () => {
    const r = await t.server.request("DELETE", `/api/system/users/${adminId}`, { token: t.admin });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("不能删除当前登录的账号");
  });
});
