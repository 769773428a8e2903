// Daily settlement of payments taken online (issue "Residents pay online"): payments settled from a
// gateway's callback have no cashier; the day shows a line per gateway pay method named 在线支付,
// declared at what the books say, closable with the desk's lines and stored by the closing. A receipt
// of an online payment voided, or a refund of one paid back the way it came, nets on that line; a
// refund paid back in cash is the desk's. The day's figures per pay method agree with 收费日报's.
// The day's calls and dunning take the community their operation's scope checked.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { chinaDay } from "../../../src/common/china-time.ts";
import { fenToYuan } from "../../../src/common/money.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { useDemoServer } from "../support/demo.ts";
import { backends, sessionHeaders } from "../support/server.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, voidAtOnce, type Fixture } from "./support.ts";

interface Row {
  payMethod: number;
  cashierId: number | null;
  cashierName: string;
  paymentCount: number;
  recordedAmount: string;
  refundAmount: string;
  netAmount: string;
  declaredAmount: string | null;
  difference: string | null;
}

describe.each(backends)("daily settlement of online payments (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let today: string;
  /** What each room owes (fen): fixed amounts, 10.00 … 16.00 by room. */
  const owed: number[] = [];
  let adminId: number;

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    today = chinaDay();
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "在线日结社区",
      Array.from({ length: 7 }, (_, i) => ({ area: `${10 + i}.00` })),
    );
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "在线日结计价", pricingMethod: 1, unitPrice: "1.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "在线日结物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    for (const room of fx.rooms) owed.push(bills.filter((b) => b.room_id === room.id).reduce((s, b) => s + Number(b.amount_due), 0));
    const { rows } = await t.server.db.query<{ id: number; gateway: number }>("select id, gateway from payment_merchants where tenant_id = $1 and sandbox order by gateway", [t.ids.tenantA]);
    for (const gateway of [1, 2]) {
      const id = Number(rows.find((r) => r.gateway === gateway)!.id);
      await t.server.db.query("insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway) values ($1, $2, $3, $4)", [t.ids.tenantA, fx.communityId, id, gateway]);
    }
    adminId = Number((await t.server.db.query<{ id: number }>("select id from users where tenant_id = $1 and username = 'admin'", [t.ids.tenantA])).rows[0].id);
  });

  const roomBills = async (i: number) => (await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[i].id}`, t.admin)).bills.map((b: { id: number }) => b.id);
  const payAtDesk = async (i: number, payMethod: number) => ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: await roomBills(i), payMethod });
  /** An order for the room's bills (channel 1 微信扫码, 4 支付宝扫码), paid on the sandbox's page: the gateway's callback settles it. */
  const payOnline = async (i: number, channel: number) => {
    const made = await ok(t.server, "POST", "/api/pay/onlinePayments/actions/create", t.admin, { roomId: fx.rooms[i].id, billIds: await roomBills(i), channel });
    expect((await t.server.request("POST", new URL(made.payUrl as string).pathname, { xhr: false })).status).toBe(303);
    const paid = await ok(t.server, "GET", `/api/pay/onlinePayments/actions/get?id=${made.id}`, t.admin);
    expect(paid.status).toBe(2);
    return paid as { receiptId: number; receiptNo: string };
  };
  const day = async (d: string) => ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${d}`, t.admin);
  const lineOf = (r: Row) => [r.payMethod, r.cashierId, r.cashierName, r.paymentCount, r.recordedAmount, r.refundAmount, r.netAmount, r.declaredAmount, r.difference];
  const yuan = (fen: number) => fenToYuan(fen);

  it("shows a line per gateway pay method for the payments taken online, declared at the books' figures", async () => {
    await payAtDesk(0, 5); // cash at the desk
    await payAtDesk(1, 1); // WeChat at the desk (the cashier's own line)
    await payOnline(2, 1); // WeChat online
    await payOnline(3, 4); // Alipay online
    const voided = await payOnline(4, 1); // WeChat online, its receipt voided below
    await payOnline(5, 1); // WeChat online, 5.00 of it refunded in cash at the desk
    const { rows } = await t.server.db.query<{ cashier_id: number | null; pay_method: number }>("select cashier_id, pay_method from payments where tenant_id = $1 and room_id = $2", [
      t.ids.tenantA,
      fx.rooms[2].id,
    ]);
    expect(rows).toEqual([{ cashier_id: null, pay_method: 1 }]);

    // The voided receipt's reversal is booked to its own day, on the online line; a cash refund is the desk's.
    const v = await voidAtOnce(t.server, t.admin, voided.receiptId, "重复支付");
    expect(v.status).toBe(200);
    const paymentOf5 = (await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and room_id = $2", [t.ids.tenantA, fx.rooms[5].id])).rows[0].id;
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: paymentOf5, amount: "5.00", refundKind: 2, refundMethod: 5, reason: "业主申请退款" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin);
    // 3.00 of it back by WeChat, the way it came: it nets on the online line (the refund row names its approver).
    const back = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: paymentOf5, amount: "3.00", refundKind: 2, refundMethod: 1, reason: "业主申请退款" });
    await ok(t.server, "POST", `/api/property/refunds/${back.id}/actions/approve`, t.admin);
    // Paid back at once, or (through the gateway) when the gateway confirms it: its refund row then.
    const refundRowsOf5 = () =>
      t.server.db.query<{ cashier_id: number; pay_method: number; amount: string }>(
        "select cashier_id, pay_method, amount from payments where tenant_id = $1 and room_id = $2 and return_flag = 1 order by id",
        [t.ids.tenantA, fx.rooms[5].id],
      );
    for (let i = 0; i < 100 && (await refundRowsOf5()).rows.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const refundRows = await refundRowsOf5();
    expect(refundRows.rows.map((r) => [Number(r.cashier_id), r.pay_method, Number(r.amount)])).toEqual([
      [adminId, 5, 500],
      [adminId, 1, 300],
    ]);

    const summary = await day(today);
    const onlineWechat = owed[2] + owed[4] + owed[5];
    const admin = summary.rows[0].cashierName;
    expect(summary.rows.map(lineOf)).toEqual([
      [1, adminId, admin, 1, yuan(owed[1]), "0.00", yuan(owed[1]), null, null],
      [5, adminId, admin, 1, yuan(owed[0]), "5.00", yuan(owed[0] - 500), null, null],
      [1, null, "在线支付", 3, yuan(onlineWechat), yuan(owed[4] + 300), yuan(onlineWechat - owed[4] - 300), yuan(onlineWechat - owed[4] - 300), "0.00"],
      [2, null, "在线支付", 1, yuan(owed[3]), "0.00", yuan(owed[3]), yuan(owed[3]), "0.00"],
    ]);
    expect(summary.totals).toMatchObject({ paymentCount: 6, allDeclared: false });

    // The same day per pay method in 收费日报 (bill payments only, as here): collected, refunded, net.
    const report = await ok(t.server, "POST", "/api/property/reports/actions/charges", t.admin, { communityId: fx.communityId, granularity: "day", start: today, end: today });
    const byMethod = (m: number) => (summary.rows as Row[]).filter((r) => r.payMethod === m);
    const sum = (list: Row[], k: "recordedAmount" | "refundAmount" | "netAmount") => yuan(list.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0));
    expect(report.byPayMethod.map((p: { payMethod: number; count: number; collected: string; refunded: string; net: string }) => [p.payMethod, p.count, p.collected, p.refunded, p.net])).toEqual(
      [1, 2, 5].map((m) => [m, byMethod(m).reduce((n, r) => n + r.paymentCount, 0), sum(byMethod(m), "recordedAmount"), sum(byMethod(m), "refundAmount"), sum(byMethod(m), "netAmount")]),
    );
    expect(report.totals).toMatchObject({ collected: summary.totals.recordedAmount, refunded: summary.totals.refundAmount, net: summary.totals.netAmount });
  });

  it("closes the day with the online lines at the books' figures, whatever is declared for them, and stores them", async () => {
    const before = await day(today);
    const rows = (before.rows as Row[]).map((r) => ({
      payMethod: r.payMethod,
      cashierId: r.cashierId,
      declaredAmount: r.cashierId === null ? "1.00" : r.netAmount,
      remark: r.cashierId === null ? "支付平台到账" : null,
    }));
    const closed = await ok(t.server, "POST", "/api/property/reconciliations/actions/close", t.admin, { communityId: fx.communityId, day: today, rows });
    expect(closed.day).toBe(today);
    const after = await day(today);
    expect(after.closed).toBe(true);
    expect(after.rows.map(lineOf)).toEqual(before.rows.map((r: Row) => lineOf({ ...r, declaredAmount: r.declaredAmount ?? r.netAmount, difference: "0.00" })));
    expect(after.rows.filter((r: Row) => r.cashierId === null).map((r: Row & { remark: string }) => r.remark)).toEqual(["支付平台到账", "支付平台到账"]);
    expect(after.totals).toMatchObject({ allDeclared: true, declaredAmount: before.totals.netAmount });

    const stored = await t.server.db.query<{
      pay_method: number;
      cashier_id: number | null;
      payment_count: number;
      recorded_amount: string;
      refund_amount: string;
      declared_amount: string;
      closed: boolean;
    }>(
      "select pay_method, cashier_id, payment_count, recorded_amount, refund_amount, declared_amount, closed from reconciliations where tenant_id = $1 and community_id = $2 and day = $3::date and cashier_id is null order by pay_method",
      [t.ids.tenantA, fx.communityId, today],
    );
    const onlineWechat = owed[2] + owed[4] + owed[5];
    expect(stored.rows.map((r) => [r.pay_method, r.payment_count, Number(r.recorded_amount), Number(r.refund_amount), Number(r.declared_amount), r.closed])).toEqual([
      [1, 3, onlineWechat, owed[4] + 300, onlineWechat - owed[4] - 300, true],
      [2, 1, owed[3], 0, owed[3], true],
    ]);
    const closing = await t.server.db.query<{ payment_count: number; recorded_amount: string; refund_amount: string; declared_amount: string }>(
      "select payment_count, recorded_amount, refund_amount, declared_amount from daily_closings where tenant_id = $1 and community_id = $2 and day = $3::date",
      [t.ids.tenantA, fx.communityId, today],
    );
    const total = owed.slice(0, 6).reduce((s, n) => s + n, 0);
    expect(closing.rows.map((r) => [r.payment_count, Number(r.recorded_amount), Number(r.refund_amount), Number(r.declared_amount)])).toEqual([[6, total, owed[4] + 800, total - owed[4] - 800]]);

    // The 日结单 workbook: 在线支付 is a group of its own, with its subtotal.
    const file = await t.server.app.inject({ method: "GET", url: `/api/property/reconciliations/actions/dayExport?communityId=${fx.communityId}&day=${today}`, headers: sessionHeaders(t.admin) });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("日结单")!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const net = (fen: number) => fen / 100;
    const wechatNet = onlineWechat - owed[4] - 300;
    expect(values(8).slice(0, 8)).toEqual(["在线支付", "微信", 3, net(onlineWechat), net(owed[4] + 300), net(wechatNet), net(wechatNet), 0]);
    expect(values(9).slice(0, 8)).toEqual(["在线支付", "支付宝", 1, net(owed[3]), 0, net(owed[3]), net(owed[3]), 0]);
    expect(values(10).slice(0, 8)).toEqual(["小计", undefined, 4, net(onlineWechat + owed[3]), net(owed[4] + 300), net(wechatNet + owed[3]), net(wechatNet + owed[3]), 0]);
    expect(values(11)[0]).toBe("合计");
    expect(values(11)[2]).toBe(6);
  });

  it("keeps the day and dunning to the community the edge checked: outside a limited user's scope 403, another tenant's 404, none 400", async () => {
    const role = await ok(t.server, "POST", "/api/system/characters", t.admin, { name: "日结单社区", authorities: ["HBL1913", "HBL0701309"] });
    await ok(t.server, "POST", "/api/system/users", t.admin, { username: "closingscoped", password: "Closing-Pass-8812", roleId: role.id, communityIds: [t.ids.communityA] });
    const scoped = await t.server.login("closingscoped", "Closing-Pass-8812");
    const calls = (communityId: number | null): [string, string, unknown][] => {
      const q = communityId === null ? `day=${today}` : `communityId=${communityId}&day=${today}`;
      const body = communityId === null ? { day: today, rows: [] } : { communityId, day: today, rows: [] };
      return [
        ["GET", `/api/property/reconciliations/actions/day?${q}`, undefined],
        ["GET", `/api/property/reconciliations/actions/dayExport?${q}`, undefined],
        ["POST", "/api/property/reconciliations/actions/declare", body],
        ["POST", "/api/property/reconciliations/actions/close", body],
        ["POST", "/api/property/dunningNotices/actions/generate", communityId === null ? {} : { communityId }],
      ];
    };
    for (const [method, url, body] of calls(fx.communityId)) {
      const outside = await t.server.request(method as "GET" | "POST", url, { token: scoped, body });
      expect([outside.status, outside.body?.status, outside.body?.message], url).toEqual([401, 403, "无权访问该社区"]);
      const other = await t.server.request(method as "GET" | "POST", url, { token: t.admin2, body });
      expect([other.status, other.body?.message], url).toEqual([404, "数据不存在或已被删除"]);
    }
    for (const [method, url, body] of calls(null)) {
      const none = await t.server.request(method as "GET" | "POST", url, { token: t.admin, body });
      expect([none.status, none.body?.message], url).toEqual([400, "请选择社区"]);
    }
    expect((await t.server.request("GET", `/api/property/reconciliations/actions/day?communityId=${t.ids.communityA}&day=${today}`, { token: scoped })).status).toBe(200);
    expect(await t.server.count("daily_closings", "tenant_id = $1 and community_id = $2 and day = $3::date", [t.ids.tenantA, t.ids.communityA, today])).toBe(0);
  });

  it("books an online payment made after the closing to the next open day, on its online line", async () => {
    await payOnline(6, 1);
    const next = await day(addDays(today, 1));
    expect(next.rows.map(lineOf)).toEqual([[1, null, "在线支付", 1, yuan(owed[6]), "0.00", yuan(owed[6]), yuan(owed[6]), "0.00"]]);
    expect((await day(today)).totals.paymentCount).toBe(6);
  });
});
