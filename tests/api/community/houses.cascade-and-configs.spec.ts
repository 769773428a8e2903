// The house cascade (buildings -> units -> rooms, pageListSimpleRooms) and the per-community
// configuration documents (docs/api.md).
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("houses and community configs (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("walks community -> buildings -> units -> rooms", async () => {
    const buildings = (await t.server.request("POST", "/api/system/buildings/actions/listByCommunityId", { token: t.staff, body: { communityId: t.ids.communityA } })).body.data;
    expect(buildings.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(buildings[0]).sort()).toEqual(["id", "name"]);
    expect(buildings[0]).toEqual({ id: t.ids.buildingA, name: "1栋" });
    const units = (await t.server.request("POST", "/api/system/units/actions/listByBuildingId", { token: t.staff, body: { buildingId: t.ids.buildingA } })).body.data;
    expect(units.map((u: { name: string }) => u.name)).toEqual(["1单元", "2单元"]);
    const rooms = (await t.server.request("POST", "/api/system/rooms/actions/listByUnitId", { token: t.staff, body: { unitId: units[0].id } })).body.data;
    expect(rooms.length).toBe(await t.server.count("rooms", "unit_id = $1", [units[0].id]));
    expect(Object.keys(rooms[0]).sort()).toEqual(["id", "roomNo", "status"]);
    expect(rooms[0].roomNo).toBe("101");
    expect((await t.server.request("POST", "/api/system/units/actions/listByBuildingId", { token: t.staff, body: {} })).status).toBe(400);
  });

  it("pages the simple room list of a community, with a keyword", async () => {
    const total = await t.server.count("rooms", "community_id = $1", [t.ids.communityA]);
    const page = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: t.staff, body: { communityId: t.ids.communityA, pageNo: 1, pageSize: 5 } });
    expect(page.body.data).toMatchObject({ total, pageNo: 1, pageSize: 5 });
    expect(page.body.data.list).toHaveLength(5);
    expect(Object.keys(page.body.data.list[0]).sort()).toEqual(["buildingId", "buildingName", "id", "roomName", "roomNo", "status", "unitId", "unitName"]);
    const last = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", {
      token: t.staff,
      body: { communityId: t.ids.communityA, pageNo: Math.ceil(total / 5), pageSize: 5 },
    });
    expect(last.body.data.total).toBe(total);
    const found = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: t.staff, body: { communityId: t.ids.communityA, keyword: "302", pageSize: 50 } });
    expect(found.body.data.list.length).toBeGreaterThan(0);
    for (const room of found.body.data.list) expect(room.roomNo).toContain("302");
    const byBuilding = await t.server.request("POST", "/api/system/rooms/actions/pageListSimpleRooms", { token: t.staff, body: { communityId: t.ids.communityA, keyword: "2栋", pageSize: 100 } });
    for (const room of byBuilding.body.data.list) expect(room.buildingName).toBe("2栋");
  });

  it("opens the cascade to codes whose forms pick a house, not to others", async () => {
    // A role with the cards module only (cards reference residents, not houses) is refused;
    // the visitors module (visitors pick a room) may read it.
    const { rows } = await t.server.db.query<{ id: number }>(
      `insert into characters (tenant_id, name, authorities) values ($1, '仅卡片', '["HBL01007"]'::jsonb), ($1, '仅访客', '["HBL01009"]'::jsonb) returning id`,
      [t.ids.tenantA],
    );
    await t.server.db.query(
      `insert into users (tenant_id, username, user_type, role_id, enabled, password_hash)
       select $1, u.name, '1', u.role, true, (select password_hash from users where username = 'staff')
         from (values ('cardonly', $2::bigint), ('visitoronly', $3::bigint)) as u(name, role)`,
      [t.ids.tenantA, rows[0].id, rows[1].id],
    );
    const body = { communityId: t.ids.communityA };
    const cards = await t.server.request("POST", "/api/system/buildings/actions/listByCommunityId", { token: await t.server.login("cardonly"), body });
    expect(cards.status).toBe(401);
    expect(cards.body.status).toBe(403);
    const visitors = await t.server.request("POST", "/api/system/buildings/actions/listByCommunityId", { token: await t.server.login("visitoronly"), body });
    expect(visitors.status).toBe(200);
  });

  it("stores each community's parameter, Dad and health-code configs, merging changes", async () => {
    const base = `/api/system/communities/${t.ids.communityA}/actions`;
    expect((await t.server.request("GET", `${base}/getCommunityParamConfig`, { token: t.staff })).body.data).toEqual({ communityId: t.ids.communityA });
    const set = await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", {
      token: t.admin,
      body: { communityId: t.ids.communityA, auditRequired: true, maxCards: 5 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ communityId: t.ids.communityA, auditRequired: true, maxCards: 5 });
    await t.server.request("POST", `${base}/setCommunityParamConfig`, { token: t.admin, body: { maxCards: null, visitorQr: 24 } });
    expect((await t.server.request("GET", `${base}/getCommunityParamConfig`, { token: t.staff })).body.data).toEqual({ communityId: t.ids.communityA, auditRequired: true, visitorQr: 24 });
    // Another community keeps its own.
    const other = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 and id <> $2 order by id limit 1", [t.ids.tenantA, t.ids.communityA])).rows[0].id;
    expect((await t.server.request("GET", `/api/system/communities/${other}/actions/getCommunityParamConfig`, { token: t.staff })).body.data).toEqual({ communityId: other });

    await t.server.request("POST", "/api/system/communities/actions/setDadCommunityConfig", { token: t.admin, body: { communityId: t.ids.communityA, platformCode: "DAD01", enabled: true } });
    const sync = await t.server.request("GET", `${base}/syncDadDate`, { token: t.admin });
    expect(sync.body.data.communityId).toBe(t.ids.communityA);
    const dad = (await t.server.request("GET", `${base}/getDadCommunityConfig`, { token: t.admin })).body.data;
    expect(dad).toMatchObject({ communityId: t.ids.communityA, platformCode: "DAD01", enabled: true, lastSyncTime: sync.body.data.lastSyncTime });

    const health = await t.server.request("POST", "/api/system/communities/actions/setXiChengHealthCodeConfig", { token: t.admin, body: { communityId: t.ids.communityA, checkEnabled: true } });
    expect(health.body.data).toEqual({ communityId: t.ids.communityA, checkEnabled: true });
    expect(await t.server.count("operation_logs", "resource = 'communityConfigs' and target_id = $1", [String(t.ids.communityA)])).toBeGreaterThanOrEqual(3);
  });

  it("refuses config writes without HBL01001 and malformed keys", async () => {
    await t.server.db.query(`update characters set authorities = '["HBL01003","HBL01005"]'::jsonb where tenant_id = $1 and name = '社区管理员'`, [t.ids.tenantA]);
    try {
      const r = await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: t.staff, body: { communityId: t.ids.communityA, x: 1 } });
      expect(r.status).toBe(401);
      expect(r.body.status).toBe(403);
    } finally {
      await t.server.db.query(`update characters set authorities = '["HBL01001","HBL01003","HBL01005"]'::jsonb where tenant_id = $1 and name = '社区管理员'`, [t.ids.tenantA]);
    }
    const bad = await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: t.admin, body: { communityId: t.ids.communityA, "bad key": 1 } });
    expect(bad.status).toBe(400);
    const none = await t.server.request("POST", "/api/system/communities/actions/setCommunityParamConfig", { token: t.admin, body: { x: 1 } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("请选择社区");
  });
});
