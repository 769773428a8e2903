// Paying from the residents' app (docs/residents.md "Paying from the app"): an online order for a
// bound room's owed bills, made by online payment's own createOrder (origin 住户端, the room's
// community's merchant, the gateway's pay page for a phone: WeChat H5 or Alipay WAP) with a return
// address that brings the payer back to the app's 支付结果 page; the order's result (asking the gateway
// once while it is pending, as queryOnlinePayment does); the room's receipts as the print page reads
// them. Every read is limited, in SQL, to the rooms bound to the resident: anything else is 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { OnlineOrderOrigin, OnlineOrderStatus, PayChannel, PayGateway, ReceiptStatus } from "../../../generated/states.ts";
import { errorCodes } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import type { GetMyPaymentResult, GetMyReceiptResult, ListMyReceiptsResult, PayMyBillsResult } from "../../../generated/operation-types.ts";
import { chinaDateTime } from "../../common/china-time.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { mask } from "../../common/masks.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql, type Sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError, ApiError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import type { ResidentInfo } from "../platform/session/resident-session.ts";
import { PAYABLE, receiptView } from "../payment/public.ts";
import { onlinePayContext, originOf } from "../onlinepay/index.ts";
import { createOrder, ORDER_SELECT, openOrderOfRoom, type OnlinePayContext, type OrderRow } from "../onlinepay/orders.ts";
import { closeOrder, queryOrder } from "../onlinepay/gateway-query.ts";
import { merchantOfCommunity } from "../onlinepay/merchants.ts";
import { scheduleOrderChecks } from "../onlinepay/jobs.ts";
import { assertBoundRoom, BINDING } from "./bindings.ts";

type Resident = Pick<ResidentInfo, "residentId" | "tenantId">;

/** The app's 支付结果 page for an order: where the gateway's page sends the payer back. */
export const RESULT_PAGE = "/neptune/h5/payment?order=";
/** The pay channels of a phone's browser, in the order the app offers them. */
const PHONE_CHANNELS = [PayChannel.WechatH5, PayChannel.AlipayWap] as const;
const GATEWAY_OF: Record<number, number> = { [PayChannel.WechatH5]: PayGateway.WechatPay, [PayChannel.AlipayWap]: PayGateway.Alipay };
/** A pending order is asked of the gateway at most this often (a result page polls). */
const QUERY_EVERY_S = 3;
/** How many receipts listMyReceipts answers (the newest first). */
const RECEIPTS_LATEST = 100;

const boundRooms = (resident: Resident): Sql => sql`(select room_id from resident_rooms where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and status = ${BINDING.bound})`;

/**
 * The receipts a resident may read: those of a bound room whose every charge is of that room (a desk
 * receipt covering several rooms stays the property's).
 */
const readableReceipt = (resident: Resident): Sql =>
  sql`r.tenant_id = ${resident.tenantId} and r.room_id in ${boundRooms(resident)}
      and not exists (select 1 from payments p where p.tenant_id = r.tenant_id and p.receipt_no = r.receipt_no and p.room_id is distinct from r.room_id)`;

