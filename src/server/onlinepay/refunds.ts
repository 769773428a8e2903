// Refunds of online payments, back through the gateway that took them (resource onlinePaymentRefunds).
// - An approved refund (退款审核) of a payment settled from an order (the order's receipt is the
//   payment's), paid back by the same method (微信 / 支付宝), is recorded here in the approval's
//   transaction (take) and sent to the order's gateway after the commit (send): WeChat Pay's
//   POST /v3/refund/domestic/refunds, Alipay's alipay.trade.refund. A refund the desk pays back in
//   another way (现金…) is the desk's, as before.
// - An order's 多缴待退 money (settle.ts) is sent back the same way (退回多缴, refundOverpaid).
// - The refund's ledger rows (payment/refunds.ts) are written when the gateway says it succeeded,
//   exactly once: the refund row is locked and only one still 退款中 completes, whether the word
//   comes in the gateway's answer, its callback (REFUND.SUCCESS, kept with the payment callbacks)
//   or a query. A refusal, or a refund the gateway closed or found abnormal, is 退款失败 with the
//   gateway's words, and the payment stands: nothing is lost.
// - A gateway that did not answer (network, 5xx, an answer that does not verify) leaves it 退款中:
//   asking again with the same outRefundNo is the same refund at the gateway, so pollRefund (the
//   query operation, and later a scheduled job) finds out or sends it again.
import { randomInt } from "node:crypto";
import { NotificationOutcome, OnlineOrderFlag, OnlineOrderStatus, OnlineRefundPurpose, OnlineRefundStatus, PayMethod } from "../../../generated/states.ts";
import { texts } from "../../../generated/texts.ts";
import { chinaDateTime } from "../../common/china-time.ts";
import { tryFen } from "../../common/money.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { apiError, ApiError } from "../platform/http/envelope.ts";
import { completeGatewayRefund, failGatewayRefund, type RefundToSend } from "../payment/public.ts";
import type { GatewayEvent } from "./gateways/callbacks.ts";
import { GatewayError } from "./gateways/transport.ts";
import type { WechatRefund } from "./gateways/wechatpay-client.ts";
import { clientsOf, type Merchant } from "./merchants.ts";
import { notifyUrl, ORDER_SELECT, orderMerchant, type OnlinePayContext, type OrderRow } from "./orders.ts";
import { gatewayTime } from "./gateway-time.ts";

/** The orders a refund may be asked of: paid, whatever their refunds so far. */
const REFUNDABLE_ORDER: readonly number[] = [OnlineOrderStatus.Paid, OnlineOrderStatus.Refunding, OnlineOrderStatus.PartlyRefunded];

export interface GatewayRefundRow {
  id: number;
  tenantId: number;
  communityId: number;
  outRefundNo: string;
  orderId: number;
  merchantId: number;
  purpose: number;
  refundId: number | null;
  amount: number;
  status: number;
  reason: string;
}

const REFUND_SELECT = sql`select id, tenant_id, community_id, out_refund_no, order_id, merchant_id, purpose, refund_id, amount, status, reason from online_payment_refunds`;

