// Asking the gateway about an order (the active query: a missing callback, the desk's 刷新, before an
// order is closed) and closing it there. A paid order is settled exactly as its callback would.
import { OnlineOrderStatus } from "../../../generated/states.ts";
import { sql } from "../platform/db/sql.ts";
import type { GatewayEvent } from "./gateways/callbacks.ts";
import { clientsOf } from "./merchants.ts";
import { orderMerchant, releaseBills, type OnlinePayContext, type OrderRow } from "./orders.ts";
import { settlePaid } from "./settle.ts";

/** The order's payment as the gateway reports it; null while it is not paid. */
async function paidAtGateway(ctx: OnlinePayContext, order: OrderRow): Promise<GatewayEvent | null> {
  const merchant = await orderMerchant(ctx, order);
  const clients = clientsOf(merchant, ctx);
  if (clients.wechat) {
    const trade = await clients.wechat.queryOrder(order.outTradeNo);
    if (trade && (trade.tradeState === "SUCCESS" || trade.tradeState === "REFUND") && trade.transactionId) {
      return { kind: "paid", outTradeNo: order.outTradeNo, transactionId: trade.transactionId, amountFen: trade.totalFen, at: trade.successTime };
    }
    return null;
  }
  const trade = await clients.alipay?.query(order.outTradeNo);
  if (trade && (trade.tradeStatus === "TRADE_SUCCESS" || trade.tradeStatus === "TRADE_FINISHED") && trade.tradeNo) {
    return { kind: "paid", outTradeNo: order.outTradeNo, transactionId: trade.tradeNo, amountFen: trade.totalFen, at: trade.paidAt };
  }
  return null;
}

/** Queries the gateway; settles the order when it was paid. Whether it is paid now. */
export async function queryOrder(ctx: OnlinePayContext, order: OrderRow): Promise<boolean> {
  const event = await paidAtGateway(ctx, order);
  const merchant = await orderMerchant(ctx, order);
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`update online_payment_orders set last_queried_at = now() where tenant_id = ${order.tenantId} and id = ${order.id}`);
    if (event) await settlePaid(tx, merchant, event);
  });
  return event !== null;
}

/**
 * Closes a 待支付 order: asked of the gateway first (a payment that arrived meanwhile is settled, not
 * closed), then closed there and here, its bills free again. Whether it was closed.
 */
export async function closeOrder(ctx: OnlinePayContext, order: OrderRow): Promise<boolean> {
  if (order.status !== OnlineOrderStatus.Pending) return false;
  if (await queryOrder(ctx, order)) return false;
  const merchant = await orderMerchant(ctx, order);
  const clients = clientsOf(merchant, ctx);
  if (clients.wechat) {
    if (await clients.wechat.queryOrder(order.outTradeNo)) await clients.wechat.closeOrder(order.outTradeNo);
  } else await clients.alipay?.close(order.outTradeNo);
  return ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      sql`update online_payment_orders set status = ${OnlineOrderStatus.Closed}, updated_at = now(), version = version + 1
           where tenant_id = ${order.tenantId} and id = ${order.id} and status = ${OnlineOrderStatus.Pending}`,
    );
    if (rowCount) await releaseBills(tx, order.tenantId, order.id);
    return rowCount > 0;
  });
}