/** The channels a room's community can take from a phone: those with an enabled merchant assigned. */
async function payChannelsOf(db: DbSession, ctx: OnlinePayContext, resident: Resident, roomId: number): Promise<number[]> {
  await assertBoundRoom(db, resident, roomId);
  const rooms = await camelRows<{ communityId: number }>(db, sql`select community_id from rooms where tenant_id = ${resident.tenantId} and id = ${roomId}`);
  const channels: number[] = [];
  for (const channel of PHONE_CHANNELS) {
    if (await merchantOfCommunity(db, ctx, resident.tenantId, Number(rooms[0].communityId), GATEWAY_OF[channel])) channels.push(channel);
  }
  return channels;
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && new Set([...a, ...b]).size === new Set(a).size && new Set(a).size === a.length;

async function billsOfOrder(db: DbSession, tenantId: number, orderId: number): Promise<number[]> {
  const rows = await camelRows<{ billId: number }>(db, sql`select bill_id from online_payment_order_bills where tenant_id = ${tenantId} and order_id = ${orderId}`);
  return rows.map((r) => Number(r.billId));
}

/** What the resident asks to pay: the given bills, or every payable bill of the room. */
async function wantedBills(db: DbSession, tenantId: number, roomId: number, billIds: number[] | undefined): Promise<number[]> {
  if (billIds) return [...new Set(billIds)];
  const rows = await camelRows<{ id: number }>(db, sql`select id from bills where tenant_id = ${tenantId} and room_id = ${roomId} and status = any(${PAYABLE}::int[])`);
  return rows.map((r) => Number(r.id));
}

/** The payer's words for the refusals whose staff wording sends them to a staff page (the bill held: the first of `wanted` in an open order). */
export async function asPayerRefusal(db: DbSession, tenantId: number, wanted: number[], err: unknown): Promise<never> {
  if (err instanceof ApiError && err.code === errorCodes.ONLINE_PAY_NO_MERCHANT.code) throw apiError("ONLINE_PAY_NO_MERCHANT", { message: texts.residentPay.noMerchant });
  if (err instanceof ApiError && err.code === errorCodes.ONLINE_PAY_BILL_IN_ORDER.code) {
    const held = await camelRows<{ billNo: string }>(
      db,
      sql`select b.bill_no from online_payment_order_bills l join bills b on b.tenant_id = l.tenant_id and b.id = l.bill_id
           where l.tenant_id = ${tenantId} and l.open_bill_id = any(${wanted}::bigint[]) order by b.bill_no limit 1`,
    );
    throw apiError("ONLINE_PAY_BILL_IN_ORDER", { message: fillTexts.residentPay.billInOrder({ billNo: held[0]?.billNo ?? "" }) });
  }
  throw err;
}

/** An order as payMyBills and prepayMyMonths answer it: its id, amount, pay page, end and state. */
export const orderAnswer = (o: { id: number; amount: number; payUrl: string | null; expiresAt: string; status: number }): PayMyBillsResult => ({
  orderId: Number(o.id),
  amount: Number(o.amount),
  payUrl: o.payUrl ?? "",
  expiresAt: o.expiresAt,
  status: o.status,
});

interface PayInput {
  roomId: number;
  billIds: number[] | undefined;
  channel: number;
}

/**
 * payMyBills: the room's open order for exactly these bills through this channel when there is one
 * (the same pay page again), else a new order of origin 住户端 recording the resident. The resident's
 * own open order of the same bills through the other channel is closed first (it changed its mind).
 */
async function payMyBills(app: FastifyInstance, ctx: OnlinePayContext, request: FastifyRequest, resident: Resident, input: PayInput): Promise<PayMyBillsResult> {
  const { tenantId } = resident;
  await assertBoundRoom(app.db, resident, input.roomId);
  const wanted = await wantedBills(app.db, tenantId, input.roomId, input.billIds);
  const open = await openOrderOfRoom(app.db, tenantId, input.roomId, input.channel);
  if (open && wanted.length && sameSet(await billsOfOrder(app.db, tenantId, open.id), wanted)) return orderAnswer({ ...open, expiresAt: chinaDateTime(open.expiresAt) });
  const mine = await camelRows<OrderRow>(
    app.db,
    sql`${ORDER_SELECT} where tenant_id = ${tenantId} and room_id = ${input.roomId} and status = ${OnlineOrderStatus.Pending} and channel <> ${input.channel}
          and resident_id = ${resident.residentId}
          and exists (select 1 from online_payment_order_bills l where l.tenant_id = ${tenantId} and l.order_id = online_payment_orders.id and l.open_bill_id = any(${wanted}::bigint[]))`,
  );
  for (const order of mine) await closeOrder(ctx, order).catch(() => false); // a gateway that cannot close it now: the refusal below says the bill is held
  const origin = originOf(request);
  const made = await createOrder(
    ctx,
    tenantId,
    { roomId: input.roomId, billIds: input.billIds ? wanted : null, channel: input.channel, origin: OnlineOrderOrigin.Resident, returnUrl: (id) => `${origin}${RESULT_PAGE}${id}` },
    origin,
  ).catch((err: unknown) => asPayerRefusal(app.db, tenantId, wanted, err));
  await app.db.query(sql`update online_payment_orders set resident_id = ${resident.residentId} where tenant_id = ${tenantId} and id = ${made.id}`);
  await scheduleOrderChecks(app.jobs, tenantId, made.id, (message, err) => app.log.error({ err }, `[residents] ${message}`));
  return orderAnswer(made); // orderView: China time already
}

/** An order of a bound room (with when the gateway was last asked about it), or 404. */
async function myOrder(db: DbSession, resident: Resident, id: number): Promise<OrderRow & { lastQueriedAt: Date | null }> {
  const rows = await camelRows<OrderRow>(db, sql`${ORDER_SELECT} where tenant_id = ${resident.tenantId} and id = ${id} and room_id in ${boundRooms(resident)}`);
  if (!rows[0]) throw apiError("NOT_FOUND");
  const asked = await camelRows<{ lastQueriedAt: Date | null }>(db, sql`select last_queried_at from online_payment_orders where tenant_id = ${resident.tenantId} and id = ${id}`);
  return { ...rows[0], lastQueriedAt: asked[0]?.lastQueriedAt ?? null };
}

/** getMyPayment: the order's state, its bills and its receipt; a pending order is asked of the gateway first (a payer back from the pay page). */
async function myPayment(db: DbSession, ctx: OnlinePayContext, resident: Resident, id: number): Promise<GetMyPaymentResult> {
  const order = await myOrder(db, resident, id);
  const askedLately = order.lastQueriedAt !== null && Date.now() - new Date(order.lastQueriedAt).getTime() < QUERY_EVERY_S * 1000;
  // The gateway's trouble is not the payer's: the page keeps waiting, the callback or the next poll settles it.
  if (order.status === OnlineOrderStatus.Pending && !askedLately) await queryOrder(ctx, order).catch(() => false);
  const rows = await camelRows<{
    id: number;
    outTradeNo: string;
    status: number;
    flag: number | null;
    amount: number;
    channel: number;
    roomId: number;
    roomName: string | null;
    communityName: string;
    expiresAt: Date;
    paidAt: Date | null;
    receiptId: number | null;
    receiptNo: string | null;
    receiptReadable: boolean;
  }>(db, receiptJoined(resident, id));
  const o = rows[0];
  const bills = await camelRows<{ billId: number; billNo: string; itemName: string; period: string; amount: number }>(
    db,
    sql`select l.bill_id, b.bill_no, i.name as item_name, b.period, l.owed as amount
          from online_payment_order_bills l
          join bills b on b.tenant_id = l.tenant_id and b.id = l.bill_id
          join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
         where l.tenant_id = ${resident.tenantId} and l.order_id = ${id}
         order by b.period, b.id`,
  );
  return {
    orderId: Number(o.id),
    outTradeNo: o.outTradeNo,
    status: o.status,
    statusLabel: mappingLabel("onlineOrderStatus", o.status),
    note: o.flag === null ? null : mappingLabel("onlineOrderFlag", o.flag),
    amount: Number(o.amount),
    channel: o.channel,
    roomId: Number(o.roomId),
    roomName: o.roomName,
    communityName: o.communityName,
    expiresAt: chinaDateTime(o.expiresAt),
    paidAt: o.paidAt ? chinaDateTime(o.paidAt) : null,
    bills: bills.map((b) => ({ ...b, billId: Number(b.billId), amount: Number(b.amount) })),
    receipts: o.receiptId !== null && o.receiptNo && o.receiptReadable ? [{ id: Number(o.receiptId), receiptNo: o.receiptNo }] : [],
  };
}

/** The order with its room, community and receipt (whether the resident may read that receipt). */
function receiptJoined(resident: Resident, id: number): Sql {
  return sql`select o.id, o.out_trade_no, o.status, o.flag, o.amount, o.channel, o.room_id, ro.full_name as room_name, c.name as community_name, o.expires_at, o.paid_at,
                    o.receipt_id, r.receipt_no, (r.id is not null and ${readableReceipt(resident)}) as receipt_readable
               from online_payment_orders o
               join rooms ro on ro.tenant_id = o.tenant_id and ro.id = o.room_id
               join communities c on c.tenant_id = o.tenant_id and c.id = o.community_id
               left join receipts r on r.tenant_id = o.tenant_id and r.id = o.receipt_id
              where o.tenant_id = ${resident.tenantId} and o.id = ${id}`;
}

/** listMyReceipts: a bound room's receipts, the newest first, voided ones too (marked). */
async function myReceipts(db: DbSession, resident: Resident, roomId: number): Promise<ListMyReceiptsResult> {
  await assertBoundRoom(db, resident, roomId);
  const rows = await camelRows<{ id: number; receiptNo: string; issuedAt: Date; amount: number; payMethod: number | null; status: number }>(
    db,
    sql`select r.id, r.receipt_no, r.issued_at, r.amount, r.pay_method, r.status from receipts r
         where r.room_id = ${roomId} and ${readableReceipt(resident)}
         order by r.issued_at desc, r.id desc limit ${RECEIPTS_LATEST}`,
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      receiptNo: r.receiptNo,
      issuedAt: chinaDateTime(r.issuedAt),
      amount: Number(r.amount),
      payMethodLabel: mappingLabel("payMethod", r.payMethod),
      voided: r.status === ReceiptStatus.Voided,
    })),
  };
}