/** A new merchant refund number: NR, the China-time second, six random digits (unique per tenant, checked by the index). */
const newOutRefundNo = (now = new Date()): string => `NR${chinaDateTime(now).replace(/\D/g, "")}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

/** The refund as the API answers it (operation schema onlinePaymentRefund). */
export async function refundView(db: DbSession, tenantId: number, id: number) {
  const rows = await camelRows<{
    id: number;
    outRefundNo: string;
    orderId: number;
    purpose: number;
    refundId: number | null;
    amount: number;
    status: number;
    gatewayStatus: string | null;
    failReason: string | null;
    succeededAt: Date | null;
  }>(
    db,
    sql`select id, out_refund_no, order_id, purpose, refund_id, amount, status, gateway_status, fail_reason, succeeded_at from online_payment_refunds where tenant_id = ${tenantId} and id = ${id}`,
  );
  const r = rows[0];
  if (!r) throw apiError("NOT_FOUND");
  return { ...r, succeededAt: r.succeededAt ? chinaDateTime(r.succeededAt) : null };
}

/** Records a refund of `order` (退款中) and marks the order 退款中, in the caller's transaction; its id. */
async function recordRefund(tx: DbSession, order: OrderRow, input: { purpose: number; refundId: number | null; amountFen: number; reason: string }): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into online_payment_refunds (tenant_id, community_id, out_refund_no, order_id, merchant_id, purpose, refund_id, amount, status, reason, requested_at)
        values (${order.tenantId}, ${order.communityId}, ${newOutRefundNo()}, ${order.id}, ${order.merchantId}, ${input.purpose}, ${input.refundId}, ${input.amountFen},
                ${OnlineRefundStatus.Processing}, ${input.reason.slice(0, 128)}, now())
        returning id`,
  );
  await tx.query(sql`update online_payment_orders set status = ${OnlineOrderStatus.Refunding}, updated_at = now(), version = version + 1 where tenant_id = ${order.tenantId} and id = ${order.id}`);
  return Number(rows[0].id);
}

/**
 * The approval's step (payment/refund-gateway.ts take): a refund of a payment settled from an
 * order, paid back by the payment's own online method, goes back through the order's gateway.
 */
export async function takeRefund(tx: DbSession, tenantId: number, refund: RefundToSend): Promise<number | null> {
  const online = refund.payMethod === PayMethod.WeChat || refund.payMethod === PayMethod.Alipay;
  if (!online || refund.refundMethod !== refund.payMethod || refund.receiptId === null) return null;
  const orders = await camelRows<OrderRow>(
    tx,
    sql`${ORDER_SELECT} where tenant_id = ${tenantId} and receipt_id = ${refund.receiptId} and status = any(${REFUNDABLE_ORDER}::int[]) order by id limit 1 for update`,
  );
  const order = orders[0];
  if (!order) return null;
  return recordRefund(tx, order, { purpose: OnlineRefundPurpose.Refund, refundId: refund.refundId, amountFen: refund.amount, reason: refund.reason });
}

/** The order's state from its refunds: 退款中 while one is on its way, else by what was refunded. */
async function settleOrderState(tx: DbSession, tenantId: number, orderId: number): Promise<void> {
  await tx.query(
    sql`update online_payment_orders o
           set status = case
                 when exists (select 1 from online_payment_refunds r where r.tenant_id = o.tenant_id and r.order_id = o.id and r.status = ${OnlineRefundStatus.Processing}) then ${OnlineOrderStatus.Refunding}::int
                 when o.refunded_amount >= coalesce(o.paid_amount, o.amount) then ${OnlineOrderStatus.Refunded}::int
                 when o.refunded_amount > 0 then ${OnlineOrderStatus.PartlyRefunded}::int
                 else ${OnlineOrderStatus.Paid}::int end,
               updated_at = now(), version = version + 1
         where o.tenant_id = ${tenantId} and o.id = ${orderId}`,
  );
}

/** A locked refund still 退款中, or null (completed or failed before: a repeated word changes nothing). */
async function lockProcessing(tx: DbSession, tenantId: number, id: number): Promise<GatewayRefundRow | null> {
  const rows = await camelRows<GatewayRefundRow>(tx, sql`${REFUND_SELECT} where tenant_id = ${tenantId} and id = ${id} for update`);
  return rows[0]?.status === OnlineRefundStatus.Processing ? rows[0] : null;
}

interface GatewayWord {
  gatewayRefundId?: string | null;
  gatewayStatus: string;
  at?: string | null;
}

