// GET {smarthome}/steer/actions/config: the smart-home guide's flags from the community's rows.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const URL = "/api/smarthome/steer/actions/config";

describe.each(backends)("smart-home steering flags (%s)", (backend) => {
  const t = useDemoServer(backend);
  let emptyCommunity: number;

  beforeAll(async () => {
    const created = await t.server.request("POST", "/api/system/communities", { token: t.admin, body: { name: "空白社区", areaId: t.ids.areaA } });
    expect(created.status, created.text).toBe(200);
    emptyCommunity = created.body.data.id;
  });

  const flags = async (communityId: number, token = t.admin) => (await t.server.request("GET", `${URL}?communityId=${communityId}`, { token })).body.data;

  it("is all false for a community without any of the rows", async () => {
    expect(await flags(emptyCommunity)).toEqual({ roomEnable: false, smartDeviceEnable: false, houseTypeEnable: false, houseTypeRelevancyRoomEnable: false, workerEnable: false });
  });

  it("follows the rows of rooms, smart devices, house templates, linked smart rooms and workers", async () => {
    const building = await t.server.request("POST", "/api/system/buildings", { token: t.admin, body: { communityId: emptyCommunity, name: "1栋" } });
    const unit = await t.server.request("POST", "/api/system/units", { token: t.admin, body: { communityId: emptyCommunity, buildingId: building.body.data.id, name: "1单元" } });
    const room = await t.server.request("POST", "/api/system/rooms", {
      token: t.admin,
      body: { communityId: emptyCommunity, buildingId: building.body.data.id, unitId: unit.body.data.id, roomNo: "101", houseType: 1, occupancyStatus: 3, status: 1, maxResidents: 6 },
    });
    expect(room.status, room.text).toBe(200);
    expect((await flags(emptyCommunity)).roomEnable).toBe(true);

    const device = await t.server.request("POST", "/api/smarthome/smartDevices", { token: t.admin, body: { communityId: emptyCommunity, name: "客厅灯", deviceType: 1, serialNo: "LIGHT0001" } });
    expect(device.status, device.text).toBe(200);
    const template = await t.server.request("POST", "/api/smarthome/smartHouseTemplates", { token: t.admin, body: { communityId: emptyCommunity, name: "三室两厅" } });
    expect(template.status, template.text).toBe(200);
    let f = await flags(emptyCommunity);
    expect(f).toMatchObject({ smartDeviceEnable: true, houseTypeEnable: true, houseTypeRelevancyRoomEnable: false, workerEnable: false });

    const smartRoom = await t.server.request("POST", "/api/smarthome/smartRooms", { token: t.admin, body: { communityId: emptyCommunity, roomId: room.body.data.id, status: 1 } });
    expect(smartRoom.status, smartRoom.text).toBe(200);
    expect((await flags(emptyCommunity)).houseTypeRelevancyRoomEnable).toBe(false);
    await t.server.request("PUT", `/api/smarthome/smartRooms/${smartRoom.body.data.id}`, { token: t.admin, body: { houseTemplateId: template.body.data.id } });
    const worker = await t.server.request("POST", "/api/smarthome/smartWorkers", { token: t.admin, body: { communityId: emptyCommunity, name: "王师傅", phone: "13800001111", workerType: 1 } });
    expect(worker.status, worker.text).toBe(200);
    f = await flags(emptyCommunity);
    expect(f).toEqual({ roomEnable: true, smartDeviceEnable: true, houseTypeEnable: true, houseTypeRelevancyRoomEnable: true, workerEnable: true });

    await t.server.request("DELETE", `/api/smarthome/smartWorkers/${worker.body.data.id}`, { token: t.admin });
    expect((await flags(emptyCommunity)).workerEnable).toBe(false);
  });

  it("keeps tenants apart: another tenant's community is a 404", async () => {
    expect((await t.server.request("GET", `${URL}?communityId=${t.ids.communityA}`, { token: t.admin2 })).status).toBe(404);
    expect((await t.server.request("GET", `${URL}?communityId=${t.ids.communityB}`, { token: t.admin2 })).status).toBe(200);
    expect((await t.server.request("GET", URL, { token: t.admin })).status).toBe(400);
    expect((await t.server.request("GET", `${URL}?communityId=${t.ids.communityA}`)).status).toBe(401);
  });
});
