// Refunds of online payments through their gateway, on the real server and database with the
// sandbox gateway in the same process: an approved refund of a payment taken through WeChat Pay is
// 退款中 until the gateway's signed, encrypted refund callback says it succeeded, then completes
// once (its refund payment row, voucher number, the order's refunded amount); the callback sent
// again changes nothing; Alipay refunds at once; a gateway's refusal leaves the refund 退款失败 and
// the payment standing; a tampered refund callback is refused; a stuck refund is found by the
// query; an order's 多缴待退 money goes back (退回多缴); another tenant reaches none of it.
import { join } from "node:path";
import { REFUND_SWEEP } from "../../../src/server/onlinepay/jobs.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxKeys, type SandboxKeys } from "../../../src/server/onlinepay/sandbox/keys.ts";
import { wechatCallback } from "../../../src/server/onlinepay/sandbox/wechatpay-gateway.ts";
import { wechatPayClient } from "../../../src/server/onlinepay/gateways/wechatpay-client.ts";
import type { Transport } from "../../../src/server/onlinepay/gateways/transport.ts";
import { fenToYuan } from "../../../src/common/money.ts";
import { useDemoServer } from "../support/demo.ts";
import { backends } from "../support/server.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "../payment/support.ts";

describe.each(backends)("refunds of online payments (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let keys: SandboxKeys;
  let merchants: { wechat: number; alipay: number; mchid: string };
  const billsOfRoom: number[][] = [];

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    fx = await makeCommunity(t.server, t.ids.tenantA, "在线退款测试社区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }, { area: "110.00" }, { area: "120.00" }, { area: "130.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "退款计价", pricingMethod: 2, unitPrice: "150.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "退款物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: bills.map((b) => b.id) });
    for (const room of fx.rooms) billsOfRoom.push(bills.filter((b) => b.room_id === room.id).map((b) => b.id));
    const { rows } = await t.server.db.query<{ id: number; gateway: number; merchant_no: string }>(
      "select id, gateway, merchant_no from payment_merchants where tenant_id = $1 and sandbox order by gateway",
      [t.ids.tenantA],
    );
    const wechat = rows.find((r) => r.gateway === 1)!;
    merchants = { wechat: Number(wechat.id), alipay: Number(rows.find((r) => r.gateway === 2)!.id), mchid: wechat.merchant_no };
    for (const [gateway, id] of [
      [1, merchants.wechat],
      [2, merchants.alipay],
    ])
      await t.server.db.query("insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway) values ($1, $2, $3, $4)", [t.ids.tenantA, fx.communityId, id, gateway]);
    keys = sandboxKeys(join(t.server.app.dataDir, "sandbox"));
  });

  /** A room's bills paid online on the sandbox's page: the order and its payment row. */
  async function payOnline(room: number, channel: 1 | 4) {
    const made = (await t.server.request("POST", "/api/pay/onlinePayments/actions/create", { token: t.admin, body: { roomId: fx.rooms[room].id, billIds: billsOfRoom[room], channel } })).body.data;
    await t.server.request("POST", new URL(made.payUrl).pathname, { xhr: false });
    const { rows } = await t.server.db.query<{ id: number; amount: number }>("select id, amount from payments where tenant_id = $1 and room_id = $2 and return_flag is distinct from 1 order by id", [
      t.ids.tenantA,
      fx.rooms[room].id,
    ]);
    expect(rows).toHaveLength(1);
    return { order: made as { id: number; outTradeNo: string }, paymentId: Number(rows[0].id), paidFen: Number(rows[0].amount) };
  }
  const apply = async (paymentId: number, amount: string, refundMethod: number, token = t.admin) =>
    (await ok(t.server, "POST", "/api/property/refunds/actions/apply", token, { paymentId, amount, refundMethod, refundKind: 2, reason: "线上退款测试" })).id as number;
  const approve = (id: number, token = t.admin) => t.server.request("POST", `/api/property/refunds/${id}/actions/approve`, { token });
  const refundRow = async (id: number) =>
    (await t.server.db.query<{ status: number; voucher_no: string | null; fail_reason: string | null }>("select status, voucher_no, fail_reason from refunds where id = $1", [id])).rows[0];
  const gatewayRefundOf = async (refundId: number) =>
    (
      await t.server.db.query<{ id: number; out_refund_no: string; status: number; gateway_status: string | null; gateway_refund_id: string | null; fail_reason: string | null; amount: number }>(
        "select id, out_refund_no, status, gateway_status, gateway_refund_id, fail_reason, amount from online_payment_refunds where tenant_id = $1 and refund_id = $2",
        [t.ids.tenantA, refundId],
      )
    ).rows;
  const refundPayments = (refundId: number) => t.server.count("payments", "tenant_id = $1 and refund_id = $2 and return_flag = 1", [t.ids.tenantA, refundId]);
  const orderRow = async (id: number) =>
    (await t.server.db.query<{ status: number; flag: number | null; refunded_amount: number }>("select status, flag, refunded_amount from online_payment_orders where id = $1", [id])).rows[0];
  const sendWechat = (c: { headers: Record<string, string>; body: string }) =>
    t.server.app.inject({ method: "POST", url: `/api/pay/notify/wechatpay/${merchants.wechat}`, headers: c.headers, payload: c.body });
  async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** The sandbox merchant's own WeChat Pay client, as another of its systems would call the gateway (the merchant platform). */
  const inject: Transport = async (url, init) => {
    const target = new URL(url);
    const answer = await t.server.app.inject({ method: init.method as "GET" | "POST", url: `${target.pathname}${target.search}`, headers: init.headers, payload: init.body });
    return { status: answer.statusCode, headers: answer.headers as Record<string, string>, text: async () => answer.body, bytes: async () => answer.rawPayload };
  };
  const merchantClient = () =>
    wechatPayClient(
      {
        baseUrl: "http://localhost/sandbox/wechatpay",
        mchid: merchants.mchid,
        appid: "",
        serialNo: "SANDBOX",
        privateKey: keys.merchantPrivate,
        platformKeys: new Map([[keys.wechatPlatformSerial, keys.wechatPlatformPublic]]),
      },
      inject,
    );

  it("sends an approved refund of a WeChat payment back through the gateway and completes it once, on its refund callback", async () => {
    const paid = await payOnline(0, 1);
    const id = await apply(paid.paymentId, "10.00", 1);
    const answer = await approve(id);
    expect(answer.status).toBe(200);
    // 退款中: the gateway took it (PROCESSING); nothing is written to the ledger yet.
    expect(answer.body.data).toMatchObject({ id, status: 4, voucherNo: null, serialNo: null, failReason: null });
    expect(answer.body.message).toBe("审核通过");
    const [sent] = await gatewayRefundOf(id);
    expect(sent).toMatchObject({ amount: 1000 });
    expect(sent.out_refund_no).toMatch(/^NR\d{20}$/);
    // The sandbox completes it a moment later and says so in a signed, encrypted REFUND.SUCCESS callback.
    const done = await until(async () => ((await refundRow(id)).status === 2 ? refundRow(id) : undefined));
    expect(done.voucher_no).toMatch(/^TK\d{6}-\d{6}$/);
    expect(await refundPayments(id)).toBe(1);
    expect((await gatewayRefundOf(id))[0]).toMatchObject({ status: 2, gateway_refund_id: expect.stringMatching(/^5030/) });
    expect(await orderRow(paid.order.id)).toMatchObject({ status: 7, refunded_amount: 1000 });
    const kept = await t.server.db.query<{ outcome: number }>("select outcome from online_payment_notifications where tenant_id = $1 and out_trade_no = $2 order by id", [
      t.ids.tenantA,
      paid.order.outTradeNo,
    ]);
    expect(kept.rows.map((r) => r.outcome)).toEqual([1, 7]);
    // The same callback again (the gateway repeats until acknowledged): taken, nothing changes.
    const again = wechatCallback(
      keys,
      "REFUND.SUCCESS",
      "退款成功",
      {
        mchid: merchants.mchid,
        out_trade_no: paid.order.outTradeNo,
        transaction_id: "4200000000",
        out_refund_no: sent.out_refund_no,
        refund_id: "503000000",
        refund_status: "SUCCESS",
        success_time: "2026-11-29T10:00:00+08:00",
        amount: { total: paid.paidFen, refund: 1000, payer_total: paid.paidFen, payer_refund: 1000 },
      },
      "refund",
    );
    expect((await sendWechat(again)).statusCode).toBe(204);
    expect(await refundPayments(id)).toBe(1);
    expect(await orderRow(paid.order.id)).toMatchObject({ status: 7, refunded_amount: 1000 });
    expect(await t.server.count("online_payment_notifications", "tenant_id = $1 and out_trade_no = $2 and outcome = 2", [t.ids.tenantA, paid.order.outTradeNo])).toBe(1);
    // A tampered one is refused (400) and kept with its verdict; so is one the platform did not sign.
    const tampered = { ...again, body: again.body.replace(/"summary":"[^"]*"/, '"summary":"x"') };
    const refused = await sendWechat(tampered);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: "FAIL" });
    const unsigned = await sendWechat({ headers: { "content-type": "application/json" }, body: again.body });
    expect(unsigned.statusCode).toBe(400);
    expect(await refundPayments(id)).toBe(1);
    // The rest of the payment may still be refunded; the refundable amount counts what went back.
    const left = await ok(t.server, "GET", `/api/property/payments/${paid.paymentId}/actions/refundable`, t.admin);
    expect(left).toMatchObject({ refunded: "10.00", refundable: fenToYuan(paid.paidFen - 1000) });
  });

  it("completes an Alipay refund at once (alipay.trade.refund answers synchronously)", async () => {
    const paid = await payOnline(1, 4);
    const id = await apply(paid.paymentId, fenToYuan(paid.paidFen), 2);
    const answer = await approve(id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, status: 2, failReason: null });
    expect(answer.body.data.voucherNo).toMatch(/^TK\d{6}-\d{6}$/);
    expect(answer.body.data.serialNo).toBeTruthy();
    expect((await gatewayRefundOf(id))[0]).toMatchObject({ status: 2, gateway_status: "REFUND_SUCCESS", amount: paid.paidFen });
    expect(await refundPayments(id)).toBe(1);
    expect(await orderRow(paid.order.id)).toMatchObject({ status: 6, refunded_amount: paid.paidFen });
    // The bill owes again (冲正).
    const bills = await billsOf(t.server, t.ids.tenantA, "id = any($2::bigint[])", [billsOfRoom[1]]);
    expect(bills.every((b) => b.status !== 4)).toBe(true);
  });

  it("leaves a refund the gateway refuses 退款失败 with its words, the payment standing and its amount refundable again", async () => {
    const paid = await payOnline(2, 1);
    // The whole payment was already refunded on the merchant's platform: the gateway refuses another.
    await merchantClient().refund({ outTradeNo: paid.order.outTradeNo, outRefundNo: "PLATFORM0001", refundFen: paid.paidFen, totalFen: paid.paidFen, reason: "商户平台退款", notifyUrl: "" });
    const id = await apply(paid.paymentId, "20.00", 1);
    const answer = await approve(id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, status: 5, voucherNo: null });
    expect(answer.body.data.failReason).toMatch(/^INVALID_REQUEST: /);
    expect(await refundRow(id)).toMatchObject({ status: 5, voucher_no: null });
    expect((await gatewayRefundOf(id))[0]).toMatchObject({ status: 3, gateway_status: "INVALID_REQUEST" });
    expect(await refundPayments(id)).toBe(0);
    const bills = await billsOf(t.server, t.ids.tenantA, "id = any($2::bigint[])", [billsOfRoom[2]]);
    expect(bills.map((b) => b.status)).toEqual(billsOfRoom[2].map(() => 4));
    expect(await orderRow(paid.order.id)).toMatchObject({ status: 2, refunded_amount: 0 });
    const left = await ok(t.server, "GET", `/api/property/payments/${paid.paymentId}/actions/refundable`, t.admin);
    expect(left).toMatchObject({ refunded: "0.00", pending: "0.00", refundable: fenToYuan(paid.paidFen) });
    // A failed refund is decided: approving it again is refused.
    expect((await approve(id)).status).toBe(409);
  });

  it("pays a refund back at the desk when another method than the online one is chosen", async () => {
    const { rows } = await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and room_id = $2 and return_flag is distinct from 1", [t.ids.tenantA, fx.rooms[0].id]);
    const id = await apply(Number(rows[0].id), "1.00", 5);
    const answer = await approve(id);
    expect(answer.body.data).toMatchObject({ id, status: 2 });
    expect(await gatewayRefundOf(id)).toEqual([]);
  });

  it("finds a refund whose word never came by querying the gateway, and sends one the gateway never heard of", async () => {
    const paid = await payOnline(3, 1);
    const insert = async (outRefundNo: string, amount: number) =>
      Number(
        (
          await t.server.db.query<{ id: number }>(
            `insert into online_payment_refunds (tenant_id, community_id, out_refund_no, order_id, merchant_id, purpose, amount, status, reason, requested_at)
             values ($1, $2, $3, $4, $5, 2, $6, 1, '测试', now()) returning id`,
            [t.ids.tenantA, fx.communityId, outRefundNo, paid.order.id, merchants.wechat, amount],
          )
        ).rows[0].id,
      );
    // Made at the gateway, its callback lost (no notify_url here): the query completes it.
    const lost = await insert("NRLOST0001", 100);
    await merchantClient().refund({ outTradeNo: paid.order.outTradeNo, outRefundNo: "NRLOST0001", refundFen: 100, totalFen: paid.paidFen, reason: "测试", notifyUrl: "" });
    const found = await until(async () => {
      const r = await ok(t.server, "POST", "/api/pay/onlinePaymentRefunds/actions/query", t.admin, { id: lost });
      return r.status === 2 ? r : undefined;
    });
    expect(found).toMatchObject({ id: lost, outRefundNo: "NRLOST0001", status: 2, amount: "1.00", gatewayStatus: "SUCCESS", purpose: 2 });
    // Never made at the gateway (the request was lost): the query sends it, and the gateway's callback completes it.
    const unsent = await insert("NRUNSENT0001", 200);
    const asked = await ok(t.server, "POST", "/api/pay/onlinePaymentRefunds/actions/query", t.admin, { id: unsent });
    expect(asked).toMatchObject({ id: unsent, status: 1, gatewayStatus: "PROCESSING" });
    await until(async () => ((await t.server.db.query<{ status: number }>("select status from online_payment_refunds where id = $1", [unsent])).rows[0].status === 2 ? true : undefined));
    expect(await orderRow(paid.order.id)).toMatchObject({ refunded_amount: 300, status: 7 });
  });

  it("asks about refunds still 退款中 after five minutes on the job queue's sweep (its result callback lost)", async () => {
    const paid = await payOnline(5, 1);
    const { rows } = await t.server.db.query<{ id: number }>(
      `insert into online_payment_refunds (tenant_id, community_id, out_refund_no, order_id, merchant_id, purpose, amount, status, reason, requested_at, updated_at)
       values ($1, $2, 'NRSWEEP0001', $3, $4, 2, 100, 1, '测试', now(), now() - interval '10 minutes') returning id`,
      [t.ids.tenantA, fx.communityId, paid.order.id, merchants.wechat],
    );
    const id = Number(rows[0].id);
    await merchantClient().refund({ outTradeNo: paid.order.outTradeNo, outRefundNo: "NRSWEEP0001", refundFen: 100, totalFen: paid.paidFen, reason: "测试", notifyUrl: "" });
    const status = async () => (await t.server.db.query<{ status: number }>("select status from online_payment_refunds where id = $1", [id])).rows[0].status;
    expect(await status()).toBe(1);
    // The sandbox answers PROCESSING before SUCCESS, and each asking marks the refund asked: it waits 5 minutes again.
    await until(async () => {
      await t.server.db.query("update online_payment_refunds set updated_at = now() - interval '10 minutes' where id = $1", [id]);
      await t.server.app.jobs.runNow(REFUND_SWEEP);
      return (await status()) === 2 ? true : undefined;
    });
    expect(await status()).toBe(2);
  });

  it("sends an order's 多缴待退 money back once (退回多缴)", async () => {
    const made = (await t.server.request("POST", "/api/pay/onlinePayments/actions/create", { token: t.admin, body: { roomId: fx.rooms[4].id, billIds: billsOfRoom[4], channel: 1 } })).body.data;
    // Nothing overpaid yet: refused.
    const early = await t.server.request("POST", "/api/pay/onlinePayments/actions/refundOverpaid", { token: t.admin, body: { id: made.id } });
    expect(early.status).toBe(409);
    // The desk takes the bills while the payer pays: the order's money is 多缴待退.
    expect((await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: billsOfRoom[4], payMethod: 5 } })).status).toBe(200);
    await t.server.request("POST", new URL(made.payUrl).pathname, { xhr: false });
    expect(await orderRow(made.id)).toMatchObject({ status: 2, flag: 2 });
    // 实收管理 → 多缴待退 lists it with what was paid twice over.
    const listed = await ok(t.server, "POST", "/api/pay/onlinePaymentOrders/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, communityId: fx.communityId, flag: 2 });
    expect(listed.list).toEqual([expect.objectContaining({ id: made.id, flagNote: made.amount })]);
    const sent = await ok(t.server, "POST", "/api/pay/onlinePayments/actions/refundOverpaid", t.admin, { id: made.id });
    expect(sent).toMatchObject({ orderId: made.id, purpose: 2, refundId: null, amount: made.amount, status: 1 });
    expect((await t.server.request("POST", "/api/pay/onlinePayments/actions/refundOverpaid", { token: t.admin, body: { id: made.id } })).status).toBe(409);
    await until(async () => ((await orderRow(made.id)).flag === 4 ? true : undefined));
    expect(await orderRow(made.id)).toMatchObject({ status: 6, flag: 4 });
    // The desk's payment is untouched.
    expect(await t.server.count("payments", "tenant_id = $1 and room_id = $2 and return_flag = 1", [t.ids.tenantA, fx.rooms[4].id])).toBe(0);
  });

  it("lets no other tenant query, approve or send back another tenant's refunds (404)", async () => {
    const { rows } = await t.server.db.query<{ id: number; refund_id: number | null; order_id: number }>(
      "select id, refund_id, order_id from online_payment_refunds where tenant_id = $1 and refund_id is not null order by id limit 1",
      [t.ids.tenantA],
    );
    const theirs = rows[0];
    expect((await t.server.request("POST", "/api/pay/onlinePaymentRefunds/actions/query", { token: t.admin2, body: { id: Number(theirs.id) } })).status).toBe(404);
    expect((await t.server.request("POST", "/api/pay/onlinePayments/actions/refundOverpaid", { token: t.admin2, body: { id: Number(theirs.order_id) } })).status).toBe(404);
    const pendingA = await apply(
      (await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and room_id = $2 and return_flag is distinct from 1", [t.ids.tenantA, fx.rooms[3].id])).rows[0].id,
      "1.00",
      1,
    );
    expect((await approve(pendingA, t.admin2)).status).toBe(404);
    expect(await refundRow(pendingA)).toMatchObject({ status: 1 });
    // Another tenant's list holds none of them (only its own: the demo data's).
    const list = await ok(t.server, "POST", "/api/pay/onlinePaymentRefunds/actions/pageList", t.admin2, { pageNo: 1, pageSize: 50 });
    const ours = (await t.server.db.query<{ id: number }>("select id from online_payment_refunds where tenant_id = $1", [t.ids.tenantA])).rows.map((r) => String(r.id));
    expect(ours.length).toBeGreaterThan(0);
    expect((list.list as { id: number | string }[]).filter((r) => ours.includes(String(r.id)))).toEqual([]);
  });
});