/** The gateway paid the refund back: 退款成功, and what it pays for completed (once). Whether it was 退款中. */
export async function succeedRefund(tx: DbSession, tenantId: number, id: number, word: GatewayWord): Promise<boolean> {
  const refund = await lockProcessing(tx, tenantId, id);
  if (!refund) return false;
  const at = gatewayTime(word.at);
  await tx.query(
    sql`update online_payment_refunds set status = ${OnlineRefundStatus.Succeeded}, gateway_refund_id = coalesce(${word.gatewayRefundId ?? null}, gateway_refund_id),
               gateway_status = ${word.gatewayStatus.slice(0, 32)}, fail_reason = null, succeeded_at = ${at.toISOString()}, updated_at = now(), version = version + 1
         where tenant_id = ${tenantId} and id = ${id}`,
  );
  // The refund's own rows first (its refund, payment, bill), then the order: the lock order of an approval.
  if (refund.purpose === OnlineRefundPurpose.Refund && refund.refundId !== null) await completeGatewayRefund(tx, tenantId, refund.refundId, at);
  await tx.query(
    sql`update online_payment_orders set refunded_amount = refunded_amount + ${refund.amount},
               flag = case when ${refund.purpose}::int = ${OnlineRefundPurpose.Overpaid} then ${OnlineOrderFlag.OverpaidReturned}::int else flag end
         where tenant_id = ${tenantId} and id = ${refund.orderId}`,
  );
  await settleOrderState(tx, tenantId, refund.orderId);
  return true;
}

/** The gateway did not pay it back: 退款失败 with its words; the refund in 退款审核 too. Whether it was 退款中. */
export async function failRefund(tx: DbSession, tenantId: number, id: number, word: GatewayWord & { reason: string }): Promise<boolean> {
  const refund = await lockProcessing(tx, tenantId, id);
  if (!refund) return false;
  await tx.query(
    sql`update online_payment_refunds set status = ${OnlineRefundStatus.Failed}, gateway_refund_id = coalesce(${word.gatewayRefundId ?? null}, gateway_refund_id),
               gateway_status = ${word.gatewayStatus.slice(0, 32)}, fail_reason = ${word.reason.slice(0, 255)}, updated_at = now(), version = version + 1
         where tenant_id = ${tenantId} and id = ${id}`,
  );
  if (refund.purpose === OnlineRefundPurpose.Refund && refund.refundId !== null) await failGatewayRefund(tx, tenantId, refund.refundId, word.reason);
  await settleOrderState(tx, tenantId, refund.orderId);
  return true;
}

/** Still on its way: what the gateway said (its refund id, its state), nothing else changes. */
const noteRefund = (db: DbSession, tenantId: number, id: number, word: GatewayWord) =>
  db.query(
    sql`update online_payment_refunds set gateway_refund_id = coalesce(${word.gatewayRefundId ?? null}, gateway_refund_id), gateway_status = ${word.gatewayStatus.slice(0, 32)},
               last_queried_at = now(), updated_at = now()
         where tenant_id = ${tenantId} and id = ${id} and status = ${OnlineRefundStatus.Processing}`,
  );

/** What a WeChat refund's state means here. */
async function takeWechatState(db: Db, tenantId: number, id: number, refund: WechatRefund): Promise<void> {
  const word = { gatewayRefundId: refund.refundId, gatewayStatus: refund.status };
  if (refund.status === "SUCCESS") await db.transaction((tx) => succeedRefund(tx, tenantId, id, word));
  else if (refund.status === "ABNORMAL") await db.transaction((tx) => failRefund(tx, tenantId, id, { ...word, reason: texts.onlinePay.refundAbnormal }));
  else if (refund.status === "CLOSED") await db.transaction((tx) => failRefund(tx, tenantId, id, { ...word, reason: texts.onlinePay.refundClosed }));
  else await noteRefund(db, tenantId, id, word);
}

/** Codes that say nothing about the refund (the gateway's own trouble, or an answer not believed): it may have been made. */
const UNDECIDED = new Set(["UNVERIFIED_ANSWER", "SYSTEM_ERROR", "FREQUENCY_LIMITED", "BAD_AMOUNT", "ACQ.SYSTEM_ERROR", "NO_CLIENT"]);

/** Whether an error is the gateway refusing the refund (not made, never will be with this request). */
const isRefusal = (err: unknown): err is GatewayError => err instanceof GatewayError && !UNDECIDED.has(err.code) && !err.code.startsWith("isp.") && err.httpStatus < 500 && err.httpStatus !== 429;

