// The demo data's online payment: one WeChat Pay and one Alipay merchant per tenant, both the
// built-in sandbox gateway (no keys in the database: the sandbox's own, src/server/onlinepay/
// merchants.ts), each assigned to every community of the tenant, so a fresh installation pays bills
// online at once; a third, disabled merchant shows what a real account's settings look like. A few
// rooms' bills are paid online as a payer would have paid them (an order, its callback kept, settled
// through the product's own settlement), so 支付订单 and 支付通知 are not empty; a fifth of each is
// refunded through its gateway (approved, then the gateway's success), so 支付退款 is not empty either.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { NotificationOutcome, NotificationVerdict, OnlineOrderStatus, PayChannel, PayGateway, PayMethod, ReconEntryType, ReconSource } from "../../../generated/states.ts";
import { BILL_FROM, BILL_SELECT, normalizeBill, owedOn, PAYABLE, type BillRow } from "../payment/public.ts";
import { applyRefund, approveRefund } from "../payment/refunds.ts";
import { settlePaid } from "../onlinepay/settle.ts";
import { storeReconciliation, type StatementEntry } from "../onlinepay/reconcile.ts";
import { succeedRefund, takeRefund } from "../onlinepay/refunds.ts";
import { seedSession } from "./payments.ts";
import type { DemoUsers } from "./users.ts";
import { chinaDay } from "../../common/china-time.ts";
import type { DemoTenants } from "./tenants.ts";

const MERCHANTS = [
  { name: "沙箱商户（微信支付）", gateway: PayGateway.WechatPay, merchantNo: "1900000001", appId: "wx00000000sandbox", gatewayUrl: "https://sandbox.invalid/wechatpay", sandbox: true, enabled: true },
  { name: "沙箱商户（支付宝）", gateway: PayGateway.Alipay, merchantNo: "2021000000000001", appId: null, gatewayUrl: "https://sandbox.invalid/alipay/gateway.do", sandbox: true, enabled: true },
  { name: "正式商户（待配置）", gateway: PayGateway.WechatPay, merchantNo: "1600000000", appId: "wx0000000000000000", gatewayUrl: "https://api.mch.weixin.qq.com", sandbox: false, enabled: false },
];

/** Rooms paid online per tenant in the demo data. */
const PAID_ROOMS = 3;

