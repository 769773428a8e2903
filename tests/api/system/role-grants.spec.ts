// Roles obey the grant rule (src/server/system/grants.ts): a role is changed or deleted only by a
// manager that could change each of its holders (none a main account, none with a community or a
// code beyond the manager's); the main account always can. A refusal is the 403 marker with
// 该角色被权限超出自身的账号使用，不能修改或删除 and writes nothing; the characters list marks such
// roles (and the users list such accounts) `locked`, so the screens offer no 编辑 or 删除 for them.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const HOLDERS_EXCEED = { code: 403, status: 403, message: "该角色被权限超出自身的账号使用，不能修改或删除", data: null, success: false };

describe.each(backends)("roles obey the grant rule (%s)", (backend) => {
  const t = useDemoServer(backend);
  let limited: string;
  let sharedRoleId: number;
  let localRoleId: number;
  let managerRoleId: number;
  let wideHolderId: number;

  const codesOfRole = async (id: number) => (await t.server.db.query<{ authorities: string[] }>("select authorities from characters where id = $1", [id])).rows[0].authorities;
  const lockedIn = async (resource: string, token: string) => {
    const r = await t.server.request("POST", `/api/system/${resource}/actions/pageList`, { token, body: { pageSize: 500 } });
    expect(r.status, r.text).toBe(200);
    return new Map((r.body.data.list as { id: number; locked?: boolean }[]).map((row) => [row.id, row.locked === true]));
  };

  beforeAll(async () => {
    const role = async (name: string, authorities: string[]) => Number((await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name, authorities } })).body.data.id);
    const user = async (username: string, body: Record<string, unknown>) => {
      const r = await t.server.request("POST", "/api/system/users", { token: t.admin, body: { username, password: "Role-Grant-Pass-4", ...body } });
      expect(r.status, r.text).toBe(200);
      return Number(r.body.data.id);
    };
    managerRoleId = await role("本社区用户管理", ["HBL03001", "HBL03003", "HBL01001"]);
    sharedRoleId = await role("共享角色", ["HBL01001"]);
    localRoleId = await role("本社区角色", ["HBL01001"]);
    await user("rolelimited", { roleId: managerRoleId, communityIds: [t.ids.communityA] });
    limited = await t.server.sessionFor("rolelimited");
    wideHolderId = await user("rolewide", { roleId: sharedRoleId }); // every community
    await user("rolelocal", { roleId: localRoleId, communityIds: [t.ids.communityA] });
  });

  it("refuses a limited manager a role held by an account of every community, writing nothing", async () => {
    const r = await t.server.request("PUT", `/api/system/characters/${sharedRoleId}`, { token: limited, body: { authorities: [], description: "改" } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(HOLDERS_EXCEED);
    expect(await codesOfRole(sharedRoleId)).toEqual(["HBL01001"]);
    const remove = await t.server.request("DELETE", `/api/system/characters/${sharedRoleId}`, { token: limited });
    expect(remove.body).toEqual(HOLDERS_EXCEED);
    const batch = await t.server.request("DELETE", "/api/system/characters/actions/batchDelete", { token: limited, body: { ids: [sharedRoleId] } });
    expect(batch.body).toEqual(HOLDERS_EXCEED);
    expect(await t.server.count("characters", "id = $1", [sharedRoleId])).toBe(1);
  });

  it("lets it change a role whose holders all lie within its communities and codes", async () => {
    const r = await t.server.request("PUT", `/api/system/characters/${localRoleId}`, { token: limited, body: { description: "本社区" } });
    expect(r.status, r.text).toBe(200);
  });

  it("refuses a role held by an account with a code the manager lacks", async () => {
    const powerId = Number((await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "收费角色", authorities: ["HBL01001", "HBL1901"] } })).body.data.id);
    const r0 = await t.server.request("POST", "/api/system/users", {
      token: t.admin,
      body: { username: "rolepower", password: "Role-Grant-Pass-4", roleId: powerId, communityIds: [t.ids.communityA] },
    });
    expect(r0.status).toBe(200);
    const r = await t.server.request("PUT", `/api/system/characters/${powerId}`, { token: limited, body: { authorities: ["HBL01001"] } });
    expect(r.body).toEqual(HOLDERS_EXCEED);
    expect(await codesOfRole(powerId)).toEqual(["HBL01001", "HBL1901"]);
  });

  it("refuses a role a main account holds to anyone but a main account", async () => {
    const mainRoleId = Number((await t.server.request("POST", "/api/system/characters", { token: t.admin, body: { name: "主账号角色", authorities: ["HBL01001"] } })).body.data.id);
    await t.server.db.query("update users set role_id = $1 where username = 'admin'", [mainRoleId]);
    expect((await t.server.request("PUT", `/api/system/characters/${mainRoleId}`, { token: limited, body: { description: "改" } })).body).toEqual(HOLDERS_EXCEED);
    expect((await t.server.request("PUT", `/api/system/characters/${mainRoleId}`, { token: t.admin, body: { description: "改" } })).status).toBe(200);
  });

  it("lets the main account change any role", async () => {
    const r = await t.server.request("PUT", `/api/system/characters/${sharedRoleId}`, { token: t.admin, body: { description: "主账号改" } });
    expect(r.status, r.text).toBe(200);
  });

  it("marks the rows the caller may not change as locked, in the roles and the users lists", async () => {
    const roles = await lockedIn("characters", limited);
    expect(roles.get(sharedRoleId)).toBe(true);
    expect(roles.get(localRoleId)).toBe(false);
    const users = await lockedIn("users", limited);
    expect(users.get(wideHolderId)).toBe(true);
    expect([...(await lockedIn("characters", t.admin)).values()].some(Boolean)).toBe(false);
  });
});