async function rowOf(db: DbSession, tenantId: number, id: number): Promise<GatewayRefundRow | null> {
  const rows = await camelRows<GatewayRefundRow>(db, sql`${REFUND_SELECT} where tenant_id = ${tenantId} and id = ${id}`);
  return rows[0] ?? null;
}

async function orderOf(db: DbSession, tenantId: number, id: number): Promise<OrderRow> {
  const rows = await camelRows<OrderRow>(db, sql`${ORDER_SELECT} where tenant_id = ${tenantId} and id = ${id}`);
  return rows[0];
}

/**
 * Asks the order's gateway for a 退款中 refund (again: the same outRefundNo is the same refund) and
 * takes its answer. `origin` is this server's address as the gateway reaches it (the refund's callback).
 * Never throws for the gateway's trouble: what it did not decide stays 退款中 with its code noted.
 */
export async function sendRefund(ctx: OnlinePayContext, origin: string, tenantId: number, id: number): Promise<void> {
  const refund = await rowOf(ctx.db, tenantId, id);
  if (refund?.status !== OnlineRefundStatus.Processing) return;
  const order = await orderOf(ctx.db, tenantId, refund.orderId);
  try {
    const merchant = await orderMerchant(ctx, order);
    const clients = clientsOf(merchant, ctx);
    if (clients.wechat) {
      const answer = await clients.wechat.refund({
        outTradeNo: order.outTradeNo,
        outRefundNo: refund.outRefundNo,
        refundFen: refund.amount,
        totalFen: order.amount,
        reason: refund.reason.slice(0, 80),
        notifyUrl: notifyUrl(origin, merchant),
      });
      await takeWechatState(ctx.db, tenantId, id, answer);
      return;
    }
    if (!clients.alipay) throw new GatewayError("NO_CLIENT", "the merchant has no usable keys", 0);
    const answer = await clients.alipay.refund({ outTradeNo: order.outTradeNo, outRequestNo: refund.outRefundNo, refundFen: refund.amount, reason: refund.reason });
    // Alipay refunds at once; fund_change N is a repeated request (or no money moved): its query says whether it was made.
    if (answer.fundChanged || (await alipayRefunded(merchant, ctx, order, refund)))
      await ctx.db.transaction((tx) => succeedRefund(tx, tenantId, id, { gatewayStatus: "REFUND_SUCCESS", gatewayRefundId: refund.outRefundNo }));
    else await noteRefund(ctx.db, tenantId, id, { gatewayStatus: "NO_FUND_CHANGE" });
  } catch (err) {
    if (isRefusal(err)) await ctx.db.transaction((tx) => failRefund(tx, tenantId, id, { gatewayStatus: err.code, reason: `${err.code}: ${err.message}` }));
    else await noteRefund(ctx.db, tenantId, id, { gatewayStatus: err instanceof GatewayError ? err.code : err instanceof ApiError ? "MERCHANT" : "NETWORK" });
  }
}

async function alipayRefunded(merchant: Merchant, ctx: OnlinePayContext, order: OrderRow, refund: GatewayRefundRow): Promise<boolean> {
  const found = await clientsOf(merchant, ctx).alipay?.queryRefund(order.outTradeNo, refund.outRefundNo);
  return found?.status === "REFUND_SUCCESS";
}

/**
 * Asks the gateway about a refund still 退款中 and takes its answer, exactly as its callback would:
 * what a scheduled job calls for refunds whose word never came (and the 查询退款 operation). A refund
 * the gateway never heard of is sent again. Whether it is still 退款中 afterwards.
 */
