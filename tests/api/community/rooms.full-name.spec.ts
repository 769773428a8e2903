// A room is named in full wherever it is referred to (楼栋-单元-房号, e.g. 1栋-2单元-302): the
// database composes the name from the room's building, unit and number, again when any of them is
// renamed; references to a room carry it as their label, and a keyword finds a room by any part.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("a room's full name (%s)", (backend) => {
  const t = useDemoServer(backend);
  const post = async (path: string, body: unknown) => {
    const r = await t.server.request("POST", path, { token: t.admin, body });
    expect(r.status, r.text).toBe(200);
    return r.body.data;
  };
  const put = async (path: string, body: unknown) => {
    const r = await t.server.request("PUT", path, { token: t.admin, body });
    expect(r.status, r.text).toBe(200);
    return r.body.data;
  };

  it("composes 楼栋-单元-房号, renames with its parts, and labels every reference to the room", async () => {
    const communityId = t.ids.communityA;
    const building = await post("/api/system/buildings", { communityId, name: "9栋" });
    const unitA = await post("/api/system/units", { communityId, buildingId: building.id, name: "1单元" });
    const unitB = await post("/api/system/units", { communityId, buildingId: building.id, name: "2单元" });
    const room = (unitId: number) => post("/api/system/rooms", { communityId, buildingId: building.id, unitId, roomNo: "302", houseType: 1, occupancyStatus: 3, status: 1, maxResidents: 6 });
    const [a, b] = [await room(unitA.id), await room(unitB.id)];
    expect([a.fullName, b.fullName]).toEqual(["9栋-1单元-302", "9栋-2单元-302"]);
    // The form never writes it: a value sent is ignored.
    const moved = await put(`/api/system/rooms/${b.id}`, { ...b, roomNo: "303", fullName: "假名" });
    expect(moved.fullName).toBe("9栋-2单元-303");

    await put(`/api/system/buildings/${building.id}`, { ...building, name: "9号楼" });
    await put(`/api/system/units/${unitA.id}`, { ...unitA, name: "一单元" });
    expect((await t.server.request("GET", `/api/system/rooms/${a.id}`, { token: t.admin })).body.data.fullName).toBe("9号楼-一单元-302");
    expect((await t.server.request("GET", `/api/system/rooms/${b.id}`, { token: t.admin })).body.data.fullName).toBe("9号楼-2单元-303");

    // A resident's room is labelled in full on the list.
    await post("/api/system/inhabitants", { communityId, name: "张三", phone: "13800000009", roomId: b.id, identity: 1 });
    const residents = await post("/api/system/inhabitants/actions/pageList", { pageNo: 1, pageSize: 10, communityId, roomId: b.id });
    expect(residents.list.map((r: { roomIdLabel: string }) => r.roomIdLabel)).toEqual(["9号楼-2单元-303"]);

    // Found by any part: the room picker's keyword and the generic list's.
    const found = await post("/api/system/rooms/actions/pageListSimpleRooms", { communityId, keyword: "楼-2单元-30", pageSize: 50 });
    expect(found.list.map((r: { roomName: string }) => r.roomName)).toEqual(["9号楼-2单元-303"]);
    const listed = await post("/api/system/rooms/actions/pageList", { pageNo: 1, pageSize: 50, communityId, keyword: "一单元-302" });
    expect(listed.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  it("names every demo room in full", async () => {
    const { rows } = await t.server.db.query<{ n: number }>(
      `select count(*)::int as n from rooms r join buildings b on b.id = r.building_id join units u on u.id = r.unit_id
        where r.full_name is distinct from b.name || '-' || u.name || '-' || r.room_no`,
    );
    expect(rows[0].n).toBe(0);
    expect(await t.server.count("rooms", "full_name is null")).toBe(0);
  });
});