/** Pays a room's owed bills online; its order's outTradeNo, or null when the room owes nothing. */
async function payOnline(tx: DbSession, tenantId: number, merchantId: number, roomId: number, n: number): Promise<string | null> {
  const today = chinaDay();
  const bills = (
    await camelRows<BillRow>(tx, sql`select ${BILL_SELECT} from ${BILL_FROM} where b.tenant_id = ${tenantId} and b.room_id = ${roomId} and b.status = any(${PAYABLE}::int[]) order by b.period, b.id`)
  ).map(normalizeBill);
  const lines = bills.map((b) => ({ billId: b.id, owed: owedOn(b, today), communityId: b.communityId })).filter((l) => l.owed > 0);
  if (!lines.length) return null;
  const amount = lines.reduce((s, l) => s + l.owed, 0);
  const outTradeNo = `NP${today.replace(/-/g, "")}090000${String(tenantId % 100).padStart(2, "0")}${String(n).padStart(4, "0")}`;
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into online_payment_orders (tenant_id, community_id, out_trade_no, room_id, merchant_id, channel, purpose, origin, amount, status, expires_at, refunded_amount)
        values (${tenantId}, ${lines[0].communityId}, ${outTradeNo}, ${roomId}, ${merchantId}, ${PayChannel.WechatH5}, 1, 2, ${amount}, ${OnlineOrderStatus.Pending}, now() + interval '30 minutes', 0) returning id`,
  );
  await tx.query(
    sql`insert into online_payment_order_bills (tenant_id, community_id, order_id, bill_id, open_bill_id, owed)
        select ${tenantId}, ${lines[0].communityId}, ${rows[0].id}, l.bill_id, l.bill_id, l.owed from unnest(${lines.map((l) => l.billId)}::bigint[], ${lines.map((l) => l.owed)}::bigint[]) as l(bill_id, owed)`,
  );
  const event = { kind: "paid" as const, outTradeNo, transactionId: `4200002026${String(tenantId).padStart(6, "0")}${String(n).padStart(6, "0")}`, amountFen: amount, at: null };
  const outcome = await settlePaid(tx, { id: merchantId, tenantId, name: MERCHANTS[0].name, gateway: PayGateway.WechatPay, sandbox: true, enabled: true }, event);
  await tx.query(
    sql`insert into online_payment_notifications (tenant_id, merchant_id, gateway, out_trade_no, verdict, outcome, received_at, body)
        values (${tenantId}, ${merchantId}, ${PayGateway.WechatPay}, ${outTradeNo}, ${NotificationVerdict.Verified}, ${outcome === NotificationOutcome.Settled ? outcome : NotificationOutcome.Ignored}, now(),
                ${JSON.stringify({ event_type: "TRANSACTION.SUCCESS", resource_type: "encrypt-resource", summary: "支付成功" })})`,
  );
  return outTradeNo;
}

/** Refunds a fifth of an order's payment to the payer through the order's gateway, as its approval and the gateway's success do. */
async function refundOnline(tx: DbSession, tenantId: number, userId: number, username: string, outTradeNo: string): Promise<void> {
  const payments = await camelRows<{ id: number; amount: number }>(
    tx,
    sql`select p.id, p.amount from online_payment_orders o join receipts r on r.tenant_id = o.tenant_id and r.id = o.receipt_id
          join payments p on p.tenant_id = r.tenant_id and p.receipt_no = r.receipt_no
         where o.tenant_id = ${tenantId} and o.out_trade_no = ${outTradeNo} order by p.id limit 1`,
  );
  const payment = payments[0];
  if (!payment || payment.amount < 500) return;
  const s = seedSession(tenantId, userId, username);
  const amount = Math.floor(payment.amount / 5);
  const { id } = await applyRefund(tx, s, null, { paymentId: payment.id, amount, refundMethod: PayMethod.WeChat, reason: "业主线上多缴，原路退回" });
  const approved = await approveRefund(tx, s, null, id, new Date(), { take: takeRefund, send: async () => {} });
  if (approved.gatewayRefundId !== null) await succeedRefund(tx, tenantId, approved.gatewayRefundId, { gatewayStatus: "SUCCESS", gatewayRefundId: `50300${String(id).padStart(10, "0")}` });
}

export async function seedOnlinePayMerchants(tx: DbSession, tenants: DemoTenants, users: DemoUsers): Promise<void> {
  for (const [tenantId, userId, username] of [
    [tenants.a, users.admin, "admin"],
    [tenants.b, users.admin2, "admin2"],
  ] as const) {
    const ids: number[] = [];
    for (const m of MERCHANTS) {
      const { rows } = await tx.query<{ id: number }>(
        sql`insert into payment_merchants (tenant_id, name, gateway, merchant_no, app_id, gateway_url, sandbox, enabled)
            values (${tenantId}, ${m.name}, ${m.gateway}, ${m.merchantNo}, ${m.appId}, ${m.gatewayUrl}, ${m.sandbox}, ${m.enabled}) returning id`,
      );
      ids.push(rows[0].id);
      if (!m.sandbox) continue;
      await tx.query(
        sql`insert into payment_merchant_communities (tenant_id, community_id, merchant_id, gateway)
            select tenant_id, id, ${rows[0].id}, ${m.gateway} from communities where tenant_id = ${tenantId}`,
      );
    }
    const rooms = await camelRows<{ roomId: number }>(
      tx,
      // The last rooms of the tenant's first community, the one the picker opens on, so that 支付订单 and
      // 支付退款 show rows at once; and the last room of the next community, so each has some.
      sql`with first as (select min(id) as id from communities where tenant_id = ${tenantId})
          select room_id from (
            select room_id, community_id, row_number() over (partition by community_id order by room_id desc) as n
            from (select distinct room_id, community_id from bills where tenant_id = ${tenantId} and status = any(${PAYABLE}::int[])) b) r, first
          where n <= case when community_id = first.id then ${PAID_ROOMS - 1} else 1 end
          order by community_id <> first.id, community_id, n limit ${PAID_ROOMS}`,
    );
    const paid: string[] = [];
    for (const [n, r] of rooms.entries()) {
      const outTradeNo = await payOnline(tx, tenantId, ids[0], r.roomId, n + 1);
      if (outTradeNo) paid.push(outTradeNo);
    }
    await reconcileDemoDays(tx, tenantId, ids[0]);
    for (const outTradeNo of paid) await refundOnline(tx, tenantId, userId, username, outTradeNo);
  }
}

/** Days reconciled in the demo data: today (the payments above) and the two days before. */
const RECONCILED_DAYS = 3;

/**
 * The days of the online payments above reconciled as the morning job does it (reconcile.ts), with a
 * statement that has the day's payments and one more the gateway took for no order here (仅渠道有,
 * to be 标记退款), so 渠道对账 and 对账差异 show what a difference looks like.
 */
async function reconcileDemoDays(tx: DbSession, tenantId: number, merchantId: number): Promise<void> {
  const merchant = { id: merchantId, tenantId, name: MERCHANTS[0].name, gateway: PayGateway.WechatPay, sandbox: true, enabled: true };
  for (let back = 0; back < RECONCILED_DAYS; back++) {
    const day = chinaDay(new Date(Date.now() - back * 86_400_000));
    const paid = back
      ? []
      : await camelRows<{ outTradeNo: string; transactionId: string; amount: number }>(
          tx,
          sql`select out_trade_no, transaction_id, amount from online_payment_orders where tenant_id = ${tenantId} and merchant_id = ${merchantId} and transaction_id is not null order by id`,
        );
    const entries: StatementEntry[] = paid.map((o) => ({ entryType: ReconEntryType.Payment, outTradeNo: o.outTradeNo, transactionId: o.transactionId, amountFen: o.amount, time: `${day} 09:00:00` }));
    entries.push({
      entryType: ReconEntryType.Payment,
      outTradeNo: `NP${day.replace(/-/g, "")}093000${String(tenantId % 100).padStart(2, "0")}9999`,
      transactionId: `4200002026${String(tenantId).padStart(6, "0")}99999${back}`,
      amountFen: 5000 + back * 100,
      time: `${day} 09:30:00`,
    });
    await storeReconciliation(tx, merchant, day, ReconSource.Scheduled, entries);
  }
}
