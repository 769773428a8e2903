// Settling a payment the gateway took, exactly once: the order row is locked, and only an order not
// yet settled is settled, in the same transaction as the desk's payment, receipt and ledger rows
// (payment/cashier.ts payBills: 收据, 日结, reports and the workbench count it like any other
// payment). A callback and an active query for the same order, or a hundred copies of a callback,
// meet at the lock: the first settles, the others find it settled.
// - An amount other than the order's is flagged 金额不符 and settles nothing.
// - Bills paid meanwhile at the desk: what is still owed is settled, the rest is flagged 多缴待退
//   (to be refunded through the gateway after approval); the money is never lost.
// - An order closed (expired) before the payment arrived is settled all the same, flagged 关闭后支付.
// - A prepayment (用途 预缴) holds no bill until now: its months' bills not billed meanwhile are made
//   at the price frozen in the order, and settled with those billed meanwhile like any order's bills.
import { OnlineOrderPurpose, OnlineOrderStatus, OnlineOrderFlag, NotificationOutcome, PayGateway, PayMethod } from "../../../generated/states.ts";
import { texts } from "../../../generated/texts.ts";
import { chinaDay } from "../../common/china-time.ts";
import { fenToYuan } from "../../common/money.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { BILL_FROM, BILL_SELECT, makePrepaidBills, normalizeBill, owedOn, payBills, PAYABLE, type BillRow } from "../payment/public.ts";
import type { GatewayEvent } from "./gateways/callbacks.ts";
import type { Merchant } from "./merchants.ts";
import { ORDER_SELECT, releaseBills, type OrderRow } from "./orders.ts";
import { gatewayTime } from "./gateway-time.ts";

const SETTLED: readonly number[] = [OnlineOrderStatus.Paid, OnlineOrderStatus.Refunding, OnlineOrderStatus.Refunded, OnlineOrderStatus.PartlyRefunded];

/** Who takes an online payment: nobody at a counter (payBills' `online` option writes no cashier). */
function onlineActor(tenantId: number): SessionInfo {
  return {
    tokenHash: "",
    userId: 0,
    tenantId,
    username: texts.onlinePay.payerName,
    realName: texts.onlinePay.payerName,
    userType: "system",
    authorities: [],
    communityIds: null,
    tenantName: "",
    sceneName: "",
  };
}

