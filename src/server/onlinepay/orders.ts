// Payment orders (resource onlinePaymentOrders): the bills of one room asked of a gateway, the
// amount frozen when the order is made. A bill is in at most one open order: each order line holds
// its bill in open_bill_id (unique) while the order is 待支付. The gateway is asked after the order
// and its lines are committed, outside any transaction (a slow gateway holds no lock); when it
// refuses, the order is 失败 and its bills are free again. A prepayment's order (用途 预缴) holds no
// bill: it keeps the plan's terms, and its bills are made when the payment is confirmed (settle.ts).
import { randomInt } from "node:crypto";
import { chinaDateTime, chinaDay } from "../../common/china-time.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";
import { OnlineOrderPurpose, OnlineOrderStatus, PayChannel, PayGateway } from "../../../generated/states.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import { BILL_FROM, BILL_SELECT, normalizeBill, owedOn, PAYABLE, type BillRow, type PrepayTerms } from "../payment/public.ts";
import { GatewayError } from "./gateways/transport.ts";
import { clientsOf, merchantById, merchantOfCommunity, type Merchant, type MerchantContext } from "./merchants.ts";

/** How long an order may be paid: long enough to scan and pay, short enough that a bill is not held for long. */
export const ORDER_MINUTES = 30;

export interface OnlinePayContext extends MerchantContext {
  db: Db;
}

export interface OrderRow {
  id: number;
  tenantId: number;
  communityId: number;
  outTradeNo: string;
  roomId: number;
  merchantId: number;
  channel: number;
  purpose: number;
  origin: number;
  amount: number;
  status: number;
  payUrl: string | null;
  expiresAt: Date;
  transactionId: string | null;
  paidAmount: number | null;
  paidAt: Date | null;
  receiptId: number | null;
  flag: number | null;
  /** A prepayment's terms (用途 预缴), frozen when the order was made; null on a bill order. */
  prepayItemId: number | null;
  prepayStartPeriod: string | null;
  prepayMonths: number | null;
  prepayMonthAmount: number | null;
  prepayQuantity: string | null;
}

export const ORDER_SELECT = sql`select id, tenant_id, community_id, out_trade_no, room_id, merchant_id, channel, purpose, origin, amount, status, pay_url,
                                       expires_at, transaction_id, paid_amount, paid_at, receipt_id, flag,
                                       prepay_item_id, prepay_start_period, prepay_months, prepay_month_amount, prepay_quantity from online_payment_orders`;

export const gatewayOfChannel = (channel: number): number => (channel === PayChannel.AlipayQr || channel === PayChannel.AlipayWap ? PayGateway.Alipay : PayGateway.WechatPay);

/** The order as the API answers it (operation schema onlinePayment). */
export async function orderView(db: DbSession, tenantId: number, id: number) {
  const rows = await camelRows<OrderRow & { receiptNo: string | null }>(
    db,
    sql`select o.id, o.out_trade_no, o.status, o.amount, o.channel, o.pay_url, o.expires_at, o.paid_at, o.receipt_id, o.flag, r.receipt_no
          from online_payment_orders o left join receipts r on r.tenant_id = o.tenant_id and r.id = o.receipt_id
         where o.tenant_id = ${tenantId} and o.id = ${id}`,
  );
  const o = rows[0];
  if (!o) throw apiError("NOT_FOUND");
  return {
    id: o.id,
    outTradeNo: o.outTradeNo,
    status: o.status,
    amount: o.amount,
    channel: o.channel,
    payUrl: o.payUrl,
    expiresAt: chinaDateTime(o.expiresAt),
    paidAt: o.paidAt ? chinaDateTime(o.paidAt) : null,
    receiptId: o.receiptId,
    receiptNo: o.receiptNo,
    flag: o.flag,
  };
}

