// Tenant isolation: tenant B's admin2 (a main account, every authority) can neither read nor change
// tenant A's rows — by id, filter, batch or reference — and a body's tenantId is ignored.
import { describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";

describe.each(backends)("tenant isolation (%s)", (backend) => {
  const t = useDemoServer(backend);

  const nameOf = async (table: string, id: number) => (await t.server.db.query<{ name: string }>(`select name from ${table} where id = $1`, [id])).rows[0]?.name;

  it("cannot read another tenant's row by id (404)", async () => {
    for (const url of [`/api/system/communities/${t.ids.communityA}`, `/api/system/areas/${t.ids.areaA}`, `/api/system/rooms/${t.ids.roomA}`]) {
      const r = await t.server.request("GET", url, { token: t.admin2 });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 404, message: "数据不存在或已被删除", data: null, success: false });
    }
    expect((await t.server.request("GET", `/api/system/communities/${t.ids.communityA}`, { token: t.admin })).status).toBe(200);
  });

  it("cannot update another tenant's row", async () => {
    const before = await nameOf("communities", t.ids.communityA);
    const r = await t.server.request("PUT", `/api/system/communities/${t.ids.communityA}`, { token: t.admin2, body: { name: "被改名" } });
    expect(r.status).toBe(404);
    expect(await nameOf("communities", t.ids.communityA)).toBe(before);
  });

  it("cannot delete another tenant's row, alone or in a batch (all or nothing)", async () => {
    const r = await t.server.request("DELETE", `/api/system/rooms/${t.ids.roomA}`, { token: t.admin2 });
    expect(r.status).toBe(404);
    expect(await t.server.count("rooms", "id = $1", [t.ids.roomA])).toBe(1);

    const own = await t.server.request("POST", "/api/system/areas", { token: t.admin2, body: { name: "B的临时区域" } });
    expect(own.status).toBe(200);
    const batch = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin2, body: { ids: [own.body.data.id, t.ids.areaA] } });
    expect(batch.status).toBe(404);
    expect(await t.server.count("areas", "id = $1", [own.body.data.id])).toBe(1);
    expect(await t.server.count("areas", "id = $1", [t.ids.areaA])).toBe(1);
    const alone = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin2, body: { ids: [own.body.data.id] } });
    expect(alone.status).toBe(200);
    expect(await t.server.count("areas", "id = $1", [own.body.data.id])).toBe(0);
  });

  it("cannot see another tenant's rows through lists and filters", async () => {
    const nameA = await nameOf("communities", t.ids.communityA);
    const byName = await t.server.request("POST", "/api/system/communities/actions/pageList", { token: t.admin2, body: { name: nameA } });
    expect(byName.body.data.total).toBe(0);
    const byKeyword = await t.server.request("POST", "/api/system/communities/actions/pageList", { token: t.admin2, body: { keyword: nameA } });
    expect(byKeyword.body.data.total).toBe(0);
    const byCommunity = await t.server.request("POST", "/api/system/rooms/actions/pageList", { token: t.admin2, body: { communityId: t.ids.communityA } });
    expect(byCommunity.status).toBe(200);
    expect(byCommunity.body.data).toMatchObject({ total: 0, list: [] });
    const all = await t.server.request("POST", "/api/system/rooms/actions/pageList", { token: t.admin2, body: { pageSize: 500 } });
    expect(all.body.data.total).toBeGreaterThan(0);
    expect(all.body.data.list.every((r: { tenantId: number }) => r.tenantId === t.ids.tenantB)).toBe(true);
  });

  it("ignores tenantId / tenant_id in the body: the row belongs to the session's tenant", async () => {
    const r = await t.server.request("POST", "/api/system/areas", { token: t.admin2, body: { name: "伪装区域", tenantId: t.ids.tenantA, tenant_id: t.ids.tenantA } });
    expect(r.status).toBe(200);
    expect(r.body.data.tenantId).toBe(t.ids.tenantB);
    expect(await t.server.count("areas", "tenant_id = $1 and name = '伪装区域'", [t.ids.tenantA])).toBe(0);
    const moved = await t.server.request("PUT", `/api/system/areas/${r.body.data.id}`, { token: t.admin2, body: { tenantId: t.ids.tenantA, name: "伪装区域2" } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.tenantId).toBe(t.ids.tenantB);
  });

  it("cannot reference another tenant's rows (community, area, room): 400 and nothing written", async () => {
    const buildings = await t.server.count("buildings");
    const inCommunityA = await t.server.request("POST", "/api/system/buildings", { token: t.admin2, body: { communityId: t.ids.communityA, name: "越权楼栋" } });
    expect(inCommunityA.status).toBe(400);
    expect(inCommunityA.body).toMatchObject({ code: 40001, message: "社区不存在", success: false });
    expect(await t.server.count("buildings")).toBe(buildings);

    const communities = await t.server.count("communities");
    const withAreaA = await t.server.request("POST", "/api/system/communities", { token: t.admin2, body: { name: "越权社区", areaId: t.ids.areaA } });
    expect(withAreaA.status).toBe(400);
    expect(withAreaA.body).toMatchObject({ code: 40001, success: false, data: { errors: [{ field: "areaId" }] } });
    expect(await t.server.count("communities")).toBe(communities);

    const updateToAreaA = await t.server.request("PUT", `/api/system/communities/${t.ids.communityB}`, { token: t.admin2, body: { areaId: t.ids.areaA } });
    expect(updateToAreaA.status).toBe(400);
    expect((await t.server.db.query<{ area_id: number }>("select area_id from communities where id = $1", [t.ids.communityB])).rows[0].area_id).toBe(t.ids.areaB);

    const inhabitants = await t.server.count("inhabitants");
    const withRoomA = await t.server.request("POST", "/api/system/inhabitants", {
      token: t.admin2,
      body: { communityId: t.ids.communityB, name: "越权住户", phone: "13811112222", roomId: t.ids.roomA },
    });
    expect(withRoomA.status).toBe(400);
    expect(await t.server.count("inhabitants")).toBe(inhabitants);
  });
});
