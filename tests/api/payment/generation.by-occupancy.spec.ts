// Bills go by a house's 房屋状态 (rooms.occupancyStatus: 自住, 出租, 空置, 装修, 未交付), not by its
// smart-home 部署状态: a payment item bills the states it names (default every state but 未交付), and
// area pricing takes the house's 计费面积 when it has one, else its 建筑面积. Databases made before
// that: houses with residents became 自住 (出租 with a 租客), items kept billing every house
// (src/server/platform/db/core-migrations-after/0005_room_occupancy.sql).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { billAmountFen } from "../../../src/common/payment/pricing.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

const OWNER_OCCUPIED = 1;
const RENTED = 2;
const VACANT = 3;
const RENOVATING = 4;
const NOT_DELIVERED = 5;

describe.each(backends)("billing by 房屋状态 (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let areaPrice: number;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "入住计费社区", [
      { area: "100.00", occupancy: OWNER_OCCUPIED },
      { area: "80.00", chargeArea: "70.50", occupancy: RENTED },
      { area: "60.00", occupancy: VACANT },
      { area: "90.00", occupancy: RENOVATING },
      { area: "120.00", occupancy: NOT_DELIVERED },
    ]);
    areaPrice = await priceType(t.server, t.admin, fx.communityId, { name: "面积单价", pricingMethod: 1, unitPrice: "2.00" });
  });

  const [ownerOccupied, rented, vacant, renovating, notDelivered] = [0, 1, 2, 3, 4].map((i) => () => fx.rooms[i]);

  it("a new item bills every occupied and vacant house, not one 未交付, and prices by 计费面积 when a house has one", async () => {
    const item = await paymentItem(t.server, t.admin, fx.communityId, areaPrice, { name: "物业费" });
    expect((await ok(t.server, "GET", `/api/property/paymentItems/${item}`, t.admin)).occupancyStatuses).toEqual([1, 2, 3, 4]);
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.room_id)).toEqual([ownerOccupied().id, rented().id, vacant().id, renovating().id]);
    expect(bills.map((b) => b.room_id)).not.toContain(notDelivered().id);
    // 100.00 × 200 fen; the rented house by its 计费面积 70.50 (not its 建筑面积 80.00); 60.00; 90.00.
    expect(bills.map((b) => [b.amount_due, b.quantity])).toEqual([
      [20000, "100.00"],
      [14100, "70.50"],
      [12000, "60.00"],
      [18000, "90.00"],
    ]);
    // The SQL pricing and its TypeScript twin agree.
    for (const b of bills) {
      const room = fx.rooms.find((r) => r.id === b.room_id)!;
      expect(b.amount_due).toBe(billAmountFen({ pricingMethod: 1, billingCycle: 1, unitPriceFen: 200, buildingArea: room.area, chargeArea: room.chargeArea }));
    }
    expect(run.batches[0]).toMatchObject({ roomCount: 4, billCount: 4 });
  });

  it("an item limited to 出租 bills only the rented houses", async () => {
    const item = await paymentItem(t.server, t.admin, fx.communityId, areaPrice, { name: "租户管理费", occupancyStatuses: [RENTED] });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item])).map((b) => b.room_id)).toEqual([rented().id]);
  });

  it("an item that names no state bills every house, 未交付 too; the deployment state plays no part", async () => {
    const item = await paymentItem(t.server, t.admin, fx.communityId, areaPrice, { name: "全部房屋", occupancyStatuses: [] });
    // Every house is 未部署 (部署状态 1), which items used to skip by default.
    expect((await t.server.db.query<{ n: number }>("select count(*)::int as n from rooms where tenant_id = $1 and community_id = $2 and status <> 1", [t.ids.tenantA, fx.communityId])).rows[0].n).toBe(
      0,
    );
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item])).map((b) => b.room_id)).toEqual(fx.rooms.map((r) => r.id));
  });

  it("a house made with the form's defaults is 空置 and billed; one recorded as 未交付 is not, until it is handed over", async () => {
    const made = async (roomNo: string, extra: Record<string, unknown>) =>
      ok(t.server, "POST", "/api/system/rooms", t.admin, { communityId: fx.communityId, buildingId: fx.buildingId, unitId: fx.unitId, roomNo, buildingArea: "50.00", maxResidents: 6, ...extra });
    // The form sends every field's default: 住宅, 空置, 未部署.
    const plain = await made("901", { houseType: 1, occupancyStatus: VACANT, status: 1 });
    expect(plain).toMatchObject({ occupancyStatus: VACANT, houseType: 1, status: 1, chargeArea: null, deliveryDate: null });
    const fresh = await made("902", { houseType: 2, occupancyStatus: NOT_DELIVERED, status: 1 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, areaPrice, { name: "新房测试" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item], roomIds: [plain.id, fresh.id] });
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item])).map((b) => b.room_id)).toEqual([plain.id]);

    // Handed over: 交房日期 and 自住, with a 计费面积; the next month bills it by that area.
    const handed = await ok(t.server, "PUT", `/api/system/rooms/${fresh.id}`, t.admin, { ...fresh, occupancyStatus: OWNER_OCCUPIED, deliveryDate: "2031-01-20", chargeArea: "45.25" });
    expect(handed).toMatchObject({ occupancyStatus: OWNER_OCCUPIED, deliveryDate: "2031-01-20", chargeArea: "45.25", houseType: 2 });
    await generate(t.server, t.admin, { period: "2031-02", paymentItemIds: [item], roomIds: [plain.id, fresh.id] });
    const february = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2 and period = '2031-02'", [item]);
    expect(february.map((b) => [b.room_id, b.amount_due])).toEqual([
      [plain.id, 10000],
      [fresh.id, 9050],
    ]);
  });

  it("refuses a 房屋状态 or 房屋类型 outside its list with the field's message, and a 计费面积 against the area rule", async () => {
    const base = { communityId: fx.communityId, buildingId: fx.buildingId, unitId: fx.unitId, roomNo: "903", maxResidents: 6, houseType: 1, occupancyStatus: VACANT, status: 1 };
    const refused = async (extra: Record<string, unknown>) => {
      const r = await t.server.request("POST", "/api/system/rooms", { token: t.admin, body: { ...base, ...extra } });
      expect(r.status, r.text).toBe(400);
      return r.body.message as string;
    };
    expect(await refused({ occupancyStatus: 9 })).toBe("请选择正确的房屋状态");
    expect(await refused({ houseType: 7 })).toBe("请选择正确的房屋类型");
    expect(await refused({ chargeArea: "12.345" })).toBe("请输入数字类型，仅保留两位小数");
    expect(await refused({ deliveryDate: "2031-05" })).toBe("交房日期格式不正确，应为YYYY-MM-DD");
    await refused({ deliveryDate: "2031-02-30" }); // no such day: refused, not a server error
    expect(await refused({ houseType: null })).toBe("请选择房屋类型");
    expect(await refused({ occupancyStatus: null })).toBe("请选择房屋状态");
  });

  it("the cashier shows the house's 房屋状态 and 计费面积 beside its 部署状态", async () => {
    const d = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${rented().id}`, t.admin);
    expect(d.room).toMatchObject({ buildingArea: "80.00", chargeArea: "70.50", occupancyStatus: RENTED, status: 1 });
  });

  it("the workbench's 房屋统计 counts houses by 房屋状态: 已入住 = 自住 + 出租, 空置 = 空置", async () => {
    const r = await t.server.request("GET", `/api/system/rooms/actions/workBenchGetRoomStatistics?communityId=${fx.communityId}`, { token: t.admin });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.byStatus).toEqual([
      { status: 1, label: "自住", count: 2 },
      { status: 2, label: "出租", count: 1 },
      { status: 3, label: "空置", count: 2 },
      { status: 4, label: "装修", count: 1 },
      { status: 5, label: "未交付", count: 1 },
    ]);
    expect(r.body.data).toMatchObject({ total: 7, occupied: 3, vacant: 2 });
  });

  it("the migration: houses with residents become 自住 (出租 with a 租客), others stay 空置; items that named no state still bill every house", async () => {
    const rooms = await makeCommunity(t.server, t.ids.tenantA, "迁移测试社区", [{ area: "80.00" }, { area: "80.00" }, { area: "80.00" }]);
    const [owned, let_, empty] = rooms.rooms.map((r) => r.id);
    const q = (text: string, params: unknown[] = []) => t.server.db.query(text, params);
    // As an older database had them: every house at the column's default, residents recorded.
    await q("update rooms set occupancy_status = 3 where tenant_id = $1 and community_id = $2", [t.ids.tenantA, rooms.communityId]);
    const resident = (roomId: number, identity: number, phone: string) =>
      q("insert into inhabitants (tenant_id, community_id, name, phone, room_id, identity) values ($1, $2, '迁移住户', $3, $4, $5)", [t.ids.tenantA, rooms.communityId, phone, roomId, identity]);
    await resident(owned, 1, "13900000001");
    await resident(owned, 2, "13900000002");
    await resident(let_, 1, "13900000003");
    await resident(let_, 3, "13900000004");
    const old = await paymentItem(t.server, t.admin, rooms.communityId, await priceType(t.server, t.admin, rooms.communityId, { name: "旧项目计价", pricingMethod: 2, unitPrice: "10.00" }), {
      name: "旧项目",
    });
    await q("update payment_items set room_statuses = '[]'::jsonb, occupancy_statuses = null where tenant_id = $1 and id = $2", [t.ids.tenantA, old]);

    await t.server.db.exec(readFileSync(new URL("../../../src/server/platform/db/core-migrations-after/0005_room_occupancy.sql", import.meta.url), "utf8"));

    const { rows } = await q("select id, occupancy_status from rooms where tenant_id = $1 and community_id = $2 order by id", [t.ids.tenantA, rooms.communityId]);
    expect(rows.map((r) => [Number((r as { id: number }).id), (r as { occupancy_status: number }).occupancy_status])).toEqual([
      [owned, OWNER_OCCUPIED],
      [let_, RENTED],
      [empty, VACANT],
    ]);
    expect((await ok(t.server, "GET", `/api/property/paymentItems/${old}`, t.admin)).occupancyStatuses).toEqual([]);
  });
});