/** A new merchant order number: NP, the China-time second, six random digits (unique per tenant, checked by the index). */
function newOutTradeNo(now = new Date()): string {
  return `NP${chinaDateTime(now).replace(/\D/g, "")}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

export interface NewOrder {
  roomId: number;
  /** The bills to pay; null: every bill of the room that is owed now (a pay link). */
  billIds: number[] | null;
  channel: number;
  origin: number;
  /** Where the gateway's pay page sends the payer back (a phone's browser: WeChat H5, Alipay WAP), given the new order's id. */
  returnUrl?: (orderId: number) => string;
  /** A prepayment of months (用途 预缴): its terms instead of bills (billIds is then ignored). */
  prepay?: PrepayTerms;
}

interface Line {
  billId: number;
  billNo: string;
  owed: number;
}

/** The bills a bill order holds, locked, with what each owes today; refused when one is not owed or is held by another open order. */
async function heldLines(tx: DbSession, tenantId: number, input: NewOrder): Promise<Line[]> {
  const today = chinaDay();
  const chosen = input.billIds ? sql`and b.id = any(${input.billIds}::bigint[])` : sql`and b.status = any(${PAYABLE}::int[])`;
  const bills = (
    await camelRows<BillRow>(tx, sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${tenantId} and b.room_id = ${input.roomId} ${chosen} order by b.period, b.id for update of b`)
  ).map(normalizeBill);
  if (input.billIds && bills.length !== new Set(input.billIds).size) throw apiError("NOT_FOUND");
  const lines: Line[] = bills.filter((b) => PAYABLE.includes(b.status)).map((b) => ({ billId: b.id, billNo: b.billNo, owed: owedOn(b, today) }));
  const amount = lines.reduce((s, l) => s + l.owed, 0);
  if (lines.length !== bills.length || lines.some((l) => l.owed <= 0) || amount <= 0) throw apiError("ONLINE_PAY_NOTHING_OWED");
  const held = await camelRows<{ billNo: string }>(
    tx,
    sql`select b.bill_no from online_payment_order_bills l join bills b on b.tenant_id = l.tenant_id and b.id = l.bill_id
         where l.tenant_id = ${tenantId} and l.open_bill_id = any(${lines.map((l) => l.billId)}::bigint[]) order by b.bill_no limit 1`,
  );
  if (held[0]) throw apiError("ONLINE_PAY_BILL_IN_ORDER", { message: fillErrorCode.ONLINE_PAY_BILL_IN_ORDER({ billNo: held[0].billNo }) });
  return lines;
}

