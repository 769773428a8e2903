// Online payment's scheduled work and the channel reconciliation on the real server and database,
// the sandbox gateway in the same process: an expired order is closed at the gateway and its bills
// freed by its job; a payment whose callback never came is settled by the active query's job; a
// day's statement compared with the books (已匹配, 仅渠道有, 仅本地有, 金额不符 planted through the
// sandbox's books), 补单 settling exactly once, 标记退款, and Alipay's zipped statement.
// Jobs are run by hand (the test server's queue is in mode manual: app.jobs.runDue).
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxBooks, type SandboxBooks } from "../../../src/server/onlinepay/sandbox/trades.ts";
import { useDemoServer } from "../support/demo.ts";
import { backends } from "../support/server.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "../payment/support.ts";

/** The statement's day: long past, so that no demo payment falls on it. */
const DAY = "2025-06-15";
const AT_DAY = `${DAY}T10:00:00+08:00`;

describe.each(backends)("online payment jobs and reconciliation (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let books: SandboxBooks;
  let merchants: { wechat: number; alipay: number };
  const billsOfRoom: number[][] = [];

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "对账测试社区", [
      { area: "80.00" },
      { area: "90.00" },
      { area: "100.00" },
      { area: "110.00" },
      { area: "120.00" },
      { area: "130.00" },
      { area: "140.00" },
    ]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "对账计价", pricingMethod: 2, unitPrice: "1.50" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "对账物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: bills.map((b) => b.id) });
    for (const room of fx.rooms) billsOfRoom.push(bills.filter((b) => b.room_id === room.id).map((b) => b.id));
    const { rows } = await t.server.db.query<{ id: number; gateway: number }>("select id, gateway from payment_merchants where tenant_id = $1 and sandbox order by gateway", [t.ids.tenantA]);
    merchants = { wechat: Number(rows.find((r) => r.gateway === 1)!.id), alipay: Number(rows.find((r) => r.gateway === 2)!.id) };
    for (const [gateway, id] of [
      [1, merchants.wechat],
      [2, merchants.alipay],
    ])
      await t.server.db.query("insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway) values ($1, $2, $3, $4)", [t.ids.tenantA, fx.communityId, id, gateway]);
    books = sandboxBooks(join(t.server.app.dataDir, "sandbox"));
  });

  const create = async (room: number, channel = 1) =>
    ok(t.server, "POST", "/api/pay/onlinePayments/actions/create", t.admin, { roomId: fx.rooms[room].id, billIds: billsOfRoom[room], channel }) as Promise<{
      id: number;
      outTradeNo: string;
      payUrl: string;
      amount: string;
    }>;
  const payOnPage = (payUrl: string) => t.server.request("POST", new URL(payUrl).pathname, { xhr: false });
  const orderRow = async (id: number) =>
    (await t.server.db.query<{ status: number; receipt_id: number | null; amount: number }>("select status, receipt_id, amount from online_payment_orders where id = $1", [id])).rows[0];
  const paymentsOf = async (room: number) => (await t.server.db.query("select id from payments where tenant_id = $1 and room_id = $2", [t.ids.tenantA, fx.rooms[room].id])).rows.length;
  /** Moves a settled order and its trade at the sandbox to the statement's day. */
  const toDay = async (orderId: number, gateway: "wechatpay" | "alipay", outTradeNo: string, gatewayAt = AT_DAY) => {
    await t.server.db.query("update online_payment_orders set paid_at = $2 where id = $1", [orderId, AT_DAY]);
    books.updateTrade(books.trade(gateway, outTradeNo)!, { paidAt: new Date(gatewayAt).toISOString() });
  };

  it("closes an expired order at the gateway and frees its bills (its job, run when due)", async () => {
    const made = await create(0);
    expect(await t.server.app.jobs.runDue()).toBe(0); // nothing is due yet: the first query is 3 minutes away
    await t.server.db.query("update online_payment_orders set expires_at = now() - interval '1 minute' where id = $1", [made.id]);
    expect(await t.server.app.jobs.runDue({ allScheduled: true })).toBeGreaterThanOrEqual(3);
    expect((await orderRow(made.id)).status).toBe(3);
    expect(books.trade("wechatpay", made.outTradeNo)!.state).toBe("CLOSED");
    const held = await t.server.db.query("select 1 from online_payment_order_bills where order_id = $1 and open_bill_id is not null", [made.id]);
    expect(held.rows).toHaveLength(0);
    // The bills are free: a new order takes them.
    const again = await create(0);
    expect(again.amount).toBe(made.amount);
    await ok(t.server, "POST", "/api/pay/onlinePayments/actions/close", t.admin, { id: again.id });
  });

  it("the sweep closes an expired order whose jobs are gone", async () => {
    const made = await create(6);
    await t.server.db.query("update online_payment_orders set expires_at = now() - interval '1 minute' where id = $1", [made.id]);
    await t.server.app.jobs.runNow("onlinepay.order-sweep");
    expect((await orderRow(made.id)).status).toBe(3);
    expect(books.trade("wechatpay", made.outTradeNo)!.state).toBe("CLOSED");
  });

  it("settles a payment whose callback never came when the order's query job runs", async () => {
    const made = await create(1);
    books.updateTrade(books.trade("wechatpay", made.outTradeNo)!, { state: "SUCCESS", transactionId: `4200${Date.now()}`, paidAt: new Date().toISOString() });
    expect((await orderRow(made.id)).status).toBe(1);
    await t.server.app.jobs.runDue({ allScheduled: true });
    const row = await orderRow(made.id);
    expect(row.status).toBe(2);
    expect(row.receipt_id).not.toBeNull();
    expect(await paymentsOf(1)).toBe(1);
  });

  it("reconciles a day's WeChat statement: matched, only at the gateway, only here, amounts differ; 补单 settles once; 标记退款", async () => {
    // 已匹配: paid on the page, both sides on the day.
    const matched = await create(2);
    expect((await payOnPage(matched.payUrl)).status).toBe(303);
    expect((await orderRow(matched.id)).status).toBe(2);
    await toDay(matched.id, "wechatpay", matched.outTradeNo);
    // 仅渠道有, an order here: the payer paid, the callback never came.
    const missed = await create(3);
    books.updateTrade(books.trade("wechatpay", missed.outTradeNo)!, { state: "SUCCESS", transactionId: "4200000000000000000000000003", paidAt: new Date(AT_DAY).toISOString() });
    // 仅渠道有, no order here at all.
    const stranger = books.trade("wechatpay", missed.outTradeNo)!;
    books.plant({ ...stranger, token: "planted000000000000000001", outTradeNo: "NP20250615100000999999", transactionId: "4200000000000000000000000999", totalFen: 1234, paidFen: 1234 });
    // 仅本地有: settled here, the gateway counts it another day.
    const localOnly = await create(4);
    await payOnPage(localOnly.payUrl);
    await toDay(localOnly.id, "wechatpay", localOnly.outTradeNo, "2025-06-14T10:00:00+08:00");
    // 金额不符: the gateway's statement says another amount.
    const differs = await create(5);
    await payOnPage(differs.payUrl);
    await toDay(differs.id, "wechatpay", differs.outTradeNo);
    books.updateTrade(books.trade("wechatpay", differs.outTradeNo)!, { paidFen: (await orderRow(differs.id)).amount + 100 });

    const run = await t.server.request("POST", "/api/pay/reconciliations/actions/run", { token: t.admin, body: { merchantId: merchants.wechat, billDate: DAY } });
    const failure = await t.server.db.query("select error from online_payment_reconciliations where bill_date = $1", [DAY]);
    expect([run.status, failure.rows]).toEqual([200, [{ error: null }]]);
    const batch = run.body.data;
    expect(batch).toMatchObject({ status: 2, gatewayCount: 4, localCount: 3, matchedCount: 1, differenceCount: 4 });
    const diffs = (
      await t.server.db.query<{ id: number; kind: number; out_trade_no: string; order_id: number | null; state: number }>(
        "select id, kind, out_trade_no, order_id, state from online_payment_recon_differences where tenant_id = $1 and reconciliation_id = $2 order by id",
        [t.ids.tenantA, batch.id],
      )
    ).rows;
    const of = (no: string) => diffs.find((d) => d.out_trade_no === no)!;
    expect(of(missed.outTradeNo)).toMatchObject({ kind: 2, order_id: missed.id, state: 1 });
    expect(of("NP20250615100000999999")).toMatchObject({ kind: 2, order_id: null });
    expect(of(localOnly.outTradeNo)).toMatchObject({ kind: 3, order_id: localOnly.id });
    expect(of(differs.outTradeNo)).toMatchObject({ kind: 4, order_id: differs.id });

    // The list renders them (the generic pageList of the resource).
    const page = await ok(t.server, "POST", "/api/pay/onlinePaymentReconDifferences/actions/pageList", t.admin, { pageNo: 1, pageSize: 20 });
    expect(page.total).toBeGreaterThanOrEqual(4);

    // 补单: settled through the callback's path, once; the second click finds it handled.
    const settle = (id: number) => t.server.request("POST", `/api/pay/onlinePaymentReconDifferences/${id}/actions/settle`, { token: t.admin, body: {} });
    expect((await settle(of(missed.outTradeNo).id)).status).toBe(200);
    expect((await settle(of(missed.outTradeNo).id)).status).toBeGreaterThanOrEqual(400);
    expect((await orderRow(missed.id)).status).toBe(2);
    expect(await paymentsOf(3)).toBe(1);
    // Twice at once as well: one settles, the other is refused.
    const other = of("NP20250615100000999999");
    const noOrder = await settle(other.id);
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.message).toContain("本地没有该订单");

    // 标记退款: a state and a remark.
    const flagged = await t.server.request("POST", `/api/pay/onlinePaymentReconDifferences/${other.id}/actions/flagRefund`, { token: t.admin, body: { remark: "无对应订单，退回付款人" } });
    expect(flagged.status).toBe(200);
    const after = (
      await t.server.db.query<{ id: number; state: number; remark: string | null }>("select id, state, remark from online_payment_recon_differences where id = any($1::bigint[]) order by id", [
        [of(missed.outTradeNo).id, other.id],
      ])
    ).rows;
    expect(after.map((r) => r.state)).toEqual([2, 3]);
    expect(after[1].remark).toBe("无对应订单，退回付款人");

    // Run again: the settled payment now matches; the handled differences stay, the open ones are replaced.
    const again = await ok(t.server, "POST", "/api/pay/reconciliations/actions/run", t.admin, { merchantId: merchants.wechat, billDate: DAY });
    expect(again).toMatchObject({ id: batch.id, matchedCount: 2, differenceCount: 3 });
    const kept = await t.server.db.query("select state from online_payment_recon_differences where reconciliation_id = $1", [batch.id]);
    expect(kept.rows.map((r) => r.state).sort()).toEqual([1, 1, 2, 3]);
  });

  it("reconciles Alipay's zipped statement, and an uploaded one", async () => {
    const made = await create(6, 4);
    await payOnPage(made.payUrl);
    expect((await orderRow(made.id)).status).toBe(2);
    await toDay(made.id, "alipay", made.outTradeNo);
    const batch = await ok(t.server, "POST", "/api/pay/reconciliations/actions/run", t.admin, { merchantId: merchants.alipay, billDate: DAY });
    expect(batch).toMatchObject({ status: 1, gatewayCount: 1, localCount: 1, matchedCount: 1, differenceCount: 0 });
    // The same statement uploaded (the zip as base64), fetched as the gateway serves it.
    const zip = await t.server.app.inject({ method: "GET", url: `/sandbox/alipay/bill/download?day=${DAY}&app=2021000000000001` });
    expect(zip.statusCode).toBe(200);
    const uploaded = await ok(t.server, "POST", "/api/pay/reconciliations/actions/run", t.admin, { merchantId: merchants.alipay, billDate: DAY, statement: zip.rawPayload.toString("base64") });
    expect(uploaded).toMatchObject({ id: batch.id, matchedCount: 1, differenceCount: 0 });
    const source = await t.server.db.query<{ source: number }>("select source from online_payment_reconciliations where id = $1", [batch.id]);
    expect(source.rows[0].source).toBe(3);
    // Garbage is refused in words.
    const bad = await t.server.request("POST", "/api/pay/reconciliations/actions/run", { token: t.admin, body: { merchantId: merchants.alipay, billDate: DAY, statement: "not a statement" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("无法读取渠道账单");
  });

  it("refuses another tenant's merchant and today's date", async () => {
    const foreign = await t.server.request("POST", "/api/pay/reconciliations/actions/run", { token: t.admin2, body: { merchantId: merchants.wechat, billDate: DAY } });
    expect(foreign.status).toBe(404);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const early = await t.server.request("POST", "/api/pay/reconciliations/actions/run", { token: t.admin, body: { merchantId: merchants.wechat, billDate: today } });
    expect(early.status).toBe(400);
  });

  it("the morning job reconciles every enabled merchant's day", async () => {
    await t.server.app.jobs.runNow("onlinepay.reconcile-day", { day: DAY });
    await t.server.app.jobs.runDue({ only: ["onlinepay.reconcile-merchant"] });
    const rows = await t.server.db.query<{ merchant_id: number; source: number }>(
      "select merchant_id, source from online_payment_reconciliations where tenant_id = $1 and bill_date = $2 order by merchant_id",
      [t.ids.tenantA, DAY],
    );
    expect(rows.rows.map((r) => Number(r.merchant_id))).toEqual([merchants.wechat, merchants.alipay].sort((a, b) => a - b));
    expect(rows.rows.every((r) => r.source === 1)).toBe(true);
  });
});
