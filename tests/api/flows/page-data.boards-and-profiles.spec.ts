// The data behind the hand-written pages: the cockpit boards (HBL23001 / HBL23003), the property
// detail, the prevention board and a person's profile, the cameras, 以文搜图, 运营助手 and 巡检统计 —
// each counted from the session tenant's rows only, each behind its code.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

describe.each(backends)("page data (%s)", (backend) => {
  const t = useFlowServer(backend);

  it("global board counts the tenant's rows only", async () => {
    const r = await t.get(t.admin, "/api/management/board/actions/global");
    expect(r.status, r.text).toBe(200);
    const d = r.body.data;
    expect(d.totals.communities).toBe(await t.server.count("communities", "tenant_id = $1", [t.ids.tenantA]));
    expect(d.totals.inhabitants).toBe(await t.server.count("inhabitants", "tenant_id = $1", [t.ids.tenantA]));
    expect(d.totals.rooms).toBe(await t.server.count("rooms", "tenant_id = $1", [t.ids.tenantA]));
    expect(d.openDoorDays).toHaveLength(7);
    expect(d.parkingDays).toHaveLength(7);
    expect(d.repairs.map((x: { label: string }) => x.label)).toEqual(["待派单", "已派单", "处理中", "已完成", "已评价"]);
    expect(d.communities.every((c: { communityId: number }) => c.communityId !== t.ids.communityB)).toBe(true);
    const other = await t.get(t.admin2, "/api/management/board/actions/global");
    expect(other.body.data.totals.communities).toBe(await t.server.count("communities", "tenant_id = $1", [t.ids.tenantB]));
    const staff = await t.get(t.staff, "/api/management/board/actions/global");
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
  });

  it("project board: the requested community, else the first; another tenant's is a 404", async () => {
    const r = await t.get(t.admin, `/api/management/board/actions/project?communityId=${t.ids.communityA}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.communityId).toBe(t.ids.communityA);
    expect(r.body.data.totals.rooms).toBe(await t.server.count("rooms", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]));
    expect(r.body.data.roomsByStatus).toHaveLength(5);
    expect((await t.get(t.admin, "/api/management/board/actions/project")).body.data.communityId).toBe(t.ids.communityA);
    expect((await t.get(t.admin, `/api/management/board/actions/project?communityId=${t.ids.communityB}`)).status).toBe(404);
  });

  it("property detail, prevention board and a person's profile", async () => {
    const detail = await t.get(t.staff, `/api/system/communities/actions/propertyDetail?communityId=${t.ids.communityA}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.community.id).toBe(t.ids.communityA);
    expect(detail.body.data.tenantName).toBe("阳光物业服务有限公司");
    expect((await t.get(t.staff, `/api/system/communities/actions/propertyDetail?communityId=${t.ids.communityB}`)).status).toBe(404);

    const prevention = await t.get(t.staff, `/api/system/inhabitants/actions/preventionStatistics?communityId=${t.ids.communityA}`);
    expect(prevention.status, prevention.text).toBe(200);
    expect(prevention.body.data.inhabitants).toBe(await t.server.count("inhabitants", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]));
    expect(prevention.body.data.visitorDays).toHaveLength(7);

    const person = await t.firstId("inhabitants", "room_id is not null");
    const profile = await t.get(t.staff, `/api/system/inhabitants/${person}/actions/profile`);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.data.inhabitant.id).toBe(person);
    expect(profile.body.data.room.roomNo).toBeTruthy();
    expect(Array.isArray(profile.body.data.cards)).toBe(true);
    expect((await t.get(t.admin2, `/api/system/inhabitants/${person}/actions/profile`)).status).toBe(404);
  });

  it("cameras of the community, text search over captures, the operation assistant", async () => {
    const cameras = await t.get(t.admin, `/api/device/devices/actions/cameras?communityId=${t.ids.communityA}`);
    expect(cameras.status, cameras.text).toBe(200);
    expect(cameras.body.data.every((c: { deviceCategory: number }) => [6, 7].includes(c.deviceCategory))).toBe(true);
    // The demo data gives the community cameras of both kinds, one of them offline (视频巡查 and 摄像头测试 list them).
    expect(new Set(cameras.body.data.map((c: { categoryLabel: string }) => c.categoryLabel))).toEqual(new Set(["摄像机", "人脸抓拍机"]));
    expect(cameras.body.data.some((c: { online: boolean }) => c.online === false)).toBe(true);
    expect((await t.get(t.admin2, `/api/device/devices/actions/cameras?communityId=${t.ids.communityA}`)).status).toBe(404);

    await t.post(t.admin, "/api/capture/capturePictures/actions/ingest", [
      {
        communityId: t.ids.communityA,
        image: "https://img.example.com/1.jpg",
        channelName: "南门通道",
        captureTime: "2026-06-01T02:00:00Z",
        captureType: 4,
        plate: "京B77777",
        description: "白色轿车驶入南门",
      },
      { communityId: t.ids.communityA, image: "https://img.example.com/2.jpg", channelName: "北门通道", captureTime: "2026-06-01T03:00:00Z", captureType: 3, description: "行人经过北门" },
    ]);
    const search = await t.post(t.admin, "/api/capture/capturePictures/actions/textSearch", { text: "白色 轿车 南门", communityId: t.ids.communityA });
    expect(search.status, search.text).toBe(200);
    expect(search.body.data.list[0]).toMatchObject({ channelName: "南门通道", score: 3, captureTypeLabel: "车辆抓拍" });
    expect(search.body.data.list.some((x: { channelName: string }) => x.channelName === "北门通道")).toBe(false);
    const foreign = await t.post(t.admin2, "/api/capture/capturePictures/actions/textSearch", { text: "白色轿车驶入南门" });
    expect(foreign.body.data.total).toBe(0);
    expect((await t.post(t.admin, "/api/capture/capturePictures/actions/textSearch", { text: "  " })).status).toBe(400);

    const summary = await t.get(t.admin, `/api/device/operationAssistant/actions/summary?communityId=${t.ids.communityA}`);
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.data.devices.total).toBe(await t.server.count("devices", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, t.ids.communityA]));
    expect(summary.body.data.suggestions.length).toBeGreaterThan(0);
  });

  it("inspection statistics over the plan reports", async () => {
    const r = await t.get(t.admin, "/api/property/inspectPlanReports/actions/statistics?days=30");
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.days).toHaveLength(30);
    const { total, done } = r.body.data.totals;
    expect(done).toBeLessThanOrEqual(total);
    expect((await t.get(t.admin, `/api/property/inspectPlanReports/actions/statistics?communityId=${t.ids.communityB}`)).status).toBe(404);
    expect((await t.get(t.staff, "/api/property/inspectPlanReports/actions/statistics")).status).toBe(401);
  });
});

