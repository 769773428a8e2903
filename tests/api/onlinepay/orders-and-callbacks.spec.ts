// Online payment end to end on the real server and database, the sandbox gateway in the same
// process: an order for a room's bills (its amount frozen, its bills held), the payer paying on the
// sandbox's page, the signed and encrypted callback settled exactly once into the desk's payment and
// receipt rows; forged, replayed, concurrent and mismatched callbacks; a payment racing the desk;
// Alipay; closing an order; the pay link a dunning letter prints.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { signParams } from "../../../src/server/onlinepay/gateways/alipay.ts";
import { sandboxKeys, type SandboxKeys } from "../../../src/server/onlinepay/sandbox/keys.ts";
import { wechatCallback } from "../../../src/server/onlinepay/sandbox/wechatpay-gateway.ts";
import { fenToYuan } from "../../../src/common/money.ts";
import { useDemoServer } from "../support/demo.ts";
import { backends } from "../support/server.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "../payment/support.ts";

describe.each(backends)("online payment (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let keys: SandboxKeys;
  let merchants: { wechat: number; alipay: number };
  /** Approved bills by room index, and what each room owes (fen). */
  const billsOfRoom: number[][] = [];
  const owedOf: number[] = [];

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "在线支付测试社区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }, { area: "110.00" }, { area: "120.00" }, { area: "130.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "在线计价", pricingMethod: 2, unitPrice: "1.50" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "在线物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: bills.map((b) => b.id) });
    for (const room of fx.rooms) {
      const own = bills.filter((b) => b.room_id === room.id);
      billsOfRoom.push(own.map((b) => b.id));
      owedOf.push(own.reduce((sum, b) => sum + Number(b.amount_due), 0));
    }
    expect(owedOf.every((fen) => fen > 0)).toBe(true);
    const { rows } = await t.server.db.query<{ id: number; gateway: number }>("select id, gateway from payment_merchants where tenant_id = $1 and sandbox order by gateway", [t.ids.tenantA]);
    merchants = { wechat: Number(rows.find((r) => r.gateway === 1)!.id), alipay: Number(rows.find((r) => r.gateway === 2)!.id) };
    for (const [gateway, id] of [
      [1, merchants.wechat],
      [2, merchants.alipay],
    ])
      await t.server.db.query("insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway) values ($1, $2, $3, $4)", [t.ids.tenantA, fx.communityId, id, gateway]);
    keys = sandboxKeys(join(t.server.app.dataDir, "sandbox"));
  });

  const create = (room: number, channel = 1) =>
    t.server.request("POST", "/api/pay/onlinePayments/actions/create", { token: t.admin, body: { roomId: fx.rooms[room].id, billIds: billsOfRoom[room], channel } });
  const order = (id: number) => ok(t.server, "GET", `/api/pay/onlinePayments/actions/get?id=${id}`, t.admin);
  const payOnPage = (payUrl: string) => t.server.request("POST", new URL(payUrl).pathname, { xhr: false });
  const paymentsOf = (room: number) =>
    t.server.db.query<{ amount: number; pay_method: number; cashier_id: number | null; receipt_no: string }>(
      "select amount, pay_method, cashier_id, receipt_no from payments where tenant_id = $1 and room_id = $2 order by id",
      [t.ids.tenantA, fx.rooms[room].id],
    );
  const orderRow = async (id: number) =>
    (await t.server.db.query<{ out_trade_no: string; amount: number; status: number; flag: number | null }>("select out_trade_no, amount, status, flag from online_payment_orders where id = $1", [id]))
      .rows[0];
  /** A WeChat callback for an order, signed and encrypted with the sandbox's keys, as the gateway sends it. */
  const callback = (outTradeNo: string, totalFen: number, transactionId = `42000${outTradeNo.slice(-8)}`) =>
    wechatCallback(
      keys,
      "TRANSACTION.SUCCESS",
      "支付成功",
      { mchid: "1900000001", out_trade_no: outTradeNo, transaction_id: transactionId, trade_state: "SUCCESS", amount: { total: totalFen } },
      "transaction",
    );
  const send = (c: { headers: Record<string, string>; body: string }) =>
    t.server.app.inject({ method: "POST", url: `/api/pay/notify/wechatpay/${merchants.wechat}`, headers: c.headers, payload: c.body });

  it("makes an order for a room's bills at their owed amount, holding the bills, with the sandbox's QR", async () => {
    const r = await create(0);
    expect(r.status).toBe(200);
    const made = r.body.data;
    expect(made).toMatchObject({ status: 1, amount: fenToYuan(owedOf[0]), channel: 1, receiptId: null });
    expect(made.payUrl).toMatch(/\/sandbox\/pay\/[0-9a-f]{24}$/);
    expect(made.outTradeNo).toMatch(/^NP\d{20}$/);
    const again = await create(0);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^账单.+已在待支付的订单中，请等待支付完成或先关闭该订单$/);
  });

  it("settles a payment made on the sandbox's page once, as the desk's payment and receipt", async () => {
    const made = (await create(1)).body.data;
    const page = await payOnPage(made.payUrl);
    expect(page.status).toBe(303);
    const paid = await order(made.id);
    expect(paid).toMatchObject({ status: 2, amount: fenToYuan(owedOf[1]) });
    expect(paid.receiptNo).toMatch(/\d{10}$/);
    const { rows } = await paymentsOf(1);
    expect(rows).toEqual([expect.objectContaining({ amount: owedOf[1], pay_method: 1, cashier_id: null, receipt_no: paid.receiptNo })]);
    const bills = await billsOf(t.server, t.ids.tenantA, "id = any($2::bigint[])", [billsOfRoom[1]]);
    expect(bills.map((b) => b.status)).toEqual(billsOfRoom[1].map(() => 4)); // 已缴清
    // The page says so; paying again pays nothing, and the callback sent again (重新发送支付通知) settles nothing more.
    expect((await t.server.request("GET", new URL(made.payUrl).pathname, { xhr: false })).text).toContain("支付成功");
    await payOnPage(made.payUrl);
    expect((await t.server.request("POST", `${new URL(made.payUrl).pathname}/notify`, { xhr: false })).status).toBe(303);
    expect((await paymentsOf(1)).rows).toHaveLength(1);
    const notes = await t.server.db.query<{ verdict: number; outcome: number }>("select verdict, outcome from online_payment_notifications where tenant_id = $1 and out_trade_no = $2 order by id", [
      t.ids.tenantA,
      made.outTradeNo,
    ]);
    expect(notes.rows.map((n) => [n.verdict, n.outcome])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it("settles a hundred copies of a callback arriving at once exactly once", async () => {
    const made = (await create(2)).body.data;
    const c = callback(made.outTradeNo, owedOf[2]);
    const answers = await Promise.all(Array.from({ length: 100 }, () => send(c)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(204));
    expect((await paymentsOf(2)).rows).toHaveLength(1);
    expect(await order(made.id)).toMatchObject({ status: 2 });
    expect(await t.server.count("online_payment_notifications", "tenant_id = $1 and out_trade_no = $2 and outcome = 2", [t.ids.tenantA, made.outTradeNo])).toBe(99);
  });

  it("refuses forged, replayed-late and wrongly keyed callbacks: nothing settled, each kept with its verdict", async () => {
    const made = (await create(3)).body.data;
    const good = callback(made.outTradeNo, owedOf[3]);
    const tampered = { headers: good.headers, body: good.body.replace('"summary":"支付成功"', '"summary":"x"') };
    const unknownSerial = { headers: { ...good.headers, "wechatpay-serial": "0000" }, body: good.body };
    const stale = { headers: { ...good.headers, "wechatpay-timestamp": String(Math.floor(Date.now() / 1000) - 600) }, body: good.body };
    const unsigned = { headers: { "content-type": "application/json" }, body: good.body };
    for (const forged of [tampered, unknownSerial, stale, unsigned]) {
      const answer = await send(forged);
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: "FAIL" });
    }
    expect((await paymentsOf(3)).rows).toHaveLength(0);
    expect(await order(made.id)).toMatchObject({ status: 1 });
    const verdicts = await t.server.db.query<{ verdict: number }>("select verdict from online_payment_notifications where tenant_id = $1 and out_trade_no is null order by id desc limit 4", [
      t.ids.tenantA,
    ]);
    expect(verdicts.rows.map((v) => v.verdict).sort()).toEqual([2, 3, 4, 5]);
    // A callback to an address naming no merchant of the gateway is refused and kept nowhere.
    const stranger = await t.server.app.inject({ method: "POST", url: `/api/pay/notify/wechatpay/${merchants.alipay}`, headers: good.headers, payload: good.body });
    expect(stranger.statusCode).toBe(400);
    expect((await send(good)).statusCode).toBe(204);
    expect((await paymentsOf(3)).rows).toHaveLength(1);
  });

  it("flags an amount that differs from the order and settles nothing", async () => {
    const made = (await create(4)).body.data;
    expect((await send(callback(made.outTradeNo, owedOf[4] + 1))).statusCode).toBe(204);
    expect((await paymentsOf(4)).rows).toHaveLength(0);
    expect(await orderRow(made.id)).toMatchObject({ status: 4, flag: 1 });
    // Its bills are free for the desk again.
    const desk = await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: billsOfRoom[4], payMethod: 5 } });
    expect(desk.status).toBe(200);
  });

  it("records a payment that raced the desk as overpaid, never losing it nor paying twice", async () => {
    const made = (await create(5)).body.data;
    // The desk takes the bills while the payer is paying (the order does not stop the counter).
    expect((await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: billsOfRoom[5], payMethod: 5 } })).status).toBe(200);
    // The payer had paid meanwhile: the late callback is taken, the order flagged 多缴待退.
    expect((await send(callback(made.outTradeNo, (await orderRow(made.id)).amount))).statusCode).toBe(204);
    const row = await orderRow(made.id);
    expect(row).toMatchObject({ status: 2, flag: 2 });
    expect((await paymentsOf(5)).rows.map((p) => p.pay_method)).toEqual([5]);
  });

  it("takes Alipay's notifications the same way", async () => {
    // Room 0's order (WeChat) is still open: closing it frees its bills for an Alipay order.
    const open = (await t.server.db.query<{ id: number }>("select id from online_payment_orders where tenant_id = $1 and room_id = $2 and status = 1", [t.ids.tenantA, fx.rooms[0].id])).rows[0];
    await ok(t.server, "POST", "/api/pay/onlinePayments/actions/close", t.admin, { id: Number(open.id) });
    const made = (await create(0, 4)).body.data;
    expect(made.payUrl).toContain("/sandbox/pay/");
    await payOnPage(made.payUrl);
    expect(await order(made.id)).toMatchObject({ status: 2 });
    expect((await paymentsOf(0)).rows.map((p) => p.pay_method)).toEqual([2]);
    // A forged notification is answered fail.
    const fields = { out_trade_no: made.outTradeNo, trade_no: "X1", trade_status: "TRADE_SUCCESS", total_amount: fenToYuan(owedOf[0]), sign_type: "RSA2" };
    const forged = new URLSearchParams({ ...fields, sign: signParams(fields, keys.wechatPlatformPrivate, "notification") }).toString();
    const answer = await t.server.app.inject({ method: "POST", url: `/api/pay/notify/alipay/${merchants.alipay}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: forged });
    expect(answer.body).toBe("fail");
  });

  it("gives each room a pay link that sends the payer to a new or open order's pay page", async () => {
    const fresh = await makeCommunity(t.server, t.ids.tenantA, "缴费链接测试社区", [{ area: "60.00" }]);
    const links = await ok(t.server, "POST", "/api/pay/rooms/actions/payLinks", t.admin, { roomIds: [fx.rooms[3].id, fresh.rooms[0].id] });
    expect(links).toHaveLength(2);
    const path = new URL(links[0].url).pathname;
    expect(path).toMatch(/^\/api\/pay\/rooms\/\d+-\d+-[A-Za-z0-9_-]{16}\/pay$/);
    // Room 3 owes nothing any more (paid above): the page says so.
    const settled = await t.server.request("GET", path, { xhr: false });
    expect(settled.text).toContain("该房屋目前没有待缴的费用");
    // A forged token is refused.
    const forged = await t.server.request("GET", path.replace(/-[A-Za-z0-9_-]{16}\/pay$/, "-AAAAAAAAAAAAAAAA/pay"), { xhr: false });
    expect(forged.status).toBe(200);
    expect(forged.text).toContain("该缴费链接无效");
    // Another tenant's room is not this tenant's to link.
    const other = await t.server.request("POST", "/api/pay/rooms/actions/payLinks", { token: t.admin, body: { roomIds: [t.ids.roomB] } });
    expect(other.status).not.toBe(200);
  });
});
