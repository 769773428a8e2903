// The money desk's reports (缴费报表 tabs) on data the suite makes itself through the API, every figure
// checked against fen computed by hand: three rooms in two buildings, bills of last month and this
// month, payments today (one room pays last month's bills too = 清欠, with a late fee), a refund, a
// waiver, a prepayment recharge, a payment from the balance and a balance refund, two deposits (one
// refunded in part). Also: the refusals (no community, bad periods, another community, another
// tenant, no report code) and the Excel export.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { chinaDay } from "../../../src/common/china-time.ts";
import { fenToYuan } from "../../../src/common/money.ts";
import { addDays, daysBetween } from "../../../src/common/payment/period.ts";
import { percentText } from "../../../src/common/payment/pricing.ts";
import { backends, sessionHeaders } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, setFourEyes, type Fixture } from "./support.ts";

const y = (fen: number) => fenToYuan(fen);

describe.each(backends)("payment reports (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let rooms: number[];
  let today: string;
  let thisMonth: string;
  let lastMonth: string;
  /** Days the late fee of last month's 垃圾费 ran (1 fen a day: 10.00 × 1‰). */
  let d: number;
  const post = (token: string, url: string, body?: unknown) => t.server.request("POST", url, { token, body });
  const charges = (body: Record<string, unknown>) => ok(t.server, "POST", "/api/property/reports/actions/charges", t.admin, { communityId: fx.communityId, ...body });

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    today = chinaDay();
    thisMonth = today.slice(0, 7);
    lastMonth = addDays(`${thisMonth}-01`, -1).slice(0, 7);
    d = daysBetween(`${lastMonth}-15`, today);
    fx = await makeCommunity(t.server, t.ids.tenantA, "报表测试社区", [{ area: "100.00" }, { area: "50.00" }]);
    // A second building with one room of 80.00 m².
    const one = async (q: string, params: unknown[]) => Number((await t.server.db.query<{ id: number }>(q, params)).rows[0].id);
    const b2 = await one("insert into buildings (tenant_id, community_id, name, sort_no) values ($1, $2, '2栋', 2) returning id", [t.ids.tenantA, fx.communityId]);
    const u2 = await one("insert into units (tenant_id, community_id, building_id, name) values ($1, $2, $3, '1单元') returning id", [t.ids.tenantA, fx.communityId, b2]);
    const r3 = await one(
      "insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, floor, building_area, occupancy_status) values ($1, $2, $3, $4, '201', 2, '80.00', 1) returning id",
      [t.ids.tenantA, fx.communityId, b2, u2],
    );
    rooms = [fx.rooms[0].id, fx.rooms[1].id, r3];

    const byArea = await priceType(t.server, t.admin, fx.communityId, { name: "报表面积计价", pricingMethod: 1, unitPrice: "1.00" });
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "报表固定计价", pricingMethod: 2, unitPrice: "10.00" });
    const fee = await paymentItem(t.server, t.admin, fx.communityId, byArea, { name: "物业费" });
    const rubbish = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "垃圾费", lateFeeEnabled: true, lateFeeRate: "1.00", lateFeeGraceDays: 0 });
    await generate(t.server, t.admin, { period: lastMonth, paymentItemIds: [fee, rubbish] });
    await generate(t.server, t.admin, { period: thisMonth, paymentItemIds: [fee] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId])).map((b) => b.id),
    );
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", waiverAutoApproveLimit: "100.00" });
    const bill = async (room: number, period: string, item: number) => (await billsOf(t.server, t.ids.tenantA, "room_id = $2 and period = $3 and payment_item_id = $4", [room, period, item]))[0].id;

    // Room 1 pays everything (WeChat): last month 100.00 + 10.00 + d fen late fee (清欠), this month 100.00.
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, {
      billIds: [await bill(rooms[0], lastMonth, fee), await bill(rooms[0], lastMonth, rubbish), await bill(rooms[0], thisMonth, fee)],
      payMethod: 1,
    });
    // Room 2 pays this month's 50.00 in cash.
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [await bill(rooms[1], thisMonth, fee)], payMethod: 5 });
    // 20.00 of room 1's this-month payment refunded (WeChat).
    const payment = Number(
      (await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and bill_id = $2", [t.ids.tenantA, await bill(rooms[0], thisMonth, fee)])).rows[0].id,
    );
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: payment, amount: "20.00", reason: "多收退回" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin, {});
    // 5.00 off room 3's last-month 物业费 (under the limit: approved at once).
    await ok(t.server, "POST", "/api/property/waivers/actions/apply", t.admin, { billId: await bill(rooms[2], lastMonth, fee), waiverType: 2, amount: "5.00", reason: "困难住户" });
    // Room 3: 300.00 recharged, this month's 80.00 paid from the balance, 50.00 of the balance refunded.
    const account = (await ok(t.server, "POST", "/api/property/prepayAccounts", t.admin, { communityId: fx.communityId, roomId: rooms[2], autoDeduct: false })).id;
    await ok(t.server, "POST", `/api/property/prepayAccounts/${account}/actions/recharge`, t.admin, { amount: "300.00", payMethod: 5 });
    await ok(t.server, "POST", "/api/property/bills/actions/payFromBalance", t.admin, { billIds: [await bill(rooms[2], thisMonth, fee)] });
    await ok(t.server, "POST", `/api/property/prepayAccounts/${account}/actions/applyRefund`, t.admin, { refundAmount: "50.00", refundMethod: 5, reason: "业主申请" });
    const pending = Number(
      (await t.server.db.query<{ id: number }>("select id from prepay_transactions where tenant_id = $1 and account_id = $2 and status = 1", [t.ids.tenantA, account])).rows[0].id,
    );
    await ok(t.server, "POST", `/api/property/prepayTransactions/${pending}/actions/approveRefund`, t.admin);
    // Deposits: room 1 500.00 held; room 2 1000.00, 800.00 refunded and 200.00 kept.
    const manual = await priceType(t.server, t.admin, fx.communityId, { name: "报表押金计价", pricingMethod: 2, unitPrice: "1.00" });
    const depositItem = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "装修押金", paymentType: 2, category: 2 });
    await ok(t.server, "POST", "/api/property/deposits", t.admin, { communityId: fx.communityId, roomId: rooms[0], paymentItemId: depositItem, amount: "500.00", payMethod: 5 });
    const dep = await ok(t.server, "POST", "/api/property/deposits", t.admin, { communityId: fx.communityId, roomId: rooms[1], paymentItemId: depositItem, amount: "1000.00", payMethod: 5 });
    await ok(t.server, "POST", `/api/property/deposits/${dep.id}/actions/refund`, t.admin, { refundAmount: "800.00", refundMethod: 5, deductionReason: "墙面损坏修复" });
    await ok(t.server, "POST", `/api/property/deposits/${dep.id}/actions/approveRefund`, t.admin);
  });

  it("收费日报: every day of the month, receivable on the due date, today's collections split into this period and 清欠", async () => {
    const lastDay = addDays(`${addDays(`${thisMonth}-28`, 5).slice(0, 7)}-01`, -1);
    const r = await charges({ granularity: "day", start: `${thisMonth}-01`, end: lastDay });
    expect(r.rows.map((x: { date: string }) => x.date)).toEqual(Array.from({ length: daysBetween(`${thisMonth}-01`, lastDay) + 1 }, (_, i) => addDays(`${thisMonth}-01`, i)));
    const row = (day: string) => r.rows.find((x: { date: string }) => x.date === day);
    // This month's bills (100.00 + 50.00 + 80.00) are receivable on the 15th.
    expect(row(`${thisMonth}-15`).receivable).toBe(y(23000));
    expect(row(`${thisMonth}-15`).lateFee).toBe(y(0));
    const zero = {
      receivable: "0.00",
      lateFee: "0.00",
      collected: "0.00",
      currentCollected: "0.00",
      arrearsCollected: "0.00",
      waived: "0.00",
      refunded: "0.00",
      net: "0.00",
      recharged: "0.00",
      deposits: "0.00",
    };
    const expectedToday = {
      collected: y(21000 + d + 5000 + 8000),
      currentCollected: y(10000 + 5000 + 8000),
      arrearsCollected: y(11000 + d),
      waived: y(500),
      refunded: y(2000),
      net: y(34000 + d - 2000),
      // Beside 实收, not in it: room 3's 300.00 recharge less its 50.00 refund; deposits 500.00 + 1000.00 − 800.00 returned.
      recharged: y(25000),
      deposits: y(70000),
    };
    expect(row(today)).toMatchObject(expectedToday);
    const quiet = today === `${thisMonth}-01` ? `${thisMonth}-02` : `${thisMonth}-01`;
    expect(row(quiet)).toEqual({ date: quiet, ...zero, ...(quiet === `${thisMonth}-15` ? { receivable: y(23000) } : {}) });
    expect(r.totals).toMatchObject({ receivable: y(23000), ...expectedToday });
    // Per pay method: WeChat the three bills of room 1 less the refund, cash room 2, 预存款抵扣 room 3.
    expect(r.byPayMethod).toEqual([
      { payMethod: 1, count: 3, collected: y(21000 + d), refunded: y(2000), net: y(19000 + d) },
      { payMethod: 5, count: 1, collected: y(5000), refunded: y(0), net: y(5000) },
      { payMethod: 7, count: 1, collected: y(8000), refunded: y(0), net: y(8000) },
    ]);
  });

  it("收费月报: last month's receivable with its late fee, this month's collections", async () => {
    const r = await charges({ granularity: "month", start: lastMonth, end: thisMonth });
    expect(r.rows).toEqual([
      {
        date: lastMonth,
        receivable: y(26000 + d),
        lateFee: y(d),
        collected: "0.00",
        currentCollected: "0.00",
        arrearsCollected: "0.00",
        waived: "0.00",
        refunded: "0.00",
        net: "0.00",
        recharged: "0.00",
        deposits: "0.00",
      },
      {
        date: thisMonth,
        receivable: y(23000),
        lateFee: "0.00",
        collected: y(34000 + d),
        currentCollected: y(23000),
        arrearsCollected: y(11000 + d),
        waived: y(500),
        refunded: y(2000),
        net: y(32000 + d),
        recharged: y(25000),
        deposits: y(70000),
      },
    ]);
    expect(r.totals).toMatchObject({ receivable: y(49000 + d), lateFee: y(d), collected: y(34000 + d), net: y(32000 + d) });
  });

  it("collection by building and by item: receivable, collected, 收缴率 and outstanding", async () => {
    const byBuilding = await ok(t.server, "POST", "/api/property/reports/actions/collection", t.admin, { communityId: fx.communityId, groupBy: "building", start: lastMonth, end: thisMonth });
    expect(byBuilding.rows.map((r: Record<string, unknown>) => [r.name, r.bills, r.receivable, r.collected, r.waived, r.outstanding, r.collectionRate])).toEqual([
      ["1栋", 6, y(32000 + d), y(24000 + d), "0.00", y(8000), percentText(24000 + d, 32000 + d)],
      ["2栋", 3, y(17000), y(8000), y(500), y(8500), "47.06"],
    ]);
    expect(byBuilding.totals).toMatchObject({ bills: 9, receivable: y(49000 + d), collected: y(32000 + d), waived: y(500), outstanding: y(16500) });
    const byItem = await ok(t.server, "POST", "/api/property/reports/actions/collection", t.admin, { communityId: fx.communityId, groupBy: "item", start: lastMonth, end: thisMonth });
    expect(byItem.rows.map((r: Record<string, unknown>) => [r.name, r.bills, r.receivable, r.collected, r.waived, r.outstanding, r.collectionRate])).toEqual([
      ["垃圾费", 3, y(3000 + d), y(1000 + d), "0.00", y(2000), percentText(1000 + d, 3000 + d)],
      ["物业费", 6, y(46000), y(31000), y(500), y(14500), "67.39"],
    ]);
    // Only this month: no late fee, nothing waived.
    const month = await ok(t.server, "POST", "/api/property/reports/actions/collection", t.admin, { communityId: fx.communityId, groupBy: "item", start: thisMonth, end: thisMonth });
    expect(month.rows).toEqual([{ id: expect.any(Number), name: "物业费", bills: 3, receivable: y(23000), collected: y(21000), waived: "0.00", outstanding: y(2000), collectionRate: "91.30" }]);
  });

  it("预存款台账 and 押金台账: opening, movements and closing; deposits collected, refunded, kept and held", async () => {
    const ledger = await ok(t.server, "POST", "/api/property/reports/actions/prepayLedger", t.admin, { communityId: fx.communityId, start: `${lastMonth}-01`, end: today });
    expect(ledger.rows).toEqual([
      { accountId: expect.any(Number), roomId: rooms[2], roomName: "2栋-1单元-201", opening: "0.00", recharged: y(30000), deducted: y(8000), refunded: y(5000), closing: y(17000) },
    ]);
    const balance = (await ok(t.server, "GET", `/api/property/prepayAccounts/${ledger.rows[0].accountId}`, t.admin)).balance;
    expect(balance).toBe(y(17000));
    const tomorrow = addDays(today, 1);
    const later = await ok(t.server, "POST", "/api/property/reports/actions/prepayLedger", t.admin, { communityId: fx.communityId, start: tomorrow, end: tomorrow });
    expect(later.rows[0]).toMatchObject({ opening: y(17000), recharged: "0.00", deducted: "0.00", refunded: "0.00", closing: y(17000) });
    expect(later.totals).toMatchObject({ opening: y(17000), closing: y(17000) });

    const deposits = await ok(t.server, "POST", "/api/property/reports/actions/depositLedger", t.admin, { communityId: fx.communityId, start: today, end: today });
    expect(deposits.rows.map((r: Record<string, unknown>) => [r.itemName, r.roomName, r.count, r.collected, r.refunded, r.deducted, r.held])).toEqual([
      ["装修押金", "1栋-1单元-101", 1, y(50000), "0.00", "0.00", y(50000)],
      ["装修押金", "1栋-1单元-102", 1, y(100000), y(80000), y(20000), "0.00"],
    ]);
    expect(deposits.totals).toEqual({ count: 2, collected: y(150000), refunded: y(80000), deducted: y(20000), held: y(50000) });
    const next = await ok(t.server, "POST", "/api/property/reports/actions/depositLedger", t.admin, { communityId: fx.communityId, start: tomorrow, end: tomorrow });
    expect(next.rows.map((r: Record<string, unknown>) => [r.roomName, r.count, r.collected, r.held])).toEqual([["1栋-1单元-101", 0, "0.00", y(50000)]]);
  });

  it("refuses a report without a community or with a period it cannot count, with the codes 40080–40084", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ communityId: null, granularity: "day", start: today, end: today }, 40080, "请先在页头选择社区"],
      [{ granularity: "day", start: "2026-02-30", end: today }, 40081, "请选择统计的开始与结束日期"],
      [{ granularity: "month", start: today, end: today }, 40081, "请选择统计的开始与结束日期"],
      [{ granularity: "day", start: today, end: addDays(today, -1) }, 40082, "开始日期不能晚于结束日期"],
      [{ granularity: "day", start: today, end: addDays(today, 92) }, 40083, "按日统计最多92天"],
      [{ granularity: "month", start: "2020-01", end: "2023-01" }, 40084, "按月统计最多36个月"],
    ];
    for (const [body, code, message] of cases) {
      const r = await post(t.admin, "/api/property/reports/actions/charges", { communityId: fx.communityId, ...body });
      expect([r.status, r.body.code, r.body.message]).toEqual([400, code, message]);
    }
    expect((await post(t.admin, "/api/property/reports/actions/charges", { communityId: fx.communityId, granularity: "day", start: today, end: addDays(today, 91) })).status).toBe(200);
    const ledger = await post(t.admin, "/api/property/reports/actions/depositLedger", { start: today, end: today });
    expect([ledger.status, ledger.body.code]).toEqual([400, 40080]);
    const collection = await post(t.admin, "/api/property/reports/actions/collection", { communityId: fx.communityId, start: thisMonth, end: lastMonth });
    expect([collection.status, collection.body.code, collection.body.message]).toEqual([400, 40082, "开始日期不能晚于结束日期"]);
  });

  it("keeps to the user's communities and tenant, and needs the report's code", async () => {
    const role = await post(t.admin, "/api/system/characters", { name: "报表单社区", authorities: ["HBL0701309"] });
    const user = await post(t.admin, "/api/system/users", { username: "reportscoped", password: "Report-Pass-8812", roleId: role.body.data.id, communityIds: [t.ids.communityA] });
    expect(user.status, user.text).toBe(200);
    const scoped = await t.server.login("reportscoped", "Report-Pass-8812");
    const body = { communityId: fx.communityId, granularity: "day", start: today, end: today };
    const urls = ["charges", "collection", "prepayLedger", "depositLedger"].map((n) => `/api/property/reports/actions/${n}`);
    for (const url of urls) {
      const outside = await post(scoped, url, { ...body, start: url.endsWith("collection") ? thisMonth : today, end: url.endsWith("collection") ? thisMonth : today });
      expect([outside.status, outside.body.status, outside.body.message], url).toEqual([401, 403, "无权访问该社区"]);
    }
    expect((await post(scoped, urls[0], { ...body, communityId: t.ids.communityA })).status).toBe(200);
    const exportOutside = await t.server.app.inject({
      method: "GET",
      url: `/api/property/reports/actions/exportReport?report=charges&communityId=${fx.communityId}&start=${today}&end=${today}`,
      headers: sessionHeaders(scoped),
    });
    expect(exportOutside.statusCode).toBe(401);
    // Another tenant: tenant A's community looks like a missing one.
    for (const url of urls) {
      const other = await post(t.admin2, url, { ...body, start: url.endsWith("collection") ? thisMonth : today, end: url.endsWith("collection") ? thisMonth : today });
      expect([other.status, other.body.message], url).toEqual([404, "数据不存在或已被删除"]);
    }
    // Without the report's code (staff: community module only).
    const staff = await post(t.staff, urls[0], body);
    expect([staff.status, staff.body.status, staff.body.message]).toEqual([401, 403, "您没有该功能模块权限，请联系管理员"]);
  });

  it("exports each report to Excel with the figures of the answer", async () => {
    const file = async (query: string) => {
      const r = await t.server.app.inject({ method: "GET", url: `/api/property/reports/actions/exportReport?communityId=${fx.communityId}&${query}`, headers: sessionHeaders(t.admin) });
      expect(r.statusCode, r.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      return { ws: wb.worksheets[0], name: decodeURIComponent(String(r.headers["content-disposition"])) };
    };
    const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const day = await file(`report=charges&granularity=day&start=${today}&end=${today}`);
    expect(day.name).toContain(`收费日报_${today}_${today}.xlsx`);
    expect(day.ws.name).toBe("收费日报");
    expect(values(day.ws, 1)).toEqual(["收费日报"]);
    expect(values(day.ws, 2)[0]).toBe("社区：报表测试社区");
    expect(values(day.ws, 4)).toEqual(["日期", "应收(元)", "其中滞纳金(元)", "收款(元)", "其中本期(元)", "其中清欠(元)", "减免(元)", "退款(元)", "实收(元)", "预存充值(元)", "押金(元)"]);
    const receivableToday = today === `${thisMonth}-15` ? 230 : 0;
    const todayLine = [today, receivableToday, 0, (34000 + d) / 100, 230, (11000 + d) / 100, 5, 20, (32000 + d) / 100, 250, 700];
    expect(values(day.ws, 5)).toEqual(todayLine);
    expect(values(day.ws, 6)).toEqual(["合计", ...todayLine.slice(1)]);
    expect(values(day.ws, 8)).toEqual(["按支付方式"]);
    expect(values(day.ws, 10)).toEqual(["微信", 3, (21000 + d) / 100, 20, (19000 + d) / 100]);
    expect(values(day.ws, 12)).toEqual(["预存款抵扣", 1, 80, 0, 80]);
    expect(values(day.ws, 13)).toEqual(["合计", 5, (34000 + d) / 100, 20, (32000 + d) / 100]);

    const item = await file(`report=collection&groupBy=item&start=${thisMonth}&end=${thisMonth}`);
    expect(item.ws.name).toBe("项目收缴");
    expect(values(item.ws, 5)).toEqual(["物业费", 3, 230, 210, 0, 20, 91.3]);
    const prepay = await file(`report=prepayLedger&start=${today}&end=${today}`);
    expect(values(prepay.ws, 5)).toEqual(["2栋-1单元-201", 0, 300, 80, 50, 170]);
    const deposits = await file(`report=depositLedger&start=${today}&end=${today}`);
    expect(values(deposits.ws, 6)).toEqual(["装修押金", "1栋-1单元-102", 1, 1000, 800, 200, 0]);
    expect(values(deposits.ws, 7)).toEqual(["合计", undefined, 2, 1500, 800, 200, 500]);
  });
});
