// The community picker's calls (spec §2 Layout, §4, §7; docs/api.md): the area tree rooted at the
// virtual 全部区域 (id 1), communities of an area including its sub-areas, the community tree, the
// recent list (at most 5, newest first, other tenants' ids dropped), and the rules of area writes.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

interface AreaNode {
  id: number;
  name: string;
  parentId: number | null;
  type: number;
  subAreas: AreaNode[];
}

const TREE = "/api/system/areas/actions/findAreaTreeList";
const RECENT_GET = "/api/system/recentCommunity/actions/getRecentCommunityList";
const RECENT_SET = "/api/system/recentCommunity/actions/setRecentCommunityList";

describe.each(backends)("community picker (%s)", (backend) => {
  const t = useDemoServer(backend);
  let communitiesA: { id: number; name: string; area_id: number }[];

  const areaId = async (name: string) => (await t.server.db.query<{ id: number }>("select id from areas where tenant_id = $1 and name = $2", [t.ids.tenantA, name])).rows[0].id;

  beforeAll(async () => {
    communitiesA = (await t.server.db.query<{ id: number; name: string; area_id: number }>("select id, name, area_id from communities where tenant_id = $1 order by id", [t.ids.tenantA])).rows;
  });

  it("roots the area tree at 全部区域 (id 1) with the tenant's areas nested under it", async () => {
    const r = await t.server.request("POST", TREE, { token: t.staff, body: {} });
    expect(r.status).toBe(200);
    const [root] = r.body.data as AreaNode[];
    expect(r.body.data).toHaveLength(1);
    expect(root).toMatchObject({ id: 1, name: "全部区域", parentId: null, type: 0 });
    expect(root.subAreas.map((a) => a.name)).toEqual(["华东区域", "华南区域"]);
    const east = root.subAreas[0];
    expect(east).toMatchObject({ parentId: 1, type: 1 });
    expect(east.subAreas.map((a) => a.name)).toEqual(["杭州片区", "上海片区"]);
    expect(east.subAreas[0]).toMatchObject({ parentId: east.id, type: 2, subAreas: [] });
  });

  it("lists the communities of an area and of its sub-areas; area 1 or none means all", async () => {
    const get = async (query: string) =>
      (await t.server.request("GET", `/api/system/communities${query}`, { token: t.staff })).body.data as { communityId: number; communityName: string; id: number; name: string; areaId: number }[];
    const east = await get(`?areaId=${await areaId("华东区域")}`);
    expect(east.map((c) => c.communityName).sort()).toEqual(["浦江御景", "翠湖苑", "阳光花园"].sort());
    const hangzhou = await get(`?areaId=${await areaId("杭州片区")}`);
    expect(hangzhou.map((c) => c.name).sort()).toEqual(["翠湖苑", "阳光花园"].sort());
    expect(hangzhou[0]).toMatchObject({ communityId: hangzhou[0].id, communityName: hangzhou[0].name });
    expect(hangzhou[0]).toHaveProperty("administrativeCode");
    expect((await get("?areaId=1")).map((c) => c.id)).toEqual(communitiesA.map((c) => c.id));
    expect((await get("")).map((c) => c.id)).toEqual(communitiesA.map((c) => c.id));
    expect((await get(`?areaId=1&keyword=${encodeURIComponent("翠湖")}`)).map((c) => c.name)).toEqual(["翠湖苑"]);
  });

  it("builds the community tree: areas holding sub-areas and then their communities", async () => {
    const r = await t.server.request("POST", "/api/system/communities/actions/findCommunityTree", { token: t.staff, body: {} });
    const east = r.body.data.find((n: { name: string }) => n.name === "华东区域");
    expect(east.type).toBe("area");
    const hangzhou = east.children.find((n: { name: string }) => n.name === "杭州片区");
    expect(hangzhou.children.map((n: { type: string; name: string }) => `${n.type}:${n.name}`).sort()).toEqual(["community:翠湖苑", "community:阳光花园"].sort());
  });

  it("keeps at most 5 recent communities, newest first, dropping other tenants' and unknown ids", async () => {
    const own = communitiesA.map((c) => c.id);
    const { rows } = await t.server.db.query<{ id: number }>("insert into communities (tenant_id, name, area_id) select $1, '临时社区' || g, $2 from generate_series(1, 3) g returning id", [
      t.ids.tenantA,
      await areaId("杭州片区"),
    ]);
    const extra = rows.map((r) => r.id);
    const given = [t.ids.communityB, extra[0], own[3], 999999, own[0], extra[1], own[2], extra[2], own[1]];
    const r = await t.server.request("POST", RECENT_SET, { token: t.staff, body: { communityIds: given } });
    expect(r.status).toBe(200);
    const expected = [extra[0], own[3], own[0], extra[1], own[2]];
    expect(r.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual(expected);
    const got = await t.server.request("GET", RECENT_GET, { token: t.staff });
    expect(got.body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual(expected);
    expect(got.body.data.recentList[1]).toEqual({ communityId: own[3], communityName: communitiesA[3].name });
    expect(await t.server.count("recent_communities", "community_id = $1", [t.ids.communityB])).toBe(0);
    // Per user: admin's list is its own.
    expect((await t.server.request("GET", RECENT_GET, { token: t.admin })).body.data.recentList).toEqual([]);
    // Setting again replaces the list.
    await t.server.request("POST", RECENT_SET, { token: t.staff, body: { communityIds: [own[1]] } });
    expect((await t.server.request("GET", RECENT_GET, { token: t.staff })).body.data.recentList.map((c: { communityId: number }) => c.communityId)).toEqual([own[1]]);
    expect((await t.server.request("POST", RECENT_SET, { token: t.staff, body: { communityIds: "x" } })).status).toBe(400);
    await t.server.db.query("delete from communities where id = any($1::bigint[])", [extra]);
  });

  it("creates an area under 全部区域 as a top-level area, with the generic validation", async () => {
    const r = await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "华北区域", parentId: 1, tenantId: t.ids.tenantB } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: "华北区域", parentId: null, tenantId: t.ids.tenantA });
    const bad = await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "坏<名字>" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40001);
    const tree = (await t.server.request("POST", TREE, { token: t.admin, body: {} })).body.data[0] as AreaNode;
    expect(tree.subAreas.map((a) => a.name)).toContain("华北区域");
    await t.server.request("DELETE", `/api/system/areas/${r.body.data.id}`, { token: t.admin });
  });

  it("refuses a parent that is the area itself, one of its sub-areas or another tenant's area", async () => {
    const east = await areaId("华东区域");
    const hangzhou = await areaId("杭州片区");
    for (const parentId of [east, hangzhou]) {
      const r = await t.server.request("PUT", `/api/system/areas/${east}`, { token: t.admin, body: { parentId } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("上级区域不能是本区域或其下级区域");
    }
    const foreign = await t.server.request("PUT", `/api/system/areas/${hangzhou}`, { token: t.admin, body: { parentId: t.ids.areaB } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe("上级区域不存在");
    const moved = await t.server.request("PUT", `/api/system/areas/${hangzhou}`, { token: t.admin, body: { parentId: 1 } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.parentId).toBeNull();
    await t.server.request("PUT", `/api/system/areas/${hangzhou}`, { token: t.admin, body: { parentId: east } });
  });

  it("refuses to delete an area with sub-areas or communities", async () => {
    const withChildren = await t.server.request("DELETE", `/api/system/areas/${await areaId("华东区域")}`, { token: t.admin });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toBe("该区域下还有子区域，不能删除");
    const withCommunities = await t.server.request("DELETE", `/api/system/areas/${await areaId("深圳片区")}`, { token: t.admin });
    expect(withCommunities.status).toBe(409);
    expect(withCommunities.body.message).toBe("该区域下还有社区，不能删除");
    const batch = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin, body: { ids: [await areaId("深圳片区")] } });
    expect(batch.status).toBe(409);
    expect(await t.server.count("areas", "tenant_id = $1", [t.ids.tenantA])).toBeGreaterThanOrEqual(5);
    // An empty leaf goes (with its parent in the same batch too).
    const parent = (await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "待删区域" } })).body.data;
    const child = (await t.server.request("POST", "/api/system/areas", { token: t.admin, body: { name: "待删片区", parentId: parent.id } })).body.data;
    const both = await t.server.request("DELETE", "/api/system/areas/actions/batchDelete", { token: t.admin, body: { ids: [parent.id, child.id] } });
    expect(both.status).toBe(200);
  });

  it("needs HBL01001 for area writes and some authority for the picker", async () => {
    const write = await t.server.request("POST", "/api/system/areas", { token: t.staff, body: { name: "员工区域" } });
    expect(write.status).toBe(200); // staff holds HBL01001
    await t.server.request("DELETE", `/api/system/areas/${write.body.data.id}`, { token: t.staff });
    await t.server.db.query("update characters set authorities = '[]'::jsonb where tenant_id = $1 and name = '社区管理员'", [t.ids.tenantA]);
    try {
      const r = await t.server.request("POST", TREE, { token: t.staff, body: {} });
      expect(r.status).toBe(401);
      expect(r.body.status).toBe(403);
      expect((await t.server.request("GET", "/api/system/communities", { token: t.staff })).status).toBe(401);
    } finally {
      await t.server.db.query(`update characters set authorities = '["HBL01001","HBL01003","HBL01005"]'::jsonb where tenant_id = $1 and name = '社区管理员'`, [t.ids.tenantA]);
    }
  });
});
