// Tenant B sees nothing of tenant A through the hand-written community calls: not its areas,
// communities, buildings, units or rooms, not by id, filter or list; nor can it change them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";

describe.each(backends)("tenant isolation of the community calls (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let ids: DemoIds;
  let admin2: string;
  let namesA: string[];

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    ids = await demoIds(server);
    admin2 = await server.login("admin2");
    const { rows } = await server.db.query<{ name: string }>(
      "select name from areas where tenant_id = $1 union select name from communities where tenant_id = $1",
      [ids.tenantA],
    );
    namesA = rows.map((r) => r.name);
  });
  afterAll(async () => stop());

  const noNameOfA = (text: string) => {
    for (const name of namesA) expect(text, name).not.toContain(name);
  };

  it("shows B only its own areas and communities", async () => {
    const tree = await server.request("POST", "/api/system/areas/actions/findAreaTreeList", { token: admin2, body: {} });
    expect(tree.status).toBe(200);
    noNameOfA(tree.text);
    expect(tree.text).toContain("西湖区域");
    const all = await server.request("GET", "/api/system/communities?areaId=1", { token: admin2 });
    expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([ids.communityB]);
    const ofA = await server.request("GET", `/api/system/communities?areaId=${ids.areaA}`, { token: admin2 });
    expect(ofA.body.data).toEqual([]);
    const communityTree = await server.request("POST", "/api/system/communities/actions/findCommunityTree", { token: admin2, body: {} });
    noNameOfA(communityTree.text);
  });

  it("gives B empty house lists for A's community, building and unit", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["/api/system/buildings/actions/listByCommunityId", { communityId: ids.communityA }],
      ["/api/system/units/actions/listByBuildingId", { buildingId: ids.buildingA }],
      ["/api/system/rooms/actions/listByUnitId", { unitId: ids.unitA }],
    ];
    for (const [url, body] of calls) {
      const r = await server.request("POST", url, { token: admin2, body });
      expect(r.status, url).toBe(200);
      expect(r.body.data, url).toEqual([]);
    }
    const simple = await server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: admin2, body: { communityId: ids.communityA, pageNo: 1, pageSize: 50 } });
    expect(simple.body.data).toMatchObject({ list: [], total: 0 });
    const own = await server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: admin2, body: { pageNo: 1, pageSize: 500 } });
    const roomIds = own.body.data.list.map((r: { id: number }) => r.id);
    expect(roomIds).toContain(ids.roomB);
    expect(roomIds).not.toContain(ids.roomA);
    expect(own.body.data.total).toBe(await server.count("rooms", "tenant_id = $1", [ids.tenantB]));
  });

  it("does not let B read or set A's community configs, nor store A's ids as recent", async () => {
    await server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: await server.login("admin"), body: { communityId: ids.communityA, secret: "A" } });
    expect((await server.request("GET", `/api/system/communities/${ids.communityA}/actions/getCommunityParamConfig`, { token: admin2 })).status).toBe(404);
    expect((await server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: admin2, body: { communityId: ids.communityA, secret: "B" } })).status).toBe(404);
    expect((await server.request("GET", `/api/system/communities/${ids.communityA}/actions/getDadCommunityConfig`, { token: admin2 })).status).toBe(404);
    const { rows } = await server.db.query<{ config: { secret: string } }>("select config from community_configs where community_id = $1", [ids.communityA]);
    expect(rows[0].config.secret).toBe("A");
    const recent = await server.request("POST", "/api/system/recentCommunity/actions/setRecentCommunityList", { token: admin2, body: { communityIds: [ids.communityA, ids.communityB] } });
    expect(recent.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual([ids.communityB]);
  });

  it("does not let B change or delete A's areas", async () => {
    expect((await server.request("PUT", `/api/system/areas/${ids.areaA}`, { token: admin2, body: { name: "改名" } })).status).toBe(404);
    expect((await server.request("DELETE", `/api/system/areas/${ids.areaA}`, { token: admin2 })).status).toBe(404);
    const under = await server.request("POST", "/api/system/areas", { token: admin2, body: { name: "挂到A下", parentId: ids.areaA } });
    expect(under.status).toBe(400);
    expect(await server.count("areas", "tenant_id = $1 and name = $2", [ids.tenantA, "华东区域"])).toBe(1);
  });

  it("lists B's own task centre, licences and users only", async () => {
    const users = await server.request("GET", "/api/system/user/queryList", { token: admin2 });
    expect(users.body.data.map((u: { username: string }) => u.username)).not.toContain("admin");
    const tasks = await server.request("GET", "/api/management/taskCentre/actions/list", { token: admin2 });
    expect(tasks.body.data.total).toBe(await server.count("tasks", "tenant_id = $1", [ids.tenantB]));
  });
});
