// The workbench: statistics cards computed from the community's rows (they change when a resident is
// added), layouts per user and community, module items, and the advert banner with its silence.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

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
  const t = useDemoServer(backend);

  const stat = (url: string, token: string, communityId: number) => t.server.request("GET", `${url}?communityId=${communityId}`, { token });

  describe("statistics cards", () => {
    it("answers every card for the tenant's community, counted from its rows", async () => {
      for (const url of STATS) {
        const r = await stat(url, t.admin, t.ids.communityA);
        expect(r.status, url).toBe(200);
        expect(r.body.success, url).toBe(true);
      }
      const community = (await stat(STATS[0], t.admin, t.ids.communityA)).body.data;
      expect(community).toMatchObject({
        communityId: t.ids.communityA,
        roomCount: await t.server.count("rooms", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]),
        buildingCount: await t.server.count("buildings", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]),
        inhabitantCount: await t.server.count("inhabitants", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]),
      });
      const rooms = (await stat(STATS[4], t.admin, t.ids.communityA)).body.data;
      expect(rooms.byStatus.map((s: { status: number }) => s.status)).toEqual([1, 2, 3, 4, 5]);
      expect(rooms.total).toBe(community.roomCount);
      // By 房屋状态: 已入住 = 自住 + 出租, 空置 = 空置.
      const of = (status: number) => rooms.byStatus.find((s: { status: number }) => s.status === status).count;
      expect(rooms.occupied).toBe(of(1) + of(2));
      expect(rooms.vacant).toBe(of(3));
      expect(rooms.occupied + rooms.vacant).toBeLessThanOrEqual(rooms.total);
      const doors = (await stat(STATS[6], t.admin, t.ids.communityA)).body.data;
      expect(doors.days).toHaveLength(7);
      const vehicles = (await stat(STATS[7], t.admin, t.ids.communityA)).body.data;
      expect(vehicles.days).toHaveLength(7);
      expect(vehicles.days[0]).toEqual(expect.objectContaining({ in: expect.any(Number), out: expect.any(Number) }));
      const audits = (await stat(STATS[1], t.admin, t.ids.communityA)).body.data;
      expect(audits.pendingCount).toBe(await t.server.count("room_audit_orders", "tenant_id = $1 and community_id = $2 and status = 1", [t.ids.tenantA, t.ids.communityA]));
    });

    it("changes after a resident is added", async () => {
      const before = (await stat(STATS[5], t.admin, t.ids.communityA)).body.data;
      const profileBefore = (await stat(STATS[0], t.admin, t.ids.communityA)).body.data;
      const added = await t.server.request("POST", "/api/system/inhabitants", {
        token: t.admin,
        body: { communityId: t.ids.communityA, name: "新住户", phone: "13900001234", roomId: t.ids.roomA, identity: 3 },
      });
      expect(added.status).toBe(200);
      const after = (await stat(STATS[5], t.admin, t.ids.communityA)).body.data;
      expect(after.total).toBe(before.total + 1);
      expect(after.newThisMonth).toBe(before.newThisMonth + 1);
      const tenants = (list: { identity: number; count: number }[]) => list.find((x) => x.identity === 3)!.count;
      expect(tenants(after.byIdentity)).toBe(tenants(before.byIdentity) + 1);
      expect((await stat(STATS[0], t.admin, t.ids.communityA)).body.data.inhabitantCount).toBe(profileBefore.inhabitantCount + 1);
    });

    it("changes after a door opens and a car enters", async () => {
      const doors = (await stat(STATS[6], t.admin, t.ids.communityA)).body.data;
      const cars = (await stat(STATS[7], t.admin, t.ids.communityA)).body.data;
      const now = new Date().toISOString();
      await t.server.db.query("insert into access_events (tenant_id, community_id, event_time, device_sn, open_method, result) values ($1, $2, $3, 'SN1', 2, 1)", [
        t.ids.tenantA,
        t.ids.communityA,
        now,
      ]);
      await t.server.db.query("insert into parking_events (tenant_id, community_id, plate, direction, event_time) values ($1, $2, '浙A12345', 1, $3)", [t.ids.tenantA, t.ids.communityA, now]);
      const doorsAfter = (await stat(STATS[6], t.admin, t.ids.communityA)).body.data;
      expect(doorsAfter.today).toBe(doors.today + 1);
      expect(doorsAfter.byMethod.find((m: { openMethod: number }) => m.openMethod === 2).count).toBe(doors.byMethod.find((m: { openMethod: number }) => m.openMethod === 2).count + 1);
      expect((await stat(STATS[7], t.admin, t.ids.communityA)).body.data.todayIn).toBe(cars.todayIn + 1);
    });

    it("keeps tenants apart: another tenant's community is a 404, its own works", async () => {
      for (const url of STATS) {
        expect((await stat(url, t.admin2, t.ids.communityA)).status, url).toBe(404);
        expect((await stat(url, t.admin2, t.ids.communityB)).status, url).toBe(200);
      }
      const b = (await stat(STATS[0], t.admin2, t.ids.communityB)).body.data;
      expect(b.inhabitantCount).toBe(await t.server.count("inhabitants", "tenant_id = $1 and community_id = $2", [t.ids.tenantB, t.ids.communityB]));
    });

    it("needs the workbench code (the 403 marker) and a communityId (400)", async () => {
      const denied = await stat(STATS[0], t.staff, t.ids.communityA);
      expect(denied.status).toBe(401);
      expect(denied.body.status).toBe(403);
      expect((await t.server.request("GET", STATS[0], { token: t.admin })).status).toBe(400);
    });
  });

  describe("layouts and modules", () => {
    it("gives the default layout until one is saved, then the saved one per user and community", async () => {
      await t.server.db.query("delete from workbench_layouts where tenant_id = $1", [t.ids.tenantA]);
      const fresh = await t.server.request("GET", `/api/management/layout?communityId=${t.ids.communityA}`, { token: t.admin });
      expect(fresh.body.data).toMatchObject({ layoutId: null, isDefault: true });
      expect(fresh.body.data.layout.length).toBeGreaterThan(5);

      const saved = await t.server.request("POST", "/api/management/layout", {
        token: t.admin,
        body: { communityId: t.ids.communityA, layout: [{ moduleId: "housing", w: 2 }, { moduleId: "nope" }, { moduleId: "housing" }, { moduleId: "announcement", w: 9 }] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.layout).toEqual([
        { moduleId: "housing", w: 2 },
        { moduleId: "announcement", w: 1 },
      ]);
      const again = await t.server.request("GET", `/api/management/layout?communityId=${t.ids.communityA}`, { token: t.admin });
      expect(again.body.data).toMatchObject({ layoutId: saved.body.data.layoutId, isDefault: false, layout: saved.body.data.layout });

      const otherCommunity = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 and id <> $2 order by id limit 1", [t.ids.tenantA, t.ids.communityA])).rows[0]
        .id;
      expect((await t.server.request("GET", `/api/management/layout?communityId=${otherCommunity}`, { token: t.admin })).body.data.isDefault).toBe(true);

      const resaved = await t.server.request("POST", "/api/management/layout", { token: t.admin, body: { communityId: t.ids.communityA, layout: ["openDoor"] } });
      expect(resaved.body.data.layoutId).toBe(saved.body.data.layoutId);
      expect(await t.server.count("workbench_layouts", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA])).toBe(1);
    });

    it("deletes only the user's own layout, back to the default", async () => {
      const { layoutId } = (await t.server.request("GET", `/api/management/layout?communityId=${t.ids.communityA}`, { token: t.admin })).body.data;
      expect((await t.server.request("DELETE", `/api/management/layout/${layoutId}`, { token: t.admin2 })).status).toBe(404);
      expect(await t.server.count("workbench_layouts", "id = $1", [layoutId])).toBe(1);
      expect((await t.server.request("DELETE", `/api/management/layout/${layoutId}`, { token: t.admin })).status).toBe(200);
      expect((await t.server.request("GET", `/api/management/layout?communityId=${t.ids.communityA}`, { token: t.admin })).body.data.isDefault).toBe(true);
      expect((await t.server.request("DELETE", `/api/management/layout/${layoutId}`, { token: t.admin })).status).toBe(404);
    });

    it("does not let a tenant save or read a layout of another tenant's community", async () => {
      expect((await t.server.request("GET", `/api/management/layout?communityId=${t.ids.communityA}`, { token: t.admin2 })).status).toBe(404);
      expect((await t.server.request("POST", "/api/management/layout", { token: t.admin2, body: { communityId: t.ids.communityA, layout: [] } })).status).toBe(404);
      expect(await t.server.count("workbench_layouts", "tenant_id = $1 and community_id = $2", [t.ids.tenantB, t.ids.communityA])).toBe(0);
    });

    it("describes a module item, 404 for an unknown one", async () => {
      const r = await t.server.request("GET", "/api/management/item/vehicleFlow", { token: t.admin });
      expect(r.body.data).toMatchObject({ moduleId: "vehicleFlow", name: "车流统计", available: true });
      expect((await t.server.request("GET", "/api/management/item/unknown", { token: t.admin })).status).toBe(404);
      const all = await t.server.request("GET", "/api/management/item", { token: t.admin });
      expect(all.body.data.length).toBe(9);
    });
  });

  describe("advert banner (SQ202)", () => {
    it("lists the tenant's enabled adverts with left and right images and the rotation period", async () => {
      const r = await t.server.request("GET", ADVERTS, { token: t.admin });
      expect(r.status).toBe(200);
      const { adverts, rotationPeriod } = r.body.data;
      expect(adverts.length).toBe(await t.server.count("adverts", "tenant_id = $1 and position_code = 'SQ202' and enabled", [t.ids.tenantA]));
      expect(adverts[0]).toEqual(expect.objectContaining({ advertId: expect.any(Number), imgUrlLeft: expect.any(String) }));
      expect(rotationPeriod).toBe(5);
      const titlesB = (await t.server.db.query<{ title: string }>("select title from adverts where tenant_id = $1", [t.ids.tenantB])).rows.map((x) => x.title);
      const b = await t.server.request("GET", ADVERTS, { token: t.admin2 });
      expect(b.body.data.adverts.map((a: { advertId: number }) => a.advertId).sort()).toEqual(
        (await t.server.db.query<{ id: number }>("select id from adverts where tenant_id = $1 and enabled and position_code = 'SQ202'", [t.ids.tenantB])).rows.map((x) => x.id).sort(),
      );
      expect(titlesB.length).toBeGreaterThan(0);
    });

    it("refuses a hyperlink that is not http(s) or a path of the site, and writes nothing", async () => {
      const image = "https://www.example.com/neptune/left.png";
      for (const hyperlink of ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "//evil.example.com/"]) {
        const r = await t.server.request("POST", "/api/management/adverts", { token: t.admin, body: { title: "恶意广告", positionCode: "SQ202", imgUrlLeft: image, hyperlink } });
        expect(r.status).toBe(400);
        expect(r.body.message).toBe("链接只能以 http://、https:// 或 / 开头");
      }
      expect(await t.server.count("adverts", "title = '恶意广告'")).toBe(0);
      const ok = await t.server.request("POST", "/api/management/adverts", {
        token: t.admin,
        body: { title: "问卷广告", positionCode: "SQ202", imgUrlLeft: image, hyperlink: "/neptune/#/workbench/benchlayout" },
      });
      expect(ok.status).toBe(200);
    });

    it("leaves out disabled adverts and those outside their time window", async () => {
      const before = (await t.server.request("GET", ADVERTS, { token: t.admin })).body.data.adverts.length;
      const { rows } = await t.server.db.query<{ id: number }>("select id from adverts where tenant_id = $1 order by id limit 1", [t.ids.tenantA]);
      await t.server.db.query("update adverts set end_time = now() - interval '1 day' where id = $1 and tenant_id = $2", [rows[0].id, t.ids.tenantA]);
      expect((await t.server.request("GET", ADVERTS, { token: t.admin })).body.data.adverts.length).toBe(before - 1);
      await t.server.db.query("update adverts set end_time = null where id = $1 and tenant_id = $2", [rows[0].id, t.ids.tenantA]);
    });

    it("closes the banner for the user only, until an advert changes", async () => {
      const silent = await t.server.request("PUT", SILENT, { token: t.admin, body: { positionCode: "SQ202" } });
      expect(silent.status).toBe(200);
      expect((await t.server.request("GET", ADVERTS, { token: t.admin })).body.data.adverts).toEqual([]);
      expect((await t.server.request("GET", ADVERTS, { token: t.admin2 })).body.data.adverts.length).toBeGreaterThan(0);

      const { rows } = await t.server.db.query<{ id: number; version: number }>("select id, version from adverts where tenant_id = $1 order by id limit 1", [t.ids.tenantA]);
      const updated = await t.server.request("PUT", `/api/management/adverts/${rows[0].id}`, { token: t.admin, body: { title: "新的广告内容" } });
      expect(updated.status).toBe(200);
      expect((await t.server.request("GET", ADVERTS, { token: t.admin })).body.data.adverts.length).toBeGreaterThan(0);
    });

    it("needs the workbench code", async () => {
      expect((await t.server.request("GET", ADVERTS, { token: t.staff })).status).toBe(401);
      expect((await t.server.request("PUT", SILENT, { token: t.staff, body: {} })).status).toBe(401);
    });
  });
});
