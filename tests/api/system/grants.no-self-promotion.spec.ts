// Grants never exceed the grantor: a user manager cannot give itself or anyone a role wider than its
// own, cannot create or widen a role with codes it lacks, cannot touch an account more powerful than
// itself; nobody changes their own role or makes a main account; the main account cannot be deleted,
// disabled or demoted. Every refusal is the 403 marker with its message and writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const marker = (message: string) => ({ code: 403, status: 403, message, data: null, success: false });
const ROLE_EXCEEDS = marker("不能分配超出自身权限的角色");
const CODES_EXCEED = marker("不能授予自身未拥有的权限");
const OWN_ROLE = marker("不能修改自己的角色");
const MAKE_MAIN = marker("不能将账号设为主账号");
const ACCOUNT_EXCEEDS = marker("不能修改或删除权限超出自身的账号");
const MAIN_PROTECTED = marker("主账号不能删除、停用或降级");

describe.each(backends)("grants never exceed the grantor (%s)", (backend) => {
  const t = useDemoServer(backend);
  let manager: string;
  let managerId: number;
  let managerRoleId: number;
  let powerRoleId: number;
  let adminId: number;
  let clerkId: number;
  let bossId: number;

  const roleOf = async (id: number) => (await t.server.db.query<{ role_id: number | null }>("select role_id from users where id = $1", [id])).rows[0].role_id;
  const codesOf = async (token: string) => ((await t.server.request("GET", "/api/system/homepage/user", { token })).body.data.authorities as { code: string }[]).map((a) => a.code);

  beforeAll(async () => {
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const managerRole = await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "用户与角色管理", authorities: ["HBL03001", "HBL03003", "HBL01001"] } });
    managerRoleId = managerRole.body.data.id;
    powerRoleId = (await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "全部权限", authorities: all } })).body.data.id;
    const user = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "grantor1", password: "Grantor-Pass-71", roleId: managerRoleId } });
    managerId = user.body.data.id;
    manager = await t.server.login("grantor1", "Grantor-Pass-71");
    clerkId = (await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "clerk1", password: "Clerk-Pass-7712" } })).body.data.id;
    bossId = (await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username: "boss1", password: "Boss-Pass-7712", roleId: powerRoleId } })).body.data.id;
    adminId = (await t.server.db.query<{ id: number }>("select id from users where username = 'admin'")).rows[0].id;
  });

  it("refuses a user manager its own promotion to a wider role, and keeps its codes", async () => {
    const before = await codesOf(manager);
    const r = await t.server.request("PUT", `/api/system/users/${managerId}`, { token: manager, body: { roleId: powerRoleId } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(OWN_ROLE);
    expect(await roleOf(managerId)).toBe(managerRoleId);
    expect(await codesOf(manager)).toEqual(before);
    // Saving its own form unchanged (the role it shows) is not a change of role.
    expect((await t.server.request("PUT", `/api/system/users/${managerId}`, { token: manager, body: { roleId: managerRoleId, realName: "张三" } })).status).toBe(200);
  });

  it("refuses a wider role given to another user, on create and on update", async () => {
    const create = await t.server.request("POST", "/api/system/users", { token: manager, body: { username: "sidekick1", password: "Sidekick-Pass-9", roleId: powerRoleId } });
    expect(create.status).toBe(401);
    expect(create.body).toEqual(ROLE_EXCEEDS);
    expect(await t.server.count("users", "username = 'sidekick1'")).toBe(0);
    const update = await t.server.request("PUT", `/api/system/users/${clerkId}`, { token: manager, body: { roleId: powerRoleId } });
    expect(update.body).toEqual(ROLE_EXCEEDS);
    expect(await roleOf(clerkId)).toBeNull();
    // A role within its own codes may be given.
    expect((await t.server.request("PUT", `/api/system/users/${clerkId}`, { token: manager, body: { roleId: managerRoleId } })).status).toBe(200);
    expect(await roleOf(clerkId)).toBe(managerRoleId);
  });

  it("refuses a role created or widened with codes the grantor lacks", async () => {
    const create = await t.server.request("POST", "/api/system/characters", { token: manager, body: { name: "越权角色", authorities: ["HBL03001", "HBL1901"] } });
    expect(create.status).toBe(401);
    expect(create.body).toEqual(CODES_EXCEED);
    expect(await t.server.count("characters", "name = '越权角色'")).toBe(0);
    const widen = await t.server.request("PUT", `/api/system/characters/${managerRoleId}`, { token: manager, body: { authorities: ["HBL03001", "HBL03003", "HBL01001", "HBL1901"] } });
    expect(widen.body).toEqual(CODES_EXCEED);
    expect(await codesOf(manager)).not.toContain("HBL1901");
    // Codes it holds are fine; codes already in a role it edits stay.
    expect((await t.server.request("POST", "/api/system/characters", { token: manager, body: { name: "社区角色", authorities: ["HBL01001"] } })).status).toBe(200);
    expect((await t.server.request("PUT", `/api/system/characters/${powerRoleId}`, { token: t.admin, body: { description: "全部" } })).status).toBe(200);
  });

  it("refuses changing or deleting an account more powerful than the grantor (a new password would hand it over)", async () => {
    const reset = await t.server.request("PUT", `/api/system/users/${bossId}`, { token: manager, body: { password: "Taken-Over-991" } });
    expect(reset.body).toEqual(ACCOUNT_EXCEEDS);
    expect((await t.server.request("POST", "/api/auth/login", { body: { username: "boss1", password: "Taken-Over-991" } })).status).toBe(400);
    const remove = await t.server.request("DELETE", `/api/system/users/${bossId}`, { token: manager });
    expect(remove.body).toEqual(ACCOUNT_EXCEEDS);
    const batch = await t.server.request("DELETE", "/api/system/users/actions/batchDelete", { token: manager, body: { ids: [clerkId, bossId] } });
    expect(batch.body).toEqual(ACCOUNT_EXCEEDS);
    expect(await t.server.count("users", "id = any($1::bigint[])", [[clerkId, bossId]])).toBe(2);
  });

  it("makes nobody a main account, not even the main account", async () => {
    const byManager = await t.server.request("POST", "/api/system/users", { token: manager, body: { username: "fakeboss2", password: "Fake-Boss-1234", userType: "0" } });
    expect(byManager.body).toEqual(MAKE_MAIN);
    const byAdmin = await t.server.request("PUT", `/api/system/users/${clerkId}`, { token: t.admin, body: { userType: "0" } });
    expect(byAdmin.body).toEqual(MAKE_MAIN);
    expect(await t.server.count("users", "user_type = '0' and username in ('fakeboss2', 'clerk1')")).toBe(0);
  });

  it("keeps the main account: it cannot be demoted, disabled or deleted, nor change its own role", async () => {
    expect((await t.server.request("PUT", `/api/system/users/${adminId}`, { token: t.admin, body: { userType: "1" } })).body).toEqual(MAIN_PROTECTED);
    expect((await t.server.request("PUT", `/api/system/users/${adminId}`, { token: t.admin, body: { enabled: false } })).body).toEqual(MAIN_PROTECTED);
    expect((await t.server.request("PUT", `/api/system/users/${adminId}`, { token: t.admin, body: { roleId: managerRoleId } })).body).toEqual(OWN_ROLE);
    // A second main account (only the database can make one) is not deleted by the first.
    const tenant = (await t.server.db.query<{ tenant_id: number }>("select tenant_id from users where id = $1", [adminId])).rows[0].tenant_id;
    const second = await t.server.db.query<{ id: number }>("insert into users (tenant_id, username, user_type, enabled) values ($1, 'owner2', '0', true) returning id", [tenant]);
    const remove = await t.server.request("DELETE", `/api/system/users/${second.rows[0].id}`, { token: t.admin });
    expect(remove.body).toEqual(MAIN_PROTECTED);
    expect(await t.server.count("users", "id = $1 and user_type = '0' and enabled", [adminId])).toBe(1);
    // The main account still gives any role to others.
    expect((await t.server.request("PUT", `/api/system/users/${clerkId}`, { token: t.admin, body: { roleId: powerRoleId } })).status).toBe(200);
  });
});
