// Tenant isolation: tenant B's admin2 (a main account, every authority) can neither read nor change
// tenant A's rows — by id, filter, batch or reference — and a body's tenantId is ignored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, type TestServer } from "./support/server.ts";
import { demoIds, type DemoIds } from "./support/demo.ts";

describe.each(backends)("tenant isolation (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let admin: string;
  let admin2: string;
  let ids: DemoIds;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    admin = await server.login("admin");
    admin2 = await server.login("admin2");
    ids = await demoIds(server);
  });
  afterAll(() => stop());

  const nameOf = async (table: string, id: number) =>
    (await server.db.query<{ name: string }>(`select name from ${table} where id = $1`, [id])).rows[0]?.name;

  it("cannot read another tenant's row by id (404)", async () => {
    for (const url of [`/api/system/communities/${ids.communityA}`, `/api/system/areas/${ids.areaA}`, `/api/system/rooms/${ids.roomA}`]) {
      const r = await server.request("GET", url, { token: admin2 });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ code: 404, message: "数据不存在或已被删除", data: null, success: false });
    }
    expect((await server.request("GET", `/api/system/communities/${ids.communityA}`, { token: admin })).status).toBe(200);
  });

  it("cannot update another tenant's row", async () => {
    const before = await nameOf("communities", ids.communityA);
    const r = await server.request("PUT", `/api/system/communities/${ids.communityA}`, { token: admin2, body: { name: "被改名" } });
    expect(r.status).toBe(404);
    expect(await nameOf("communities", ids.communityA)).toBe(before);
  });

  it("cannot delete another tenant's row, alone or in a batch (all or nothing)", async () => {
    const r = await server.request("DELETE", `/api/system/rooms/${ids.roomA}`, { token: admin2 });
    expect(r.status).toBe(404);
    expect(await server.count("rooms", "id = $1", [ids.roomA])).toBe(1);

    const own = await server.request("POST", "/api/system/areas", { token: admin2, body: { name: "B的临时区域" } });
    expect(own.status).toBe(200);
    const batch = await server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: admin2, body: { ids: [own.body.data.id, ids.areaA] } });
    expect(batch.status).toBe(404);
    expect(await server.count("areas", "id = $1", [own.body.data.id])).toBe(1);
    expect(await server.count("areas", "id = $1", [ids.areaA])).toBe(1);
    const alone = await server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: admin2, body: { ids: [own.body.data.id] } });
    expect(alone.status).toBe(200);
    expect(await server.count("areas", "id = $1", [own.body.data.id])).toBe(0);
  });

  it("cannot see another tenant's rows through lists and filters", async () => {
    const nameA = await nameOf("communities", ids.communityA);
    const byName = await server.request("POST", "/api/system/communities/actions/pageList", { token: admin2, body: { name: nameA } });
    expect(byName.body.data.total).toBe(0);
    const byKeyword = await server.request("POST", "/api/system/communities/actions/pageList", { token: admin2, body: { keyword: nameA } });
    expect(byKeyword.body.data.total).toBe(0);
    const byCommunity = await server.request("POST", "/api/system/rooms/actions/pageList", { token: admin2, body: { communityId: ids.communityA } });
    expect(byCommunity.status).toBe(200);
    expect(byCommunity.body.data).toMatchObject({ total: 0, list: [] });
    const all = await server.request("POST", "/api/system/rooms/actions/pageList", { token: admin2, body: { pageSize: 500 } });
    expect(all.body.data.total).toBeGreaterThan(0);
    expect(all.body.data.list.every((r: { tenantId: number }) => r.tenantId === ids.tenantB)).toBe(true);
  });

  it("ignores tenantId / tenant_id in the body: the row belongs to the session's tenant", async () => {
    const r = await server.request("POST", "/api/system/areas", { token: admin2, body: { name: "伪装区域", tenantId: ids.tenantA, tenant_id: ids.tenantA } });
    expect(r.status).toBe(200);
    expect(r.body.data.tenantId).toBe(ids.tenantB);
    expect(await server.count("areas", "tenant_id = $1 and name = '伪装区域'", [ids.tenantA])).toBe(0);
    const moved = await server.request("PUT", `/api/system/areas/${r.body.data.id}`, { token: admin2, body: { tenantId: ids.tenantA, name: "伪装区域2" } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.tenantId).toBe(ids.tenantB);
  });

  it("cannot reference another tenant's rows (community, area, room): 400 and nothing written", async () => {
    const buildings = await server.count("buildings");
    const inCommunityA = await server.request("POST", "/api/system/buildings", { token: admin2, body: { communityId: ids.communityA, name: "越权楼栋" } });
    expect(inCommunityA.status).toBe(400);
    expect(inCommunityA.body).toMatchObject({ code: 40001, message: "社区不存在", success: false });
    expect(await server.count("buildings")).toBe(buildings);

    const communities = await server.count("communities");
    const withAreaA = await server.request("POST", "/api/system/communities", { token: admin2, body: { name: "越权社区", areaId: ids.areaA } });
    expect(withAreaA.status).toBe(400);
    expect(withAreaA.body).toMatchObject({ code: 40001, success: false, data: { errors: [{ field: "areaId" }] } });
    expect(await server.count("communities")).toBe(communities);

    const updateToAreaA = await server.request("PUT", `/api/system/communities/${ids.communityB}`, { token: admin2, body: { areaId: ids.areaA } });
    expect(updateToAreaA.status).toBe(400);
    expect((await server.db.query<{ area_id: number }>("select area_id from communities where id = $1", [ids.communityB])).rows[0].area_id).toBe(ids.areaB);

    const inhabitants = await server.count("inhabitants");
    const withRoomA = await server.request("POST", "/api/system/inhabitants", {
      token: admin2,
      body: { communityId: ids.communityB, name: "越权住户", phone: "13811112222", roomId: ids.roomA },
    });
    expect(withRoomA.status).toBe(400);
    expect(await server.count("inhabitants")).toBe(inhabitants);
  });
});