export async function pollRefund(ctx: OnlinePayContext, origin: string, tenantId: number, id: number): Promise<boolean> {
  const refund = await rowOf(ctx.db, tenantId, id);
  if (refund?.status !== OnlineRefundStatus.Processing) return false;
  const order = await orderOf(ctx.db, tenantId, refund.orderId);
  const merchant = await orderMerchant(ctx, order);
  const clients = clientsOf(merchant, ctx);
  if (clients.wechat) {
    const found = await clients.wechat.queryRefund(refund.outRefundNo);
    if (found) await takeWechatState(ctx.db, tenantId, id, found);
    else await sendRefund(ctx, origin, tenantId, id);
  } else if (clients.alipay) {
    const found = await clients.alipay.queryRefund(order.outTradeNo, refund.outRefundNo);
    if (found?.status === "REFUND_SUCCESS") await ctx.db.transaction((tx) => succeedRefund(tx, tenantId, id, { gatewayStatus: found.status, gatewayRefundId: refund.outRefundNo }));
    else await sendRefund(ctx, origin, tenantId, id); // Alipay has no refund by that number: it was never made
  }
  await ctx.db.query(sql`update online_payment_refunds set last_queried_at = now() where tenant_id = ${tenantId} and id = ${id}`);
  return (await rowOf(ctx.db, tenantId, id))?.status === OnlineRefundStatus.Processing;
}

/** A verified refund callback of `merchant` (WeChat's REFUND.*), in the transaction that keeps it; the outcome recorded with it. */
export async function settleRefundEvent(tx: DbSession, merchant: Merchant, event: GatewayEvent): Promise<number> {
  const rows = await camelRows<GatewayRefundRow>(tx, sql`${REFUND_SELECT} where tenant_id = ${merchant.tenantId} and merchant_id = ${merchant.id} and out_refund_no = ${event.outRefundNo ?? ""}`);
  const refund = rows[0];
  if (!refund) return NotificationOutcome.UnknownOrder;
  if (event.kind === "refunded") {
    if (event.amountFen !== refund.amount) return NotificationOutcome.AmountMismatch;
    const done = await succeedRefund(tx, merchant.tenantId, refund.id, { gatewayRefundId: event.refundId ?? null, gatewayStatus: "SUCCESS", at: event.at });
    return done ? NotificationOutcome.Refunded : NotificationOutcome.Repeated;
  }
  const reason = event.refundStatus === "CLOSED" ? texts.onlinePay.refundClosed : texts.onlinePay.refundAbnormal;
  const done = await failRefund(tx, merchant.tenantId, refund.id, { gatewayRefundId: event.refundId ?? null, gatewayStatus: event.refundStatus ?? "ABNORMAL", reason });
  return done ? NotificationOutcome.RefundFailed : NotificationOutcome.Repeated;
}

/**
 * 退回多缴: an order's 多缴待退 money (what the desk had taken meanwhile) sent back to the payer
 * through the order's gateway. One at a time: while one is 退款中 or after it succeeded, another is refused.
 */
export async function refundOverpaid(ctx: OnlinePayContext, origin: string, tenantId: number, orderId: number) {
  const id = await ctx.db.transaction(async (tx) => {
    const orders = await camelRows<OrderRow & { flagNote: string | null }>(
      tx,
      sql`select id, tenant_id, community_id, out_trade_no, merchant_id, amount, status, flag, flag_note from online_payment_orders where tenant_id = ${tenantId} and id = ${orderId} for update`,
    );
    const order = orders[0];
    if (!order) throw apiError("NOT_FOUND");
    const over = tryFen(order.flagNote);
    const taken = await camelRows<{ id: number }>(
      tx,
      sql`select id from online_payment_refunds where tenant_id = ${tenantId} and order_id = ${orderId} and purpose = ${OnlineRefundPurpose.Overpaid}
             and status <> ${OnlineRefundStatus.Failed} limit 1`,
    );
    if (order.flag !== OnlineOrderFlag.Overpaid || !REFUNDABLE_ORDER.includes(order.status) || over === null || over <= 0 || taken[0]) throw apiError("ONLINE_PAY_NOT_OVERPAID");
    return recordRefund(tx, order, { purpose: OnlineRefundPurpose.Overpaid, refundId: null, amountFen: over, reason: texts.onlinePay.overpaidRefundReason });
  });
  await sendRefund(ctx, origin, tenantId, id);
  return refundView(ctx.db, tenantId, id);
}
