// Online payment's scheduled work on the job queue (src/server/platform/jobs):
// - After an order is made: the gateway is asked about it 3 minutes later and again 2 minutes before
//   it expires (a payment whose callback never came is settled as the callback would), and when it
//   has expired it is closed at the gateway and its bills are freed (gateway-query.ts).
// - Every 5 minutes a sweep closes any expired order still 待支付, so nothing depends on one timer.
// - Each morning at 09:10 China time the day before is reconciled for every enabled merchant
//   (reconcile.ts), one job per merchant, so one gateway's trouble retries alone.
// - Every 10 minutes the refunds still 退款中 after 5 minutes are asked about (refunds.ts pollRefund):
//   a refund whose result callback never came is completed or failed by the gateway's answer, one the
//   gateway never received is sent again under the same number.
// A job that fails is retried with backoff (retryDelay doubled each time, retryLimit times).
import { OnlineOrderStatus, OnlineRefundStatus, ReconSource } from "../../../generated/states.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { JobQueue } from "../platform/jobs/queue.ts";
import { closeOrder, queryOrder } from "./gateway-query.ts";
import { merchantById } from "./merchants.ts";
import { ORDER_MINUTES, ORDER_SELECT, type OnlinePayContext, type OrderRow } from "./orders.ts";
import { reconcileDay, yesterday } from "./reconcile.ts";
import { pollRefund } from "./refunds.ts";

export const ORDER_CHECK = "onlinepay.order-check";
export const ORDER_SWEEP = "onlinepay.order-sweep";
export const RECONCILE_DAY = "onlinepay.reconcile-day";
export const RECONCILE_MERCHANT = "onlinepay.reconcile-merchant";
export const REFUND_SWEEP = "onlinepay.refund-sweep";

/** When an order is asked about after it is made, in seconds: soon after, just before it expires, and once it has (closing it). */
export const ORDER_CHECKS_S = [3 * 60, (ORDER_MINUTES - 2) * 60, ORDER_MINUTES * 60 + 30];

const SWEEP_BATCH = 100;

/**
 * `origin`: this server's address as a gateway reaches it (a refund sent again names its result
 * callback there).
 */
export function defineOnlinePayJobs(jobs: JobQueue, ctx: OnlinePayContext, origin: string, log: (message: string, err?: unknown) => void): void {
  const orderOf = async (tenantId: number, id: number): Promise<OrderRow | undefined> => (await camelRows<OrderRow>(ctx.db, sql`${ORDER_SELECT} where tenant_id = ${tenantId} and id = ${id}`))[0];

  /** Asks the gateway about a 待支付 order; closes it there and here once it has expired. */
  const check = async (order: OrderRow) => {
    if (order.status !== OnlineOrderStatus.Pending) return;
    if (new Date(order.expiresAt).getTime() <= Date.now()) await closeOrder(ctx, order);
    else await queryOrder(ctx, order);
  };

  jobs.define(
    ORDER_CHECK,
    async (data) => {
      const order = await orderOf(Number(data.tenantId), Number(data.orderId));
      if (order) await check(order);
    },
    { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  );

  jobs.define(
    ORDER_SWEEP,
    async () => {
      const expired = await camelRows<OrderRow>(ctx.db, sql`${ORDER_SELECT} where status = ${OnlineOrderStatus.Pending} and expires_at < now() order by expires_at limit ${SWEEP_BATCH}`);
      let failed = 0;
      for (const order of expired) {
        try {
          await check(order);
        } catch (err) {
          failed++;
          log(`closing order ${order.outTradeNo} failed`, err);
        }
      }
      if (failed) throw new Error(`${failed} expired orders could not be closed`);
    },
    { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  );
  jobs.schedule(ORDER_SWEEP, "*/5 * * * *");

  jobs.define(
    REFUND_SWEEP,
    async () => {
      const waiting = await camelRows<{ tenantId: number; id: number }>(
        ctx.db,
        sql`select tenant_id, id from online_payment_refunds where status = ${OnlineRefundStatus.Processing} and updated_at < now() - interval '5 minutes' order by updated_at limit ${SWEEP_BATCH}`,
      );
      let failed = 0;
      for (const refund of waiting) {
        try {
          await pollRefund(ctx, origin, refund.tenantId, refund.id);
        } catch (err) {
          failed++;
          log(`asking about refund ${refund.id} failed`, err);
        }
      }
      if (failed) throw new Error(`${failed} refunds could not be asked about`);
    },
    { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  );
  jobs.schedule(REFUND_SWEEP, "*/10 * * * *");

  jobs.define(
    RECONCILE_DAY,
    async (data) => {
      const day = typeof data.day === "string" ? data.day : yesterday();
      const merchants = await camelRows<{ id: number }>(ctx.db, sql`select id from payment_merchants where enabled order by tenant_id, id`);
      for (const m of merchants) await jobs.send(RECONCILE_MERCHANT, { merchantId: m.id, day }, { singletonKey: `${m.id}:${day}` });
    },
    { retryLimit: 3, retryDelay: 300, retryBackoff: true },
  );
  jobs.schedule(RECONCILE_DAY, "10 9 * * *");

  jobs.define(
    RECONCILE_MERCHANT,
    async (data) => {
      const merchant = await merchantById(ctx.db, ctx, Number(data.merchantId));
      if (!merchant?.enabled) return;
      await reconcileDay(ctx, merchant, String(data.day), ReconSource.Scheduled);
    },
    // The statement of the day before may not be ready at 09:10: tried again 10, 20, 40 … minutes later.
    { retryLimit: 6, retryDelay: 600, retryBackoff: true },
  );
}

/** Puts an order's checks on the queue; a queue that cannot take them is logged (the sweep closes the order all the same). */
export async function scheduleOrderChecks(jobs: JobQueue, tenantId: number, orderId: number, log: (message: string, err?: unknown) => void): Promise<void> {
  try {
    for (const startAfter of ORDER_CHECKS_S) await jobs.send(ORDER_CHECK, { tenantId, orderId }, { startAfter });
  } catch (err) {
    log(`scheduling the checks of order ${orderId} failed`, err);
  }
}
