// Parking places: three states (空闲, 出租, 已售; the former 已租 became 出租 by migration 0015), 子母车位
// (a 子车位 names its 母车位, which must be in the same lot), and the vehicles bound to a place and an
// owner, found from the place.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

const PLACES = "/api/vehicle/parkingPlaces";

describe.each(backends)("parking places (%s)", (backend) => {
  const t = useDemoServer(backend);
  let lotA: number;
  let lotB: number;
  let parent: number;
  const post = (path: string, body: object) => t.server.request("POST", path, { token: t.admin, body });
  const place = (body: object) => post(PLACES, { communityId: t.ids.communityA, placeType: 1, status: 1, ...body });

  beforeAll(async () => {
    lotA = (await post("/api/vehicle/parkingLots", { communityId: t.ids.communityA, name: "北区地库", lotType: 2, totalSpaces: 10 })).body.data.id;
    lotB = (await post("/api/vehicle/parkingLots", { communityId: t.ids.communityA, name: "南区地面", lotType: 1, totalSpaces: 10 })).body.data.id;
    const r = await place({ lotId: lotA, placeNo: "B101", status: 3 });
    expect(r.status, r.text).toBe(200);
    parent = r.body.data.id;
  });

  it("has the states 空闲, 出租 and 已售 only", async () => {
    expect((await place({ lotId: lotA, placeNo: "B102", status: 2 })).status).toBe(200);
    const old = await place({ lotId: lotA, placeNo: "B103", status: 4 });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe("请选择正确的车位状态");
  });

  it("moves a place of the former 已租 state to 出租", async () => {
    const id = (await place({ lotId: lotA, placeNo: "B104", status: 1 })).body.data.id;
    await t.server.db.query("update parking_places set status = 4 where id = $1", [id]);
    await t.server.db.query(readFileSync("src/server/platform/db/core-migrations-after/0015_parking_place_states.sql", "utf8"));
    const { rows } = await t.server.db.query<{ status: number }>("select status from parking_places where id = $1", [id]);
    expect(rows[0].status).toBe(2);
  });

  it("pairs a 子车位 with its 母车位 in the same lot only, and lists the pair and the bound vehicles from the 母车位", async () => {
    const child = await place({ lotId: lotA, placeNo: "B101Z", parentPlaceId: parent });
    expect(child.status, child.text).toBe(200);
    const elsewhere = await place({ lotId: lotB, placeNo: "S001", parentPlaceId: parent });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.data.errors[0].field).toBe("parentPlaceId");
    const plate = await post("/api/vehicle/licencePlates", { communityId: t.ids.communityA, plate: "京A12345", plateType: 1, plateColor: 1, parkingPlaceId: parent, ownerName: "王明" });
    expect(plate.status, plate.text).toBe(200);
    const children = await post(`${PLACES}/actions/pageList`, { pageNo: 1, pageSize: 10, parentPlaceId: parent });
    expect(children.body.data.list.map((p: { placeNo: string }) => p.placeNo)).toEqual(["B101Z"]);
    const bound = await post("/api/vehicle/licencePlates/actions/pageList", { pageNo: 1, pageSize: 10, parkingPlaceId: parent });
    expect(bound.body.data.list.map((p: { id: number }) => p.id)).toEqual([plate.body.data.id]);
  });
});