/** getMyReceipt: one readable receipt as the print page reads it (title, payee, lines), the payer's name masked. */
async function myReceipt(db: DbSession, resident: Resident, id: number): Promise<GetMyReceiptResult> {
  const { rows } = await db.query(sql`select 1 from receipts r where r.id = ${id} and ${readableReceipt(resident)}`);
  if (!rows.length) throw apiError("NOT_FOUND");
  const v = await receiptView(db, { tenantId: resident.tenantId }, id);
  return {
    id: Number(v.id),
    receiptNo: v.receiptNo,
    title: v.title,
    payeeName: v.payeeName,
    communityName: v.communityName,
    roomId: Number(v.roomId),
    roomName: v.roomName,
    payerName: v.payerName ? mask("name", v.payerName) : null,
    issuedAt: chinaDateTime(v.issuedAt),
    payMethodLabel: mappingLabel("payMethod", v.payMethod),
    lines: v.lines.map((l) => ({ itemName: l.itemName, period: l.period, amount: l.amount })),
    total: v.amount,
    voided: v.status === ReceiptStatus.Voided,
    voidedAt: v.voidedAt ? chinaDateTime(v.voidedAt) : null,
  };
}

export async function residentPaymentRoutes(app: FastifyInstance): Promise<void> {
  const { base, ctxOf } = onlinePayContext(app);
  route(app, operations.listMyPayChannels, async ({ params, resident }) => ({ channels: await payChannelsOf(app.db, base, resident, params.roomId) }));
  route(app, operations.payMyBills, async ({ params, body, resident, request }) =>
    payMyBills(app, ctxOf(request), request, resident, { roomId: params.roomId, billIds: body.billIds, channel: body.channel }),
  );
  route(app, operations.getMyPayment, async ({ params, resident, request }) => myPayment(app.db, ctxOf(request), resident, params.id));
  route(app, operations.listMyReceipts, async ({ params, resident }) => myReceipts(app.db, resident, params.roomId));
  route(app, operations.getMyReceipt, async ({ params, resident }) => myReceipt(app.db, resident, params.id));
}
