// GET {system}/homepage/user: every field of spec §3 User info, the menu filtered to the user's codes,
// the current community choice; the user center and the user lists (docs/api.md).
import { describe, expect, it } from "vitest";
import { menu } from "../../../generated/routes.ts";
import { allAuthorityCodes } from "../../../generated/permissions.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const USER = "/api/system/homepage/user";

describe.each(backends)("homepage/user and users (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("answers every field of the user info for the main account", async () => {
    const r = await t.server.request("GET", USER, { token: t.admin });
    expect(r.status).toBe(200);
    const d = r.body.data;
    for (const key of [
      "tenantId",
      "tenantName",
      "userId",
      "username",
      "userType",
      "signature",
      "applicationSceneName",
      "authorities",
      "webMenuList",
      "enabledKanban",
      "phoneNumber",
      "companyShortName",
      "platformImg",
      "code",
      "communityId",
      "communityName",
    ]) {
      expect(d, key).toHaveProperty(key);
    }
    expect(d).toMatchObject({
      tenantId: t.ids.tenantA,
      tenantName: "阳光物业服务有限公司",
      username: "admin",
      userType: "0",
      signature: t.admin,
      applicationSceneName: "社区",
      enabledKanban: true,
      phoneNumber: "13800000001",
      companyShortName: "阳光物业",
    });
    expect(d.code.sort()).toEqual([...allAuthorityCodes].sort());
    expect(d.authorities.map((a: { code: string }) => a.code).sort()).toEqual([...allAuthorityCodes].sort());
    // The main account holds every code: the whole menu, scene placeholder filled.
    expect(d.webMenuList.map((n: { index: string }) => n.index)).toEqual(menu.map((n) => n.index));
    expect(JSON.stringify(d.webMenuList)).not.toContain("{scene}");
    expect(d.webMenuList.find((n: { index: string }) => n.index === "community").alias).toBe("社区管理");
  });

  it("gives staff only the community group with its three entries", async () => {
    const r = await t.server.request("GET", USER, { token: t.staff });
    const d = r.body.data;
    expect(d.userType).toBe("1");
    expect(d.code.sort()).toEqual(["HBL01001", "HBL01003", "HBL01005"]);
    expect(d.webMenuList).toHaveLength(1);
    expect(d.webMenuList[0]).toMatchObject({ index: "community", alias: "社区管理" });
    expect(d.webMenuList[0].subMenus.map((n: { code: string }) => n.code)).toEqual(["HBL01001", "HBL01003", "HBL01003", "HBL01003", "HBL01005"]);
  });

  it("opens the requested community of the tenant, else the most recent, else the first", async () => {
    const { rows } = await t.server.db.query<{ id: number; name: string }>("select id, name from communities where tenant_id = $1 order by id", [t.ids.tenantA]);
    const [first, second, third] = rows;
    let d = (await t.server.request("GET", USER, { token: t.staff })).body.data;
    expect(d).toMatchObject({ communityId: first.id, communityName: first.name });

    d = (await t.server.request("GET", `${USER}?communityId=${second.id}`, { token: t.staff })).body.data;
    expect(d).toMatchObject({ communityId: second.id, communityName: second.name });

    await t.server.request("POST", "/api/system/recentCommunity/actions/setRecentCommunityList", { token: t.staff, body: { communityIds: [third.id, second.id] } });
    d = (await t.server.request("GET", USER, { token: t.staff })).body.data;
    expect(d).toMatchObject({ communityId: third.id, communityName: third.name });

    // Another tenant's community is not opened: the user's own most recent one is.
    d = (await t.server.request("GET", `${USER}?communityId=${t.ids.communityB}`, { token: t.staff })).body.data;
    expect(d.communityId).toBe(third.id);
  });

  it("answers null when the tenant has no community", async () => {
    await t.server.db.query("insert into tenants (name, scene_name) values ('空租户', '园区') returning id");
    const { rows } = await t.server.db.query<{ id: number }>("select id from tenants where name = '空租户'");
    await t.server.db.query("insert into users (tenant_id, username, user_type, enabled, password_hash) select $1, 'emptyadmin', '0', true, password_hash from users where username = 'admin'", [
      rows[0].id,
    ]);
    const token = await t.server.login("emptyadmin");
    const d = (await t.server.request("GET", USER, { token })).body.data;
    expect(d).toMatchObject({ communityId: null, communityName: null, applicationSceneName: "园区" });
    expect(d.webMenuList.find((n: { index: string }) => n.index === "community").alias).toBe("园区管理");
  });

  it("needs a session", async () => {
    expect((await t.server.request("GET", USER)).status).toBe(401);
  });

  it("shows the user center to the user itself and to the tenant's main account only", async () => {
    const { rows } = await t.server.db.query<{ id: number; username: string }>("select id, username from users where username in ('admin', 'staff', 'admin2')");
    const id = (name: string) => rows.find((r) => r.username === name)!.id;
    const own = await t.server.request("GET", `/api/auth/user/${id("staff")}/center?serviceType=hbl`, { token: t.staff });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ userId: id("staff"), username: "staff", realName: "李娜", tenantName: "阳光物业服务有限公司", userType: "1" });
    expect((await t.server.request("GET", `/api/auth/user/${id("staff")}/center`, { token: t.admin })).body.data.username).toBe("staff");
    const other = await t.server.request("GET", `/api/auth/user/${id("admin")}/center`, { token: t.staff });
    expect(other.status).toBe(401);
    expect(other.body.status).toBe(403);
    // The main account of tenant B does not see tenant A's users.
    expect((await t.server.request("GET", `/api/auth/user/${id("staff")}/center`, { token: t.admin2 })).status).toBe(404);
  });

  it("lists the tenant's users for pickers", async () => {
    const list = (await t.server.request("GET", "/api/system/user/queryList?serviceType=hbl", { token: t.staff })).body.data;
    expect(list.map((u: { username: string }) => u.username)).toEqual(expect.arrayContaining(["admin", "staff"]));
    expect(list.map((u: { username: string }) => u.username)).not.toContain("admin2");
    expect(Object.keys(list[0]).sort()).toEqual(["realName", "userId", "username"]);
    const property = await t.server.request("POST", "/api/system/users/actions/queryPropertyListByCommunityId", { token: t.staff, body: { communityId: t.ids.communityA } });
    expect(property.body.data.map((u: { username: string }) => u.username)).toContain("staff");
    const foreign = await t.server.request("POST", "/api/system/users/actions/queryPropertyListByCommunityId", { token: t.staff, body: { communityId: t.ids.communityB } });
    // Another tenant's community is refused at the edge (404), as every operation naming one is.
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
  });
});
