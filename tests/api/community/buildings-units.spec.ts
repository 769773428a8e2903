// Buildings and units have screens of their own under 房屋管理 (generic pages of the resources
// buildings and units): made, renamed and deleted while empty; a room's unit belongs to its
// building (ref.dependsOn), refused otherwise with the field's message.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { routes } from "../../../generated/routes.ts";

describe.each(backends)("buildings and units (%s)", (backend) => {
  const t = useDemoServer(backend);
  const call = (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) => t.server.request(method, path, { token: t.admin, body });
  const made = async (path: string, body: unknown) => {
    const r = await call("POST", path, body);
    expect(r.status, r.text).toBe(200);
    return r.body.data;
  };

  it("are routes of the house code, beside 房屋管理", () => {
    const paths = routes.filter((r) => ["/community/building", "/community/unit"].includes(r.path));
    expect(paths.map((r) => [r.path, r.resource, r.title])).toEqual([
      ["/community/building", "buildings", "楼栋管理"],
      ["/community/unit", "units", "单元管理"],
    ]);
  });

  it("refuses a room whose unit is another building's, on create and on update", async () => {
    const communityId = t.ids.communityA;
    const east = await made("/api/system/buildings", { communityId, name: "东楼" });
    const west = await made("/api/system/buildings", { communityId, name: "西楼" });
    const eastUnit = await made("/api/system/units", { communityId, buildingId: east.id, name: "1单元" });
    const westUnit = await made("/api/system/units", { communityId, buildingId: west.id, name: "1单元" });
    const room = { communityId, buildingId: east.id, unitId: westUnit.id, roomNo: "501", houseType: 1, occupancyStatus: 3, status: 1, maxResidents: 6 };

    const refused = await call("POST", "/api/system/rooms", room);
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual([{ field: "unitId", message: "所选单元不属于所选楼栋" }]);
    expect(await t.server.count("rooms", "building_id = $1", [east.id])).toBe(0);

    const ok = await made("/api/system/rooms", { ...room, unitId: eastUnit.id });
    expect(ok.fullName).toBe("东楼-1单元-501");
    // Moving the room to the other building alone leaves its unit behind: refused, nothing changed.
    const moved = await call("PUT", `/api/system/rooms/${ok.id}`, { buildingId: west.id });
    expect(moved.status).toBe(400);
    expect(moved.body.data.errors[0].message).toBe("所选单元不属于所选楼栋");
    expect(await t.server.count("rooms", "id = $1 and building_id = $2", [ok.id, east.id])).toBe(1);
    const both = await call("PUT", `/api/system/rooms/${ok.id}`, { buildingId: west.id, unitId: westUnit.id });
    expect(both.status, both.text).toBe(200);
    expect(both.body.data.fullName).toBe("西楼-1单元-501");
  });

  it("deletes a building or unit only while nothing is in it", async () => {
    const communityId = t.ids.communityA;
    const building = await made("/api/system/buildings", { communityId, name: "北楼" });
    const unit = await made("/api/system/units", { communityId, buildingId: building.id, name: "1单元" });
    const used = await call("DELETE", `/api/system/buildings/${building.id}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe("数据正在被使用，不能删除");
    expect((await call("DELETE", `/api/system/units/${unit.id}`)).status).toBe(200);
    expect((await call("DELETE", `/api/system/buildings/${building.id}`)).status).toBe(200);
    expect(await t.server.count("buildings", "id = $1", [building.id])).toBe(0);
  });
});
