// Arrears (issue 16 item 4): per room, what approved bills past their due date still owe (late fee
// as of today included), how many, the oldest unpaid period and the ageing bucket of the oldest
// bill; filters by community, building, item and bucket; the Excel export; the report's authority.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, sessionHeaders } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

describe.each(backends)("arrears (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  const PAGE = "/api/property/arrears/actions/pageList";
  const page = (body: Record<string, unknown>) => ok(t.server, "POST", PAGE, t.admin, { pageNo: 1, pageSize: 50, communityId: fx.communityId, ...body });

  beforeAll(async () => {
    // Six rooms, one bill each of 100.00 with a late fee of 1‰ a day: rooms 1–4 overdue by 10, 45,
    // 120 and 200 days; room 5 paid; room 6 not yet due.
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "欠费测试社区",
      Array.from({ length: 6 }, () => ({ area: "50.00" })),
    );
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "欠费固定", pricingMethod: 2, unitPrice: "100.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "物业费", lateFeeEnabled: true, lateFeeRate: "1.00", lateFeeGraceDays: 0 });
    await generate(t.server, t.admin, { period: "2033-01", paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    const today = chinaDay();
    const overdue = [10, 45, 120, 200, 30, -5];
    for (const [i, b] of bills.entries()) await t.server.db.query("update bills set due_date = $2::date, period = $3 where id = $1", [b.id, addDays(today, -overdue[i]), `2033-0${i + 1}`]);
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [bills[4].id], payMethod: 1 });
  });

  it("lists overdue rooms with the amount owed, late fees as of today, the oldest period and the bucket", async () => {
    const data = await page({});
    expect(data.total).toBe(4);
    expect(
      data.list.map((r: { roomNo: string; amountOwed: string; billCount: number; oldestPeriod: string; daysPastDue: number; bucket: number; bucketLabel: string }) => [
        r.roomNo,
        r.amountOwed,
        r.billCount,
        r.oldestPeriod,
        r.daysPastDue,
        r.bucket,
        r.bucketLabel,
      ]),
    ).toEqual([
      ["104", "120.00", 1, "2033-04", 200, 4, "180天以上"],
      ["103", "112.00", 1, "2033-03", 120, 3, "91-180天"],
      ["102", "104.50", 1, "2033-02", 45, 2, "31-90天"],
      ["101", "101.00", 1, "2033-01", 10, 1, "30天以内"],
    ]);
    expect(data.totalOwed).toBe("437.50");
  });

  it("filters by bucket, building and item; pages", async () => {
    expect((await page({ bucket: 2 })).list.map((r: { roomNo: string }) => r.roomNo)).toEqual(["102"]);
    expect((await page({ buildingId: fx.buildingId })).total).toBe(4);
    // An item that is not the tenant's is refused at the edge, like every other row it does not own.
    expect((await t.server.request("POST", PAGE, { token: t.admin, body: { pageNo: 1, pageSize: 50, communityId: fx.communityId, paymentItemId: item + 100000 } })).status).toBe(404);
    const second = await page({ pageNo: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, pageNo: 2 });
    expect(second.list.map((r: { roomNo: string }) => r.roomNo)).toEqual(["101"]);
    const bad = await t.server.request("POST", PAGE, { token: t.admin, body: { bucket: 9 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("请选择账龄");
  });

  it("names each room in full, with its first owner and the owner's masked phone; finds a room by any part of its name", async () => {
    const room104 = fx.rooms[3].id;
    await t.server.db.query(
      `insert into inhabitants (tenant_id, community_id, name, phone, room_id, identity) values
         ($1, $2, '租客甲', '13900000001', $3, 3), ($1, $2, '业主乙', '13912345678', $3, 1), ($1, $2, '业主丙', '13900000003', $3, 1)`,
      [t.ids.tenantA, fx.communityId, room104],
    );
    const rows = (await page({})).list as { roomId: number; roomName: string; unitName: string; ownerName: string | null; ownerPhone: string | null }[];
    expect(rows.find((r) => r.roomId === room104)).toMatchObject({ roomName: "1栋-1单元-104", unitName: "1单元", ownerName: "业主乙", ownerPhone: "139****5678" });
    expect(rows.find((r) => r.roomId !== room104)).toMatchObject({ ownerName: null, ownerPhone: null });
    expect((await page({ roomNo: "1单元-10" })).total).toBe(4);
    expect((await page({ roomNo: "-103" })).list.map((r: { roomName: string }) => r.roomName)).toEqual(["1栋-1单元-103"]);
  });

  it("exports the filtered list to Excel", async () => {
    const r = await t.server.request("GET", `/api/property/arrears/actions/export?communityId=${fx.communityId}&bucket=4`, { token: t.admin });
    expect(r.status).toBe(200);
    expect(String(r.headers["content-type"])).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    const res = await t.server.app.inject({ method: "GET", url: `/api/property/arrears/actions/export?communityId=${fx.communityId}&bucket=4`, headers: sessionHeaders(t.admin) });
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("欠费管理")!;
    expect(ws.getRow(1).values).toContain("欠费金额(元)");
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(["房屋", "业主", "联系电话"]));
    expect(ws.getRow(2).getCell(2).value).toBe("1栋-1单元-104");
    expect(ws.getRow(2).getCell(5).value).toBe(120);
  });

  it("is the report's (HBL0701309) and the tenant's own", async () => {
    const staff = await t.server.request("POST", PAGE, { token: t.staff, body: { pageNo: 1, pageSize: 10 } });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    // Another tenant's community is no community of the caller's: 404, nothing read.
    const other = await t.server.request("POST", PAGE, { token: t.admin2, body: { pageNo: 1, pageSize: 10, communityId: fx.communityId } });
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
  });
});