/** Writes the order and its lines (the bills held); the order's merchant, or an error the caller answers. */
async function writeOrder(tx: DbSession, ctx: OnlinePayContext, tenantId: number, input: NewOrder): Promise<{ orderId: number; merchant: Merchant; amount: number; subject: string }> {
  const rooms = await camelRows<{ communityId: number; fullName: string; communityName: string }>(
    tx,
    sql`select r.community_id, r.full_name, c.name as community_name from rooms r join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
         where r.tenant_id = ${tenantId} and r.id = ${input.roomId}`,
  );
  const room = rooms[0];
  if (!room) throw apiError("NOT_FOUND");
  const lines = input.prepay ? [] : await heldLines(tx, tenantId, input);
  const amount = input.prepay ? input.prepay.total : lines.reduce((s, l) => s + l.owed, 0);
  if (amount <= 0) throw apiError("ONLINE_PAY_NOTHING_OWED");
  const merchant = await merchantOfCommunity(tx, ctx, tenantId, room.communityId, gatewayOfChannel(input.channel));
  if (!merchant) throw apiError("ONLINE_PAY_NO_MERCHANT");
  const expiresAt = new Date(Date.now() + ORDER_MINUTES * 60_000);
  const p = input.prepay;
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into online_payment_orders (tenant_id, community_id, out_trade_no, room_id, merchant_id, channel, purpose, origin, amount, status, expires_at, refunded_amount,
                                           prepay_item_id, prepay_start_period, prepay_months, prepay_month_amount, prepay_quantity)
        values (${tenantId}, ${room.communityId}, ${newOutTradeNo()}, ${input.roomId}, ${merchant.id}, ${input.channel}, ${p ? OnlineOrderPurpose.Prepay : OnlineOrderPurpose.Bills},
                ${input.origin}, ${amount}, ${OnlineOrderStatus.Pending}, ${expiresAt.toISOString()}, 0,
                ${p?.itemId ?? null}, ${p?.startPeriod ?? null}, ${p?.months ?? null}, ${p?.monthAmount ?? null}, ${p?.quantity ?? null}::numeric)
        returning id`,
  );
  const orderId = rows[0].id;
  if (lines.length)
    await tx.query(
      sql`insert into online_payment_order_bills (tenant_id, community_id, order_id, bill_id, open_bill_id, owed)
        select ${tenantId}, ${room.communityId}, ${orderId}, l.bill_id, l.bill_id, l.owed
          from unnest(${lines.map((l) => l.billId)}::bigint[], ${lines.map((l) => l.owed)}::bigint[]) as l(bill_id, owed)`,
    );
  return { orderId, merchant, amount, subject: fillTexts.onlinePay.orderSubject({ community: room.communityName, room: room.fullName }) };
}

/** Frees an order's bills (it is no longer 待支付). */
export const releaseBills = (tx: DbSession, tenantId: number, orderId: number) =>
  tx.query(sql`update online_payment_order_bills set open_bill_id = null, updated_at = now() where tenant_id = ${tenantId} and order_id = ${orderId} and open_bill_id is not null`);

/** Where the gateway sends an order's callbacks, and its refunds' (WeChat's refund notify_url). */
export const notifyUrl = (origin: string, merchant: Merchant) => `${origin}/api/pay/notify/${merchant.gateway === PayGateway.Alipay ? "alipay" : "wechatpay"}/${merchant.id}`;

/** Asks the gateway for the order; its pay address (QR text or page), or the gateway's refusal. */
async function placeAtGateway(
  ctx: OnlinePayContext,
  merchant: Merchant,
  order: { outTradeNo: string; channel: number; amount: number; expiresAt: Date; subject: string; returnUrl?: string },
  origin: string,
): Promise<string> {
  const clients = clientsOf(merchant, ctx);
  const common = { outTradeNo: order.outTradeNo, totalFen: order.amount, expiresAt: order.expiresAt, notifyUrl: notifyUrl(origin, merchant) };
  if (clients.wechat) {
    const kind = order.channel === PayChannel.WechatH5 ? "h5" : "native";
    const placed = await clients.wechat.placeOrder(kind, { ...common, description: order.subject });
    // WeChat H5: the page returns the payer to redirect_url, appended to its h5_url by the merchant.
    if (placed.h5Url && order.returnUrl) return `${placed.h5Url}${placed.h5Url.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(order.returnUrl)}`;
    return placed.codeUrl ?? placed.h5Url ?? "";
  }
  if (!clients.alipay) throw new GatewayError("NO_CLIENT", "the merchant has no usable keys", 0);
  if (order.channel === PayChannel.AlipayWap) return clients.alipay.wapPayUrl({ ...common, subject: order.subject, returnUrl: order.returnUrl });
  return (await clients.alipay.precreate({ ...common, subject: order.subject })).qrCode;
}

/**
 * Makes an order and asks the gateway for it. `origin` is this server's address as the payer's
 * device and the gateway reach it (PUBLIC_BASE_URL, else the request's).
 */
export async function createOrder(ctx: OnlinePayContext, tenantId: number, input: NewOrder, origin: string) {
  const made = await ctx.db.transaction((tx) => writeOrder(tx, ctx, tenantId, input));
  const rows = await camelRows<OrderRow>(ctx.db, sql`${ORDER_SELECT} where tenant_id = ${tenantId} and id = ${made.orderId}`);
  const order = rows[0];
  try {
    const payUrl = await placeAtGateway(ctx, made.merchant, { ...order, subject: made.subject, returnUrl: input.returnUrl?.(order.id) }, origin);
    await ctx.db.query(sql`update online_payment_orders set pay_url = ${payUrl}, updated_at = now() where tenant_id = ${tenantId} and id = ${order.id}`);
  } catch (err) {
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        sql`update online_payment_orders set status = ${OnlineOrderStatus.Failed}, flag_note = ${String((err as Error).message).slice(0, 255)}, updated_at = now() where tenant_id = ${tenantId} and id = ${order.id}`,
      );
      await releaseBills(tx, tenantId, order.id);
    });
    const reason = err instanceof GatewayError ? err.code : "NETWORK";
    throw apiError("ONLINE_PAY_GATEWAY_FAILED", { message: fillErrorCode.ONLINE_PAY_GATEWAY_FAILED({ reason }) });
  }
  return orderView(ctx.db, tenantId, order.id);
}

/** The open order of a room that a pay link may send the payer to again (same channel, not near its end). */
export async function openOrderOfRoom(db: DbSession, tenantId: number, roomId: number, channel: number): Promise<OrderRow | null> {
  const rows = await camelRows<OrderRow>(
    db,
    sql`${ORDER_SELECT} where tenant_id = ${tenantId} and room_id = ${roomId} and channel = ${channel} and status = ${OnlineOrderStatus.Pending} and purpose = ${OnlineOrderPurpose.Bills}
          and pay_url is not null and expires_at > now() + interval '5 minutes' order by id desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function orderMerchant(ctx: OnlinePayContext, order: OrderRow): Promise<Merchant> {
  const merchant = await merchantById(ctx.db, ctx, order.merchantId);
  if (!merchant) throw apiError("ONLINE_PAY_GATEWAY_FAILED", { message: fillErrorCode.ONLINE_PAY_GATEWAY_FAILED({ reason: "MERCHANT" }) });
  return merchant;
}