/** The bills `ids` locked in the settlement's transaction (in one order: period, id), as they are now. */
async function lockedBills(tx: DbSession, tenantId: number, ids: number[]): Promise<BillRow[]> {
  return (await camelRows<BillRow>(tx, sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${tenantId} and b.id = any(${ids}::bigint[]) order by b.period, b.id for update of b`)).map(
    normalizeBill,
  );
}

/** The bills a bill order's lines hold, locked. */
async function billsOfLines(tx: DbSession, order: OrderRow): Promise<BillRow[]> {
  const lines = await camelRows<{ billId: number }>(tx, sql`select bill_id from online_payment_order_bills where tenant_id = ${order.tenantId} and order_id = ${order.id} order by id`);
  return lockedBills(
    tx,
    order.tenantId,
    lines.map((l) => l.billId),
  );
}

/**
 * A prepayment's bills, made now (those not billed since the order) at the order's frozen terms,
 * locked; those still owed on the day paid become the order's lines with what each owes.
 */
async function linkPrepaidBills(tx: DbSession, order: OrderRow, day: string): Promise<BillRow[]> {
  const { prepayItemId: itemId, prepayStartPeriod: startPeriod, prepayMonths: months, prepayMonthAmount: monthAmount } = order;
  if (itemId === null || startPeriod === null || months === null || monthAmount === null) throw new Error(`prepay order ${order.id} has no terms`);
  const billIds = await makePrepaidBills(tx, order.tenantId, { communityId: order.communityId, roomId: order.roomId, itemId, startPeriod, months, monthAmount, quantity: order.prepayQuantity });
  const bills = await lockedBills(tx, order.tenantId, billIds);
  const owed = bills.filter((b) => PAYABLE.includes(b.status) && owedOn(b, day) > 0); // paid meanwhile (at the desk): what the order took for it is flagged 多缴待退
  await tx.query(
    sql`insert into online_payment_order_bills (tenant_id, community_id, order_id, bill_id, owed)
        select ${order.tenantId}, ${order.communityId}, ${order.id}, l.bill_id, l.owed
          from unnest(${owed.map((b) => b.id)}::bigint[], ${owed.map((b) => owedOn(b, day))}::bigint[]) as l(bill_id, owed)
        on conflict do nothing`,
  );
  return owed;
}

/** Settles a paid event of `merchant` in `tx`; the outcome recorded with the notification. */
export async function settlePaid(tx: DbSession, merchant: Merchant, event: GatewayEvent): Promise<number> {
  const orders = await camelRows<OrderRow>(tx, sql`${ORDER_SELECT} where tenant_id = ${merchant.tenantId} and merchant_id = ${merchant.id} and out_trade_no = ${event.outTradeNo} for update`);
  const order = orders[0];
  if (!order) return NotificationOutcome.UnknownOrder;
  if (SETTLED.includes(order.status) || order.flag === OnlineOrderFlag.AmountMismatch) return NotificationOutcome.Repeated;
  const paidAt = gatewayTime(event.at);
  const record = (status: number, flag: number | null, note: string | null, receiptId: number | null) =>
    tx.query(
      sql`update online_payment_orders set status = ${status}, flag = ${flag}, flag_note = ${note}, transaction_id = ${event.transactionId}, paid_amount = ${event.amountFen},
             paid_at = ${paidAt.toISOString()}, receipt_id = ${receiptId}, updated_at = now(), version = version + 1
       where tenant_id = ${merchant.tenantId} and id = ${order.id}`,
    );
  if (event.amountFen !== order.amount) {
    await record(OnlineOrderStatus.Failed, OnlineOrderFlag.AmountMismatch, `${fenToYuan(event.amountFen)} ≠ ${fenToYuan(order.amount)}`, null);
    await releaseBills(tx, merchant.tenantId, order.id);
    return NotificationOutcome.AmountMismatch;
  }
  const today = chinaDay(paidAt);
  const bills = order.purpose === OnlineOrderPurpose.Prepay ? await linkPrepaidBills(tx, order, today) : await billsOfLines(tx, order);
  const payable = bills.filter((b) => PAYABLE.includes(b.status) && owedOn(b, today) > 0);
  const owedNow = payable.reduce((s, b) => s + owedOn(b, today), 0);
  const settleFen = Math.min(owedNow, order.amount);
  let receiptId: number | null = null;
  if (settleFen > 0) {
    const paid = await payBills(
      tx,
      onlineActor(merchant.tenantId),
      null,
      { billIds: payable.map((b) => b.id), roomId: order.roomId, payMethod: null, payAmount: settleFen, payerName: texts.onlinePay.payerName, remark: order.outTradeNo },
      { online: { payMethod: merchant.gateway === PayGateway.Alipay ? PayMethod.Alipay : PayMethod.WeChat }, at: paidAt },
    );
    receiptId = paid.receiptId;
  }
  await releaseBills(tx, merchant.tenantId, order.id);
  const over = order.amount - settleFen;
  const closedBefore = order.status === OnlineOrderStatus.Closed || order.status === OnlineOrderStatus.Failed;
  const flag = over > 0 ? OnlineOrderFlag.Overpaid : closedBefore ? OnlineOrderFlag.PaidAfterClose : null;
  await record(OnlineOrderStatus.Paid, flag, over > 0 ? fenToYuan(over) : null, receiptId);
  return over > 0 ? NotificationOutcome.Overpaid : NotificationOutcome.Settled;
}
