// Device-facing ingest (schemas: ingest: true): a gateway signed in as a user with the resource's
// code posts a list of records; each is checked with the resource's rules; valid ones are written
// in the session's tenant, bad ones reported by position; a foreign community or reference is refused.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useFlowServer } from "./support.ts";

describe.each(backends)("device ingest (%s)", (backend) => {
  const t = useFlowServer(backend);

  it("writes the valid open-door events and reports the others by position", async () => {
    const before = await t.server.count("access_events", "tenant_id = $1", [t.ids.tenantA]);
    const good = { communityId: t.ids.communityA, eventTime: "2026-05-01T01:02:03.000Z", deviceSn: "GATE01", deviceName: "东门", openMethod: 1, result: 1, personName: "张三" };
    const r = await t.post(t.admin, "/api/accesscontrol/accessEvents/actions/ingest", {
      records: [good, { ...good, deviceSn: "" }, { ...good, communityId: t.ids.communityB }, { ...good, openMethod: 1, eventTime: "2026-05-01T02:00:00Z" }, "oops"],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.accepted).toBe(2);
    expect(r.body.data.ids).toHaveLength(2);
    expect(r.body.data.rejected).toEqual([
      { index: 1, field: "deviceSn", message: "请输入设备序列号" },
      { index: 2, field: "communityId", message: "社区不存在" },
      { index: 4, field: "", message: "记录格式不正确" },
    ]);
    expect(await t.server.count("access_events", "tenant_id = $1", [t.ids.tenantA])).toBe(before + 2);
    expect(await t.server.count("access_events", "tenant_id = $1 and device_sn = 'GATE01'", [t.ids.tenantB])).toBe(0);
    // The records are in the list like any other.
    const list = await t.post(t.admin, "/api/accesscontrol/accessEvents/actions/pageList", { communityId: t.ids.communityA, deviceSn: "GATE01" });
    expect(list.body.data.list).toHaveLength(2);
  });

  it("takes alarms, parking events, call logs and captures", async () => {
    const c = t.ids.communityA;
    const posts: [string, Record<string, unknown>, string][] = [
      ["/api/device/alarms/actions/ingest", { communityId: c, content: "烟感告警", alarmType: 1, alarmTime: "2026-05-01T03:00:00Z", handleStatus: 0 }, "alarms"],
      ["/api/vehicle/parkingEvents/actions/ingest", { communityId: c, plate: "京A12345", direction: 1, eventTime: "2026-05-01T03:00:00Z" }, "parking_events"],
      ["/api/device/callLogs/actions/ingest", { communityId: c, callTime: "2026-05-01T03:00:00Z", callType: 1, deviceSn: "DOOR9", result: 1, duration: 30 }, "call_logs"],
      [
        "/api/capture/capturePictures/actions/ingest",
        { communityId: c, image: "https://img.example.com/a.jpg", channelName: "东门通道", captureTime: "2026-05-01T03:00:00Z", captureType: 1 },
        "capture_pictures",
      ],
    ];
    for (const [url, record, table] of posts) {
      const before = await t.server.count(table, "tenant_id = $1", [t.ids.tenantA]);
      const r = await t.post(t.admin, url, [record]);
      expect(r.status, `${url} ${r.text}`).toBe(200);
      expect(r.body.data, url).toMatchObject({ accepted: 1, rejected: [] });
      expect(await t.server.count(table, "tenant_id = $1", [t.ids.tenantA])).toBe(before + 1);
    }
  });

  it("reports a reference to another tenant's row and keeps the rest", async () => {
    const foreignLevel = await t.firstId("alarm_levels", "true", [], t.ids.tenantB);
    const r = await t.post(t.admin, "/api/device/alarms/actions/ingest", {
      records: [
        { communityId: t.ids.communityA, content: "门磁告警", alarmType: 1, alarmLevelId: foreignLevel, handleStatus: 0 },
        { communityId: t.ids.communityA, content: "水浸告警", alarmType: 1, handleStatus: 0 },
      ],
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.accepted).toBe(1);
    expect(r.body.data.rejected).toEqual([{ index: 0, field: "alarmLevelId", message: "告警等级不存在" }]);
  });

  it("needs the resource's code, a session and a list", async () => {
    const staff = await t.post(t.staff, "/api/device/alarms/actions/ingest", { records: [{}] });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    expect((await t.server.request("POST", "/api/device/alarms/actions/ingest", { body: { records: [{}] } })).status).toBe(401);
    expect((await t.post(t.admin, "/api/device/alarms/actions/ingest", { records: [] })).status).toBe(400);
    // A resource that does not declare ingest has no such call.
    expect((await t.post(t.admin, "/api/system/communities/actions/ingest", { records: [{}] })).status).toBe(404);
  });
});
