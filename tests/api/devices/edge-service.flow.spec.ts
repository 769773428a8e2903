// The edge-service flow and calls (spec §4 edge authorisation, §7 Edge service), on real rows of
// edgeServices / edgeDevices, under HBL03019, per tenant.
import { beforeAll, describe, expect, it } from "vitest";
import { consumeTicket } from "../../../src/server/auth/tickets.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const A = "/api/device/edgeService/actions";

describe.each(backends)("edge service (%s)", (backend) => {
  const t = useDemoServer(backend);
  let edgeId: number;

  beforeAll(async () => {
    const created = await t.server.request("POST", "/api/device/edgeService", {
      token: t.admin,
      body: { name: "测试边缘服务", serialNo: "EDGETEST0001", ipAddress: "10.0.0.8", communityIds: [t.ids.communityA], showEnable: true },
    });
    expect(created.status).toBe(200);
    edgeId = created.body.data.id;
    // Another edge service bound to the same community earlier would be found first: unbind the demo ones.
    await t.server.db.query("update edge_services set community_ids = '[]'::jsonb where tenant_id = $1 and id <> $2", [t.ids.tenantA, edgeId]);
    for (const [name, serialNo, category, channels] of [
      ["一号摄像机", "CAM0001", 6, 4],
      ["东门门口机", "DOOR0001", 1, 1],
    ] as const) {
      const r = await t.server.request("POST", "/api/device/edgeDevices", { token: t.admin, body: { edgeServiceId: edgeId, name, serialNo, deviceCategory: category, channelCount: channels } });
      expect(r.status, r.text).toBe(200);
    }
  });

  it("finds the community's edge service for the header link: {id, name, enableRemoteAccess, authorized}", async () => {
    const r = await t.server.request("GET", `${A}/getEdgeServiceByCommunityId?communityId=${t.ids.communityA}`, { token: t.admin });
    expect(r.body.data).toEqual({ id: edgeId, name: "测试边缘服务", enableRemoteAccess: false, authorized: false });
    await t.server.request("POST", `${A}/setShowEnable`, { token: t.admin, body: { edgeId, showEnable: false } });
    expect((await t.server.request("GET", `${A}/getEdgeServiceByCommunityId?communityId=${t.ids.communityA}`, { token: t.admin })).body.data).toBeNull();
    await t.server.request("POST", `${A}/setShowEnable`, { token: t.admin, body: { edgeId, showEnable: true } });
  });

  it("authorises, then gives a jump address with a one-time ticket once remote access is on", async () => {
    const notAuthorised = await t.server.request("POST", `${A}/getFrpsAuth`, { token: t.admin, body: { edgeId, jumpType: 1 } });
    expect(notAuthorised.status).toBe(400);
    expect((await t.server.request("POST", `${A}/getEdgeAuth`, { token: t.admin, body: { edgeId } })).body.data.authorized).toBe(false);

    expect((await t.server.request("POST", `${A}/updateAuthLogin`, { token: t.admin, body: { edgeId } })).body.data).toEqual({ edgeId, authorized: true });
    expect((await t.server.request("POST", `${A}/getEdgeAuth`, { token: t.admin, body: { edgeId } })).body.data.authorized).toBe(true);

    const remoteOff = await t.server.request("POST", `${A}/getFrpsAuth`, { token: t.admin, body: { edgeId, jumpType: 1 } });
    expect(remoteOff.status).toBe(400);
    expect([remoteOff.body.code, remoteOff.body.message]).toEqual([40033, "边缘服务未开启远程访问"]);

    await t.server.request("POST", `${A}/enableRemoteAccess`, { token: t.admin, body: { edgeId, enableRemoteAccess: true } });
    const jump = await t.server.request("POST", `${A}/getFrpsAuth`, { token: t.admin, body: { edgeId, jumpType: 2 } });
    expect(jump.status).toBe(200);
    const url = new URL(jump.body.data.jumpAddr);
    expect(url.host).toBe("10.0.0.8");
    expect(url.searchParams.get("jumpType")).toBe("2");
    const owner = await consumeTicket(t.server.db, url.searchParams.get("ticket")!, "edge");
    expect(owner?.tenantId).toBe(t.ids.tenantA);
    expect(await consumeTicket(t.server.db, url.searchParams.get("ticket")!, "edge")).toBeNull();
    const header = await t.server.request("GET", `${A}/getEdgeServiceByCommunityId?communityId=${t.ids.communityA}`, { token: t.admin });
    expect(header.body.data).toMatchObject({ enableRemoteAccess: true, authorized: true });
  });

  it("lists services, details, devices, channels, bound communities and module report status", async () => {
    const list = await t.server.request("GET", `${A}/getEdgeServiceList?pageNo=1&pageSize=50&keyword=测试`, { token: t.admin });
    expect(list.body.data.list).toEqual([expect.objectContaining({ id: edgeId, deviceCount: 2, communityIds: [t.ids.communityA] })]);
    const detail = await t.server.request("GET", `${A}/getEdgeServiceDetails?edgeId=${edgeId}`, { token: t.admin });
    expect(detail.body.data.devicesByCategory).toEqual([expect.objectContaining({ deviceCategory: 1, count: 1 }), expect.objectContaining({ deviceCategory: 6, count: 1 })]);
    const devices = await t.server.request("GET", `${A}/getEdgeDeviceList?edgeId=${edgeId}`, { token: t.admin });
    expect(devices.body.data.total).toBe(2);
    const camera = devices.body.data.list.find((d: { serialNo: string }) => d.serialNo === "CAM0001");
    expect(camera.deviceCategoryLabel).toBe("摄像机");
    const channels = await t.server.request("GET", `${A}/getEdgeDeviceChannelList?deviceId=${camera.id}`, { token: t.admin });
    expect(channels.body.data.map((c: { channelNo: number }) => c.channelNo)).toEqual([1, 2, 3, 4]);
    expect((await t.server.request("GET", `${A}/getEdgeChannelList?edgeId=${edgeId}`, { token: t.admin })).body.data).toHaveLength(5);
    expect((await t.server.request("GET", `${A}/getEdgeBindCommunityList?edgeId=${edgeId}`, { token: t.admin })).body.data).toEqual([
      { communityId: t.ids.communityA, communityName: expect.any(String) },
    ]);
    const report = await t.server.request("GET", `${A}/getEgdeModuleReportStatus?edgeId=${edgeId}`, { token: t.admin });
    expect(report.body.data.find((m: { module: string }) => m.module === "channel").count).toBe(5);
    expect((await t.server.request("GET", `${A}/getDeviceType`, { token: t.admin })).body.data.length).toBeGreaterThan(5);
    expect((await t.server.request("GET", `${A}/getChannelType`, { token: t.admin })).body.data.length).toBe(3);
  });

  it("relates devices to the tenant's communities only, and updates serials", async () => {
    const { rows } = await t.server.db.query<{ id: number }>("select id from edge_devices where tenant_id = $1 and serial_no = 'CAM0001'", [t.ids.tenantA]);
    const deviceId = rows[0].id;
    expect((await t.server.request("POST", `${A}/setEdgeDeviceRelationCommunity`, { token: t.admin, body: { deviceIds: [deviceId], communityId: t.ids.communityA } })).status).toBe(200);
    expect((await t.server.request("POST", `${A}/setEdgeDeviceRelationCommunity`, { token: t.admin, body: { deviceIds: [deviceId], communityId: t.ids.communityB } })).status).toBe(404);
    const filtered = await t.server.request("GET", `${A}/getEdgeDeviceList?edgeId=${edgeId}&communityId=${t.ids.communityA}`, { token: t.admin });
    expect(filtered.body.data.list.map((d: { id: number }) => d.id)).toEqual([deviceId]);
    const renamed = await t.server.request("POST", `${A}/updateDeviceSerialDetail`, { token: t.admin, body: { deviceId, serialNo: "CAM0002" } });
    expect(renamed.body.data.serialNo).toBe("CAM0002");
    expect((await t.server.request("POST", `${A}/updateDeviceSerialDetail`, { token: t.admin, body: { deviceId, serialNo: "带空格 !" } })).status).toBe(400);
    const emptySerial = await t.server.request("POST", `${A}/updateDeviceSerialDetail`, { token: t.admin, body: { deviceId, serialNo: "" } });
    expect([emptySerial.status, emptySerial.body.message]).toEqual([400, "请输入设备序列号"]);
    const emptyName = await t.server.request("POST", `${A}/updateDeviceSerialDetail`, { token: t.admin, body: { deviceId, name: " " } });
    expect([emptyName.status, emptyName.body.message]).toEqual([400, "请输入设备名称"]);
  });

  it("updates an edge service with validation, and syncs", async () => {
    const r = await t.server.request("POST", `${A}/updateEdgeService`, { token: t.admin, body: { edgeId, name: "改名后的边缘服务", remark: "机房" } });
    expect(r.body.data.name).toBe("改名后的边缘服务");
    expect((await t.server.request("POST", `${A}/updateEdgeService`, { token: t.admin, body: { edgeId, communityIds: [t.ids.communityB] } })).status).toBe(404);
    const sync = await t.server.request("POST", `${A}/syncData`, { token: t.admin, body: { edgeId } });
    expect(sync.body.data.communities).toEqual([expect.objectContaining({ communityId: t.ids.communityA, rooms: expect.any(Number) })]);
    expect((await t.server.request("POST", `${A}/synchronizationEdgeDevice`, { token: t.admin, body: { edgeId } })).body.data.deviceCount).toBe(2);
    expect((await t.server.request("POST", `${A}/synchronizationEdgeService`, { token: t.admin, body: { edgeId } })).body.data.communityCount).toBe(1);
  });

  it("uses one edge licence per service, within the tenant's quota", async () => {
    const before = (await t.server.request("GET", `${A}/findEdgeLicenseList`, { token: t.admin })).body.data;
    const first = await t.server.request("POST", `${A}/addEdgeLicense`, { token: t.admin, body: { edgeId } });
    expect(first.body.data.licensed).toBe(true);
    await t.server.request("POST", `${A}/addEdgeLicense`, { token: t.admin, body: { edgeId } });
    const after = (await t.server.request("GET", `${A}/findEdgeLicenseList`, { token: t.admin })).body.data;
    expect(after.serviceUseNum).toBe(before.serviceUseNum + 1);
    expect(after.list.find((e: { edgeId: number }) => e.edgeId === edgeId).licensed).toBe(true);
    await t.server.db.query("update licence_quotas set service_use_num = service_total_num where tenant_id = $1 and service_type = 252", [t.ids.tenantA]);
    const other = (await t.server.db.query<{ id: number }>("select id from edge_services where tenant_id = $1 and id <> $2 limit 1", [t.ids.tenantA, edgeId])).rows[0].id;
    const full = await t.server.request("POST", `${A}/addEdgeLicense`, { token: t.admin, body: { edgeId: other } });
    expect(full.status).toBe(400);
  });

  it("keeps tenants apart and needs HBL03019", async () => {
    expect((await t.server.request("GET", `${A}/getEdgeServiceDetails?edgeId=${edgeId}`, { token: t.admin2 })).status).toBe(404);
    expect((await t.server.request("POST", `${A}/updateAuthLogin`, { token: t.admin2, body: { edgeId } })).status).toBe(404);
    expect((await t.server.request("POST", `${A}/getFrpsAuth`, { token: t.admin2, body: { edgeId } })).status).toBe(404);
    expect((await t.server.request("GET", `${A}/getEdgeServiceByCommunityId?communityId=${t.ids.communityA}`, { token: t.admin2 })).status).toBe(404);
    const listB = await t.server.request("GET", `${A}/getEdgeServiceList?pageSize=100`, { token: t.admin2 });
    expect(listB.body.data.list.map((e: { id: number }) => e.id)).not.toContain(edgeId);
    expect((await t.server.request("DELETE", `/api/device/edgeService/force/${edgeId}`, { token: t.admin2 })).status).toBe(404);
    const denied = await t.server.request("GET", `${A}/getEdgeServiceList`, { token: t.staff });
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
  });

  it("refuses to delete a service with devices, deletes it with force", async () => {
    const refused = await t.server.request("DELETE", `/api/device/edgeService/${edgeId}`, { token: t.admin });
    expect([refused.status, refused.body.message]).toEqual([409, "该边缘服务下还有设备，请先删除设备或强制删除"]);
    const forced = await t.server.request("DELETE", `/api/device/edgeService/force/${edgeId}`, { token: t.admin });
    expect(forced.status).toBe(200);
    expect(forced.body.data.deviceIds).toHaveLength(2);
    expect(await t.server.count("edge_devices", "tenant_id = $1 and edge_service_id = $2", [t.ids.tenantA, edgeId])).toBe(0);
    const empty = await t.server.request("POST", "/api/device/edgeService", { token: t.admin, body: { name: "空边缘服务", serialNo: "EDGEEMPTY01" } });
    expect((await t.server.request("DELETE", `/api/device/edgeService/${empty.body.data.id}`, { token: t.admin })).status).toBe(200);
  });
});
