// GET {system}/homepage/user: every field of spec §3 User info, the menu filtered to the user's codes,
// the current community choice; the user center and the user lists (docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menu } from "../../../generated/routes.ts";
import { allAuthorityCodes } from "../../../generated/permissions.ts";
import { backends, freshServer, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";

const USER = "/api/system/homepage/user";

describe.each(backends)("homepage/user and users (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let ids: DemoIds;
  let admin: string;
  let staff: string;
  let admin2: string;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    ids = await demoIds(server);
    [admin, staff, admin2] = [await server.login("admin"), await server.login("staff"), await server.login("admin2")];
  });
  afterAll(async () => stop());

  it("answers every field of the user info for the main account", async () => {
    const r = await server.request("GET", USER, { token: admin });
    expect(r.status).toBe(200);
    const d = r.body.data;
    for (const key of ["tenantId", "tenantName", "userId", "username", "userType", "signature", "applicationSceneName", "authorities", "webMenuList", "enabledKanban", "phoneNumber", "companyShortName", "platformImg", "code", "communityId", "communityName"]) {
      expect(d, key).toHaveProperty(key);
    }
    expect(d).toMatchObject({ tenantId: ids.tenantA, tenantName: "阳光物业服务有限公司", username: "admin", userType: "0", signature: admin, applicationSceneName: "社区", enabledKanban: true, phoneNumber: "13800000001", companyShortName: "阳光物业" });
    expect(d.code.sort()).toEqual([...allAuthorityCodes].sort());
    expect(d.authorities.map((a: { code: string }) => a.code).sort()).toEqual([...allAuthorityCodes].sort());
    // The main account holds every code: the whole menu, scene placeholder filled.
    expect(d.webMenuList.map((n: { index: string }) => n.index)).toEqual(menu.map((n) => n.index));
    expect(JSON.stringify(d.webMenuList)).not.toContain("{scene}");
    expect(d.webMenuList.find((n: { index: string }) => n.index === "community").alias).toBe("社区管理");
  });

  it("gives staff only the community group with its three entries", async () => {
    const r = await server.request("GET", USER, { token: staff });
    const d = r.body.data;
    expect(d.userType).toBe("1");
    expect(d.code.sort()).toEqual(["HBL01001", "HBL01003", "HBL01005"]);
    expect(d.webMenuList).toHaveLength(1);
    expect(d.webMenuList[0]).toMatchObject({ index: "community", alias: "社区管理" });
    expect(d.webMenuList[0].subMenus.map((n: { code: string }) => n.code)).toEqual(["HBL01001", "HBL01003", "HBL01005"]);
  });

  it("opens the requested community of the tenant, else the most recent, else the first", async () => {
    const { rows } = await server.db.query<{ id: number; name: string }>("select id, name from communities where tenant_id = $1 order by id", [ids.tenantA]);
    const [first, second, third] = rows;
    let d = (await server.request("GET", USER, { token: staff })).body.data;
    expect(d).toMatchObject({ communityId: first.id, communityName: first.name });

    d = (await server.request("GET", `${USER}?communityId=${second.id}`, { token: staff })).body.data;
    expect(d).toMatchObject({ communityId: second.id, communityName: second.name });

    await server.request("POST", "/api/system/recentCommunity/actions/setRecentCommunityList", { token: staff, body: { communityIds: [third.id, second.id] } });
    d = (await server.request("GET", USER, { token: staff })).body.data;
    expect(d).toMatchObject({ communityId: third.id, communityName: third.name });

    // Another tenant's community is not opened: the user's own most recent one is.
    d = (await server.request("GET", `${USER}?communityId=${ids.communityB}`, { token: staff })).body.data;
    expect(d.communityId).toBe(third.id);
  });

  it("answers null when the tenant has no community", async () => {
    await server.db.query("insert into tenants (name, scene_name) values ('空租户', '园区') returning id");
    const { rows } = await server.db.query<{ id: number }>("select id from tenants where name = '空租户'");
    await server.db.query("insert into users (tenant_id, username, user_type, enabled, password_hash) select $1, 'emptyadmin', '0', true, password_hash from users where username = 'admin'", [rows[0].id]);
    const token = await server.login("emptyadmin");
    const d = (await server.request("GET", USER, { token })).body.data;
    expect(d).toMatchObject({ communityId: null, communityName: null, applicationSceneName: "园区" });
    expect(d.webMenuList.find((n: { index: string }) => n.index === "community").alias).toBe("园区管理");
  });

  it("needs a session", async () => {
    expect((await server.request("GET", USER)).status).toBe(401);
  });

  it("shows the user center to the user itself and to the tenant's main account only", async () => {
    const { rows } = await server.db.query<{ id: number; username: string }>("select id, username from users where username in ('admin', 'staff', 'admin2')");
    const id = (name: string) => rows.find((r) => r.username === name)!.id;
    const own = await server.request("GET", `/api/auth/user/${id("staff")}/center?serviceType=hbl`, { token: staff });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ userId: id("staff"), username: "staff", realName: "李娜", tenantName: "阳光物业服务有限公司", userType: "1" });
    expect((await server.request("GET", `/api/auth/user/${id("staff")}/center`, { token: admin })).body.data.username).toBe("staff");
    const other = await server.request("GET", `/api/auth/user/${id("admin")}/center`, { token: staff });
    expect(other.status).toBe(401);
    expect(other.body.status).toBe(403);
    // The main account of tenant B does not see tenant A's users.
    expect((await server.request("GET", `/api/auth/user/${id("staff")}/center`, { token: admin2 })).status).toBe(404);
  });

  it("lists the tenant's users for pickers", async () => {
    const list = (await server.request("GET", "/api/system/user/queryList?serviceType=hbl", { token: staff })).body.data;
    expect(list.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(["admin", "staff"]));
    expect(list.map((u: { username: string }) => u.username)).not.toContain("admin2");
    expect(Object.keys(list[0]).sort()).toEqual(["realName", "userId", "username"]);
    const property = await server.request("POST", "/api/system/users/actions/queryPropertyListByCommunityId", { token: staff, body: { communityId: ids.communityA } });
    expect(property.body.data.map((u: { username: string }) => u.username)).toContain("staff");
    const foreign = await server.request("POST", "/api/system/users/actions/queryPropertyListByCommunityId", { token: staff, body: { communityId: ids.communityB } });
    expect(foreign.body.data).toEqual([]);
  });
});