describe.each(backends)("key login (%s)", (backend) => {
  const t = useFlowServer(backend);

  it("exchanges a one-time ticket for a session of its user, once", async () => {
    const ticket = (await t.post(t.staff, "/api/auth/homepage/actions/getTicket?type=openKey")).body.data.ticket;
    const r = await t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: ticket } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ tenantId: t.ids.tenantA, userType: "1" });
    expect(String(r.headers["set-cookie"])).toContain("neptune_session=");
    const me = await t.get(r.body.data.signature, "/api/system/homepage/user");
    expect(me.body.data.username).toBe("staff");
    const again = await t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: ticket } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("密钥无效或已过期");
    expect((await t.server.request("POST", "/api/auth/homepage/actions/keyLogin", { body: { key: "nope" } })).status).toBe(400);
  });
});

describe.each(backends)("pages opened in new windows (%s)", (backend) => {
  const t = useFlowServer(backend);

  it("AI inspection overview of the community; fire-charge address from the system configuration", async () => {
    const r = await t.get(t.admin, `/api/device/aiInspection/actions/overview?communityId=${t.ids.communityA}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.records.unhandled).toBe(await t.server.count("ai_inspection_records", "tenant_id = $1 and community_id = $2 and handle_status = 1", [t.ids.tenantA, t.ids.communityA]));
    expect((await t.get(t.admin2, `/api/device/aiInspection/actions/overview?communityId=${t.ids.communityA}`)).status).toBe(404);

    expect((await t.get(t.admin, "/api/vehicle/charge/actions/getWebUrl")).body.data).toEqual({ url: null });
    const saved = await t.post(t.admin, "/api/system/systemConfigs", {
      configGroup: 1,
      configKey: "fireChargeUrl",
      configName: "消防充电平台地址",
      configValue: { url: "https://charge.example.com/" },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await t.get(t.admin, "/api/vehicle/charge/actions/getWebUrl")).body.data).toEqual({ url: "https://charge.example.com/" });
    expect((await t.get(t.admin2, "/api/vehicle/charge/actions/getWebUrl")).body.data).toEqual({ url: null });
  });
});
