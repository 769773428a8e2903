// Tenant B sees nothing of tenant A through the hand-written community calls: not its areas,
// communities, buildings, units or rooms, not by id, filter or list; nor can it change them.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("tenant isolation of the community calls (%s)", (backend) => {
  const t = useDemoServer(backend);
  let namesA: string[];

  beforeAll(async () => {
    const { rows } = await t.server.db.query<{ name: string }>("select name from areas where tenant_id = $1 union select name from communities where tenant_id = $1", [t.ids.tenantA]);
    namesA = rows.map((r) => r.name);
  });

  const noNameOfA = (text: string) => {
    for (const name of namesA) expect(text, name).not.toContain(name);
  };

  it("shows B only its own areas and communities", async () => {
    const tree = await t.server.request("POST", "/api/system/areas/actions/findAreaTreeList", { token: t.admin2, body: {} });
    expect(tree.status).toBe(200);
    noNameOfA(tree.text);
    expect(tree.text).toContain("西湖区域");
    const all = await t.server.request("GET", "/api/system/communities?areaId=1", { token: t.admin2 });
    expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([t.ids.communityB]);
    const ofA = await t.server.request("GET", `/api/system/communities?areaId=${t.ids.areaA}`, { token: t.admin2 });
    expect(ofA.body.data).toEqual([]);
    const communityTree = await t.server.request("POST", "/api/system/communities/actions/findCommunityTree", { token: t.admin2, body: {} });
    noNameOfA(communityTree.text);
  });

  it("answers B's house lists naming A's community, building or unit as missing (404, the edge's scope guard)", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["/api/system/buildings/actions/listByCommunityId", { communityId: t.ids.communityA }],
      ["/api/system/units/actions/listByBuildingId", { buildingId: t.ids.buildingA }],
      ["/api/system/rooms/actions/listByUnitId", { unitId: t.ids.unitA }],
    ];
    for (const [url, body] of calls) {
      const r = await t.server.request("POST", url, { token: t.admin2, body });
      expect(r.status, url).toBe(404);
    }
    const simple = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: t.admin2, body: { communityId: t.ids.communityA, pageNo: 1, pageSize: 50 } });
    expect(simple.status).toBe(404);
    const own = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: t.admin2, body: { pageNo: 1, pageSize: 500 } });
    const roomIds = own.body.data.list.map((r: { id: number }) => r.id);
    expect(roomIds).toContain(t.ids.roomB);
    expect(roomIds).not.toContain(t.ids.roomA);
    expect(own.body.data.total).toBe(await t.server.count("rooms", "tenant_id = $1", [t.ids.tenantB]));
  });

  it("does not let B read or set A's community configs, nor store A's ids as recent", async () => {
    await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: t.admin, body: { communityId: t.ids.communityA, secret: "A" } });
    expect((await t.server.request("GET", `/api/system/communities/${t.ids.communityA}/actions/getCommunityParamConfig`, { token: t.admin2 })).status).toBe(404);
    expect((await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: t.admin2, body: { communityId: t.ids.communityA, secret: "B" } })).status).toBe(404);
    expect((await t.server.request("GET", `/api/system/communities/${t.ids.communityA}/actions/getDadCommunityConfig`, { token: t.admin2 })).status).toBe(404);
    const { rows } = await t.server.db.query<{ config: { secret: string } }>("select config from community_configs where community_id = $1", [t.ids.communityA]);
    expect(rows[0].config.secret).toBe("A");
    const recent = await t.server.request("POST", "/api/system/recentCommunity/actions/setRecentCommunityList", { token: t.admin2, body: { communityIds: [t.ids.communityA, t.ids.communityB] } });
    expect(recent.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual([t.ids.communityB]);
  });

  it("does not let B change or delete A's areas", async () => {
    expect((await t.server.request("PUT", `/api/system/areas/${t.ids.areaA}`, { token: t.admin2, body: { name: "改名" } })).status).toBe(404);
    expect((await t.server.request("DELETE", `/api/system/areas/${t.ids.areaA}`, { token: t.admin2 })).status).toBe(404);
    const under = await t.server.request("POST", "/api/system/areas", { token: t.admin2, body: { name: "挂到A下", parentId: t.ids.areaA } });
    expect(under.status).toBe(400);
    expect(await t.server.count("areas", "tenant_id = $1 and name = $2", [t.ids.tenantA, "华东区域"])).toBe(1);
  });

  it("lists B's own task centre, licences and users only", async () => {
    const users = await t.server.request("GET", "/api/system/user/queryList", { token: t.admin2 });
    expect(users.body.data.map((u: { username: string }) => u.username)).not.toContain("admin");
    const tasks = await t.server.request("GET", "/api/management/taskCentre/actions/list", { token: t.admin2 });
    expect(tasks.body.data.total).toBe(await t.server.count("tasks", "tenant_id = $1", [t.ids.tenantB]));
  });
});
