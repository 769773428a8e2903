// Daily settlement and the payment report (issue items 6 and 7): per pay method and cashier, recorded
// against declared with the difference; a closed day is read-only and later payments count for the
// next day; the report per community and month with exact rates, and its Excel export.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { backends, sessionHeaders } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "./support.ts";

describe.each(backends)("reconciliation and report (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let today: string;

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    fx = await makeCommunity(t.server, t.ids.tenantA, "对账测试社区", [{ area: "100.00" }, { area: "50.00" }, { area: "30.00" }, { area: "20.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "对账计价", pricingMethod: 1, unitPrice: "1.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId])).map((b) => b.id),
    );
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", waiverAutoApproveLimit: "100.00" });
    today = chinaDay();
  });

  const payRoom = async (i: number, payMethod: number) => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[i].id}`, t.admin);
    return ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: room.bills.map((b: { id: number }) => b.id), payMethod });
  };
  const day = (d: string) => ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${d}`, t.admin);

  it("sums the day per pay method and cashier and shows the difference to what is declared", async () => {
    await payRoom(0, 5); // 100.00 cash
    await payRoom(1, 1); // 50.00 WeChat
    const summary = await day(today);
    expect(summary.closed).toBe(false);
    expect(summary.rows.map((r: Record<string, unknown>) => [r.payMethod, r.paymentCount, r.recordedAmount, r.netAmount, r.declaredAmount])).toEqual([
      [1, 1, "50.00", "50.00", null],
      [5, 1, "100.00", "100.00", null],
    ]);
    const cashierId = summary.rows[0].cashierId;
    await ok(t.server, "POST", "/api/property/reconciliations/actions/declare", t.admin, {
      communityId: fx.communityId,
      day: today,
      rows: [
        { payMethod: 1, cashierId, declaredAmount: "50.00" },
        { payMethod: 5, cashierId, declaredAmount: "99.00", remark: "短款1元" },
      ],
    });
    const declared = await day(today);
    expect(declared.rows.map((r: Record<string, unknown>) => r.difference)).toEqual(["0.00", "-1.00"]);
    expect(declared.totals).toMatchObject({ recordedAmount: "150.00", declaredAmount: "149.00", allDeclared: true });
    const bad = await t.server.request("POST", "/api/property/reconciliations/actions/declare", {
      token: t.admin,
      body: { communityId: fx.communityId, day: today, rows: [{ payMethod: 1, cashierId, declaredAmount: "5.555" }] },
    });
    expect(bad.body.message).toBe("请输入数字类型，可为负数，仅保留两位小数");
    // The rows' shape is the operation's: each names its cashier (null: the online line), at most 200 of them.
    const declare = (rows: unknown[]) => t.server.request("POST", "/api/property/reconciliations/actions/declare", { token: t.admin, body: { communityId: fx.communityId, day: today, rows } });
    const unnamed = await declare([{ payMethod: 1, declaredAmount: "5.00" }]);
    expect([unnamed.status, unnamed.body.message, unnamed.body.data.errors[0].field]).toEqual([400, "申报明细格式不正确", "rows"]);
    const tooMany = await declare(Array.from({ length: 201 }, () => ({ payMethod: 1, cashierId, declaredAmount: "1.00" })));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, "一次最多操作200条数据"]);
  });

  it("takes a declared amount as the desk types it: negative (a refunds-only method), with the Chinese minus or thousands separators", async () => {
    const cashierId = (await day(today)).rows[0].cashierId;
    for (const [typed, expected] of [
      ["−2,500.00", "-2500.00"],
      ["-2500", "-2500.00"],
      [" 1,050 ", "1050.00"],
      [-12.5, "-12.50"],
    ] as const) {
      await ok(t.server, "POST", "/api/property/reconciliations/actions/declare", t.admin, { communityId: fx.communityId, day: today, rows: [{ payMethod: 1, cashierId, declaredAmount: typed }] });
      const row = (await day(today)).rows.find((r: { payMethod: number }) => r.payMethod === 1);
      expect(row.declaredAmount).toBe(expected);
    }
    // Back to what the next test expects: 50.00 declared for WeChat, a zero difference.
    await ok(t.server, "POST", "/api/property/reconciliations/actions/declare", t.admin, { communityId: fx.communityId, day: today, rows: [{ payMethod: 1, cashierId, declaredAmount: "50.00" }] });
    expect((await day(today)).rows.find((r: { payMethod: number }) => r.payMethod === 1).difference).toBe("0.00");
  });

  it("closes a day: read-only afterwards, later payments count for the next day", async () => {
    expect((await t.server.request("POST", "/api/property/reconciliations/actions/close", { token: t.admin, body: { communityId: fx.communityId, day: addDays(today, 1) } })).body.message).toBe(
      "不能日结今天以后的日期",
    );
    const closed = await ok(t.server, "POST", "/api/property/reconciliations/actions/close", t.admin, { communityId: fx.communityId, day: today, remark: "现金短款1元" });
    expect(closed.day).toBe(today);
    const again = await t.server.request("POST", "/api/property/reconciliations/actions/close", { token: t.admin, body: { communityId: fx.communityId, day: today } });
    expect(again.status).toBe(409);
    const edit = await t.server.request("POST", "/api/property/reconciliations/actions/declare", { token: t.admin, body: { communityId: fx.communityId, day: today, rows: [] } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe("该日已日结，不能修改");

    const late = await payRoom(2, 1);
    expect(late.accountingDay).toBe(addDays(today, 1));
    const frozen = await day(today);
    expect(frozen.closed).toBe(true);
    expect(frozen.totals.recordedAmount).toBe("150.00");
    expect((await day(addDays(today, 1))).totals.recordedAmount).toBe("30.00");
    const closing = await t.server.db.query<{ recorded_amount: number; declared_amount: number; payment_count: number }>(
      "select recorded_amount, declared_amount, payment_count from daily_closings where tenant_id = $1 and community_id = $2",
      [t.ids.tenantA, fx.communityId],
    );
    expect(closing.rows.map((r) => [Number(r.recorded_amount), Number(r.declared_amount), r.payment_count])).toEqual([[15000, 14900, 2]]);

    // The 日结单 as a workbook: the closed day's lines per cashier, the cashier's subtotal and the total.
    const file = await t.server.app.inject({ method: "GET", url: `/api/property/reconciliations/actions/dayExport?communityId=${fx.communityId}&day=${today}`, headers: sessionHeaders(t.admin) });
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers["content-disposition"]))).toContain(`日结单_${today}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("日结单")!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(["日结单（交班表）"]);
    expect(values(2)[0]).toBe("社区：对账测试社区");
    expect(values(2)[3]).toBe(`营业日：${today}`);
    expect(String(values(2)[6])).toMatch(/^已日结：/);
    expect(values(4)).toEqual(["收款人", "支付方式", "笔数", "收款(元)", "退款(元)", "应到账(元)", "实际到账(元)", "差异(元)", "备注"]);
    const cashier = frozen.rows[0].cashierName;
    expect(values(5).slice(0, 8)).toEqual([cashier, "微信", 1, 50, 0, 50, 50, 0]);
    expect(values(6)).toEqual([cashier, "现金", 1, 100, 0, 100, 99, -1, "短款1元"]);
    expect(values(7).slice(0, 8)).toEqual(["小计", undefined, 2, 150, 0, 150, 149, -1]);
    expect(values(8).slice(0, 8)).toEqual(["合计", undefined, 2, 150, 0, 150, 149, -1]);
    expect(ws.rowCount).toBe(8);
  });

  it("refuses to close a day while a cashier's amount is not declared", async () => {
    const other = await makeCommunity(t.server, t.ids.tenantA, "未申报社区", [{ area: "10.00" }]);
    const pt = await priceType(t.server, t.admin, other.communityId, { name: "未申报计价", pricingMethod: 2, unitPrice: "8.00" });
    const item = await paymentItem(t.server, t.admin, other.communityId, pt, { name: "未申报项目" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const [bill] = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [other.communityId]);
    await approve(t.server, t.admin, [bill.id]);
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [bill.id], payMethod: 1 });
    const r = await t.server.request("POST", "/api/property/reconciliations/actions/close", { token: t.admin, body: { communityId: other.communityId, day: today } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("请先填写每位收款人各支付方式的实际到账金额");
    expect(await t.server.count("daily_closings", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, other.communityId])).toBe(0);
    expect(await t.server.count("reconciliations", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, other.communityId])).toBe(0);
  });

  it("reports due, collected, refunded, arrears and both collection rates per community and month", async () => {
    // Room 3 (20.00): a waiver of 5.00 (automatic), then 15.00 paid; then 10.00 of room 1's 50.00 refunded.
    const room3 = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[3].id}`, t.admin);
    await ok(t.server, "POST", "/api/property/waivers/actions/apply", t.admin, { billId: room3.bills[0].id, waiverType: 2, amount: "5.00", reason: "减免" });
    await payRoom(3, 2);
    const paidRoom1 = (await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and room_id = $2", [t.ids.tenantA, fx.rooms[1].id])).rows[0].id;
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: paidRoom1, amount: "10.00", reason: "多收" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin);

    const report = await ok(t.server, "POST", "/api/property/reports/actions/payment", t.admin, { startMonth: PERIOD, endMonth: PERIOD, communityIds: [fx.communityId] });
    expect(report.list).toHaveLength(1);
    // Due 200.00; collected 100 + 50 + 30 + 15 = 195.00; refunded 10.00; waived 5.00; arrears 200 − 185 − 5 = 10.00.
    expect(report.list[0]).toMatchObject({
      communityId: fx.communityId,
      period: PERIOD,
      amountDue: "200.00",
      collected: "195.00",
      refunded: "10.00",
      waived: "5.00",
      arrears: "10.00",
      collectionRate: "92.50",
      households: 4,
      paidHouseholds: 3,
      householdRate: "75.00",
    });
    const bad = await t.server.request("POST", "/api/property/reports/actions/payment", { token: t.admin, body: { startMonth: "2031-05", endMonth: "2031-01" } });
    expect(bad.body.message).toBe("开始月份不能晚于结束月份");

    const file = await t.server.app.inject({
      method: "GET",
      url: `/api/property/reports/actions/exportPayment?startMonth=${PERIOD}&endMonth=${PERIOD}&communityIds=${fx.communityId}`,
      headers: sessionHeaders(t.admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("缴费报表")!;
    expect(ws.getRow(1).getCell(1).value).toBe("社区");
    expect(ws.getRow(2).getCell(1).value).toBe("对账测试社区");
    expect(ws.getRow(2).getCell(3).value).toBe(200);
    expect(ws.getRow(2).getCell(8).value).toBe(92.5);
    expect(ws.getRow(3).getCell(1).value).toBe("合计");
  });

  it("needs the report and settlement authorities", async () => {
    expect((await t.server.request("POST", "/api/property/reports/actions/payment", { token: t.staff, body: { startMonth: PERIOD, endMonth: PERIOD } })).body.status).toBe(403);
    expect((await t.server.request("GET", `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${today}`, { token: t.staff })).body.status).toBe(403);
    expect((await t.server.request("GET", `/api/property/reconciliations/actions/dayExport?communityId=${fx.communityId}&day=${today}`, { token: t.staff })).body.status).toBe(403);
  });
});
