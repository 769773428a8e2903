// The workbench: statistics cards computed from the community's rows (they change when a resident is
// added), layouts per user and community, module items, and the advert banner with its silence.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";

const STATS = [
  "/api/system/communities/actions/workBenchGetCommunityStatistics",
  "/api/system/roomAuditOrders/actions/workBenchQueryList",
  "/api/property/repairs/actions/workBenchQueryList",
  "/api/property/notices/actions/workBenchQueryList",
  "/api/system/rooms/actions/workBenchGetRoomStatistics",
  "/api/system/inhabitants/actions/workBenchGetResidentStatistics",
  "/api/accesscontrol/accessEvents/actions/workBenchGetOpenDoorEventStatistics",
  "/api/vehicle/vehicle/actions/workBenchGetVehicleStatistics",
];
const ADVERTS = "/api/crain/help/web/promotionPositions/actions/getNamedByPositionCode?positionCode=SQ202";
const SILENT = "/api/crain/help/web/promotionPositions/actions/silent";

describe.each(backends)("workbench (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let ids: DemoIds;
  let admin: string;
  let admin2: string;
  let staff: string;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    ids = await demoIds(server);
    [admin, admin2, staff] = [await server.login("admin"), await server.login("admin2"), await server.login("staff")];
  });
  afterAll(async () => stop());

  const stat = (url: string, token: string, communityId: number) => server.request("GET", `${url}?communityId=${communityId}`, { token });

  describe("statistics cards", () => {
    it("answers every card for the tenant's community, counted from its rows", async () => {
      for (const url of STATS) {
        const r = await stat(url, admin, ids.communityA);
        expect(r.status, url).toBe(200);
        expect(r.body.success, url).toBe(true);
      }
      const community = (await stat(STATS[0], admin, ids.communityA)).body.data;
      expect(community).toMatchObject({
        communityId: ids.communityA,
        roomCount: await server.count("rooms", "tenant_id = $1 and community_id = $2", [ids.tenantA, ids.communityA]),
        buildingCount: await server.count("buildings", "tenant_id = $1 and community_id = $2", [ids.tenantA, ids.communityA]),
        inhabitantCount: await server.count("inhabitants", "tenant_id = $1 and community_id = $2", [ids.tenantA, ids.communityA]),
      });
      const rooms = (await stat(STATS[4], admin, ids.communityA)).body.data;
      expect(rooms.byStatus.map((s: { status: number }) => s.status)).toEqual([1, 2, 3, 4, 5]);
      expect(rooms.total).toBe(community.roomCount);
      expect(rooms.occupied + rooms.vacant).toBe(rooms.total);
      const doors = (await stat(STATS[6], admin, ids.communityA)).body.data;
      expect(doors.days).toHaveLength(7);
      const vehicles = (await stat(STATS[7], admin, ids.communityA)).body.data;
      expect(vehicles.days).toHaveLength(7);
      expect(vehicles.days[0]).toEqual(expect.objectContaining({ in: expect.any(Number), out: expect.any(Number) }));
      const audits = (await stat(STATS[1], admin, ids.communityA)).body.data;
      expect(audits.pendingCount).toBe(await server.count("room_audit_orders", "tenant_id = $1 and community_id = $2 and status = 1", [ids.tenantA, ids.communityA]));
    });

    it("changes after a resident is added", async () => {
      const before = (await stat(STATS[5], admin, ids.communityA)).body.data;
      const profileBefore = (await stat(STATS[0], admin, ids.communityA)).body.data;
      const added = await server.request("POST", "/api/system/inhabitants", {
        token: admin,
        body: { communityId: ids.communityA, name: "新住户", phone: "13900001234", roomId: ids.roomA, identity: 3 },
      });
      expect(added.status).toBe(200);
      const after = (await stat(STATS[5], admin, ids.communityA)).body.data;
      expect(after.total).toBe(before.total + 1);
      expect(after.newThisMonth).toBe(before.newThisMonth + 1);
      const tenants = (list: { identity: number; count: number }[]) => list.find((x) => x.identity === 3)!.count;
      expect(tenants(after.byIdentity)).toBe(tenants(before.byIdentity) + 1);
      expect((await stat(STATS[0], admin, ids.communityA)).body.data.inhabitantCount).toBe(profileBefore.inhabitantCount + 1);
    });

    it("changes after a door opens and a car enters", async () => {
      const doors = (await stat(STATS[6], admin, ids.communityA)).body.data;
      const cars = (await stat(STATS[7], admin, ids.communityA)).body.data;
      const now = new Date().toISOString();
      await server.db.query("insert into access_events (tenant_id, community_id, event_time, device_sn, open_method, result) values ($1, $2, $3, 'SN1', 2, 1)", [ids.tenantA, ids.communityA, now]);
      await server.db.query("insert into parking_events (tenant_id, community_id, plate, direction, event_time) values ($1, $2, '浙A12345', 1, $3)", [ids.tenantA, ids.communityA, now]);
      const doorsAfter = (await stat(STATS[6], admin, ids.communityA)).body.data;
      expect(doorsAfter.today).toBe(doors.today + 1);
      expect(doorsAfter.byMethod.find((m: { openMethod: number }) => m.openMethod === 2).count).toBe(doors.byMethod.find((m: { openMethod: number }) => m.openMethod === 2).count + 1);
      expect((await stat(STATS[7], admin, ids.communityA)).body.data.todayIn).toBe(cars.todayIn + 1);
    });

    it("keeps tenants apart: another tenant's community is a 404, its own works", async () => {
      for (const url of STATS) {
        expect((await stat(url, admin2, ids.communityA)).status, url).toBe(404);
        expect((await stat(url, admin2, ids.communityB)).status, url).toBe(200);
      }
      const b = (await stat(STATS[0], admin2, ids.communityB)).body.data;
      expect(b.inhabitantCount).toBe(await server.count("inhabitants", "tenant_id = $1 and community_id = $2", [ids.tenantB, ids.communityB]));
    });

    it("needs the workbench code (the 403 marker) and a communityId (400)", async () => {
      const denied = await stat(STATS[0], staff, ids.communityA);
      expect(denied.status).toBe(401);
      expect(denied.body.status).toBe(403);
      expect((await server.request("GET", STATS[0], { token: admin })).status).toBe(400);
    });
  });

  describe("layouts and modules", () => {
    it("gives the default layout until one is saved, then the saved one per user and community", async () => {
      await server.db.query("delete from workbench_layouts where tenant_id = $1", [ids.tenantA]);
      const fresh = await server.request("GET", `/api/management/layout?communityId=${ids.communityA}`, { token: admin });
      expect(fresh.body.data).toMatchObject({ layoutId: null, isDefault: true });
      expect(fresh.body.data.layout.length).toBeGreaterThan(5);

      const saved = await server.request("POST", "/api/management/layout", {
        token: admin,
        body: { communityId: ids.communityA, layout: [{ moduleId: "housing", w: 2 }, { moduleId: "nope" }, { moduleId: "housing" }, { moduleId: "announcement", w: 9 }] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.layout).toEqual([{ moduleId: "housing", w: 2 }, { moduleId: "announcement", w: 1 }]);
      const again = await server.request("GET", `/api/management/layout?communityId=${ids.communityA}`, { token: admin });
      expect(again.body.data).toMatchObject({ layoutId: saved.body.data.layoutId, isDefault: false, layout: saved.body.data.layout });

      const otherCommunity = (await server.db.query<{ id: number }>("select id from communities where tenant_id = $1 and id <> $2 order by id limit 1", [ids.tenantA, ids.communityA])).rows[0].id;
      expect((await server.request("GET", `/api/management/layout?communityId=${otherCommunity}`, { token: admin })).body.data.isDefault).toBe(true);

      const resaved = await server.request("POST", "/api/management/layout", { token: admin, body: { communityId: ids.communityA, layout: ["openDoor"] } });
      expect(resaved.body.data.layoutId).toBe(saved.body.data.layoutId);
      expect(await server.count("workbench_layouts", "tenant_id = $1 and community_id = $2", [ids.tenantA, ids.communityA])).toBe(1);
    });

    it("deletes only the user's own layout, back to the default", async () => {
      const { layoutId } = (await server.request("GET", `/api/management/layout?communityId=${ids.communityA}`, { token: admin })).body.data;
      expect((await server.request("DELETE", `/api/management/layout/${layoutId}`, { token: admin2 })).status).toBe(404);
      expect(await server.count("workbench_layouts", "id = $1", [layoutId])).toBe(1);
      expect((await server.request("DELETE", `/api/management/layout/${layoutId}`, { token: admin })).status).toBe(200);
      expect((await server.request("GET", `/api/management/layout?communityId=${ids.communityA}`, { token: admin })).body.data.isDefault).toBe(true);
      expect((await server.request("DELETE", `/api/management/layout/${layoutId}`, { token: admin })).status).toBe(404);
    });

    it("does not let a tenant save or read a layout of another tenant's community", async () => {
      expect((await server.request("GET", `/api/management/layout?communityId=${ids.communityA}`, { token: admin2 })).status).toBe(404);
      expect((await server.request("POST", "/api/management/layout", { token: admin2, body: { communityId: ids.communityA, layout: [] } })).status).toBe(404);
      expect(await server.count("workbench_layouts", "tenant_id = $1 and community_id = $2", [ids.tenantB, ids.communityA])).toBe(0);
    });

    it("describes a module item, 404 for an unknown one", async () => {
      const r = await server.request("GET", "/api/management/item/vehicleFlow", { token: admin });
      expect(r.body.data).toMatchObject({ moduleId: "vehicleFlow", name: "车流统计", available: true });
      expect((await server.request("GET", "/api/management/item/unknown", { token: admin })).status).toBe(404);
      const all = await server.request("GET", "/api/management/item", { token: admin });
      expect(all.body.data.length).toBe(8);
    });
  });

  describe("advert banner (SQ202)", () => {
    it("lists the tenant's enabled adverts with left and right images and the rotation period", async () => {
      const r = await server.request("GET", ADVERTS, { token: admin });
      expect(r.status).toBe(200);
      const { adverts, rotationPeriod } = r.body.data;
      expect(adverts.length).toBe(await server.count("adverts", "tenant_id = $1 and position_code = 'SQ202' and enabled", [ids.tenantA]));
      expect(adverts[0]).toEqual(expect.objectContaining({ advertId: expect.any(Number), imgUrlLeft: expect.any(String) }));
      expect(rotationPeriod).toBe(5);
      const titlesB = (await server.db.query<{ title: string }>("select title from adverts where tenant_id = $1", [ids.tenantB])).rows.map((x) => x.title);
      const b = await server.request("GET", ADVERTS, { token: admin2 });
      expect(b.body.data.adverts.map((a: { advertId: number }) => a.advertId).sort()).toEqual(
        (await server.db.query<{ id: number }>("select id from adverts where tenant_id = $1 and enabled and position_code = 'SQ202'", [ids.tenantB])).rows.map((x) => x.id).sort(),
      );
      expect(titlesB.length).toBeGreaterThan(0);
    });

    it("leaves out disabled adverts and those outside their time window", async () => {
      const before = (await server.request("GET", ADVERTS, { token: admin })).body.data.adverts.length;
      const { rows } = await server.db.query<{ id: number }>("select id from adverts where tenant_id = $1 order by id limit 1", [ids.tenantA]);
      await server.db.query("update adverts set end_time = now() - interval '1 day' where id = $1 and tenant_id = $2", [rows[0].id, ids.tenantA]);
      expect((await server.request("GET", ADVERTS, { token: admin })).body.data.adverts.length).toBe(before - 1);
      await server.db.query("update adverts set end_time = null where id = $1 and tenant_id = $2", [rows[0].id, ids.tenantA]);
    });

    it("closes the banner for the user only, until an advert changes", async () => {
      const silent = await server.request("PUT", SILENT, { token: admin, body: { positionCode: "SQ202" } });
      expect(silent.status).toBe(200);
      expect((await server.request("GET", ADVERTS, { token: admin })).body.data.adverts).toEqual([]);
      expect((await server.request("GET", ADVERTS, { token: admin2 })).body.data.adverts.length).toBeGreaterThan(0);

      const { rows } = await server.db.query<{ id: number; version: number }>("select id, version from adverts where tenant_id = $1 order by id limit 1", [ids.tenantA]);
      const updated = await server.request("PUT", `/api/management/adverts/${rows[0].id}`, { token: admin, body: { title: "新的广告内容" } });
      expect(updated.status).toBe(200);
      expect((await server.request("GET", ADVERTS, { token: admin })).body.data.adverts.length).toBeGreaterThan(0);
    });

    it("needs the workbench code", async () => {
      expect((await server.request("GET", ADVERTS, { token: staff })).status).toBe(401);
      expect((await server.request("PUT", SILENT, { token: staff, body: {} })).status).toBe(401);
    });
  });
});
