// 渠道对账: a merchant's statement of one China-time day (WeChat Pay's tradebill, Alipay's trade bill)
// against this product's online payments of that day, three ways: 已匹配, 仅渠道有 (the gateway took
// money this product did not book: a callback that never came, or no order here at all), 仅本地有
// (booked here, not on the statement), 金额不符. Refund rows of the statement are matched against the
// orders' refunded amounts. The result is one batch row per merchant and day
// (online_payment_reconciliations) and a row per difference (online_payment_recon_differences);
// a new run of the same day replaces its counts and its 待处理 differences, and keeps those already
// handled (补单, 标记退款).
// The statement is downloaded outside any transaction (a slow gateway holds no lock); the comparison
// and its rows are written in one.
import { OnlineOrderStatus, ReconDifferenceKind, ReconDifferenceState, ReconEntryType, ReconStatus, PayGateway } from "../../../generated/states.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";
import { chinaDay, chinaWallClockIso } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import { parseAlipayBill, readAlipayStatement } from "./gateways/alipay-bill.ts";
import { GatewayError } from "./gateways/transport.ts";
import { parseTradeBill } from "./gateways/wechatpay-bill.ts";
import { clientsOf, type Merchant } from "./merchants.ts";
import type { OnlinePayContext } from "./orders.ts";

/** One line of a statement, whichever gateway wrote it. */
export interface StatementEntry {
  entryType: number;
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  time: string;
}

const SETTLED: readonly number[] = [OnlineOrderStatus.Paid, OnlineOrderStatus.Refunding, OnlineOrderStatus.Refunded, OnlineOrderStatus.PartlyRefunded];

/** The day's statement from the merchant's gateway; [] when the gateway has none (no trade that day). */
export async function downloadStatement(ctx: OnlinePayContext, merchant: Merchant, day: string): Promise<StatementEntry[]> {
  const clients = clientsOf(merchant, ctx);
  if (clients.wechat) return wechatEntries(await clients.wechat.tradeBill(day));
  if (clients.alipay) return alipayEntries(await clients.alipay.tradeBill(day));
  throw new GatewayError("NO_CLIENT", "the merchant has no usable keys", 0);
}

/** An uploaded statement, as text or as its file's bytes in base64: WeChat's CSV; Alipay's zip or its detail CSV. */
export function readUploadedStatement(gateway: number, text: string): StatementEntry[] {
  try {
    const trimmed = text.trim();
    const bytes = /^[A-Za-z0-9+/=\s]+$/.test(trimmed) ? Buffer.from(trimmed, "base64") : null;
    if (gateway === PayGateway.WechatPay) return wechatEntries(parseTradeBill(bytes ? bytes.toString("utf8") : text));
    return alipayEntries(bytes ? readAlipayStatement(bytes) : parseAlipayBill(text));
  } catch (err) {
    throw apiError("RECON_STATEMENT_UNREADABLE", { message: fillErrorCode.RECON_STATEMENT_UNREADABLE({ reason: err instanceof Error ? err.message : String(err) }) });
  }
}

const wechatEntries = (rows: ReturnType<typeof parseTradeBill>): StatementEntry[] =>
  rows.map((r) =>
    r.refundId && r.refundFen > 0
      ? { entryType: ReconEntryType.Refund, outTradeNo: r.outTradeNo, transactionId: r.transactionId, amountFen: r.refundFen, time: r.time }
      : { entryType: ReconEntryType.Payment, outTradeNo: r.outTradeNo, transactionId: r.transactionId, amountFen: r.amountFen, time: r.time },
  );

const alipayEntries = (rows: ReturnType<typeof parseAlipayBill>): StatementEntry[] =>
  rows.map((r) => ({
    entryType: r.kind === "refund" ? ReconEntryType.Refund : ReconEntryType.Payment,
    outTradeNo: r.outTradeNo,
    transactionId: r.tradeNo,
    amountFen: r.amountFen,
    time: r.finishedAt,
  }));

interface LocalOrder {
  id: number;
  tenantId: number;
  merchantId: number;
  outTradeNo: string;
  amount: number;
  status: number;
  paidAt: Date | null;
  refundedAmount: number;
}

interface Difference {
  kind: number;
  entryType: number;
  outTradeNo: string;
  transactionId: string | null;
  orderId: number | null;
  gatewayAmount: number | null;
  localAmount: number | null;
  tradeTime: string | null;
}

export interface ReconResult {
  id: number;
  status: number;
  gatewayCount: number;
  localCount: number;
  matchedCount: number;
  differenceCount: number;
}

/** The day's bounds as instants (China time, UTC+8 all year). */
const dayBounds = (day: string) => {
  const from = new Date(chinaWallClockIso(`${day} 00:00:00`));
  return { from, to: new Date(from.getTime() + 86_400_000) };
};

/** Compares the statement with the books and stores the batch and its differences, in tx. */
export async function storeReconciliation(tx: DbSession, merchant: Merchant, day: string, source: number, entries: StatementEntry[]): Promise<ReconResult> {
  const tenantId = merchant.tenantId;
  const { from, to } = dayBounds(day);
  // The statement's orders as this product knows them, whoever's: a sandbox account is shared by the
  // demo tenants, so a line of another tenant's (or another merchant's) order is not this merchant's.
  const named = await camelRows<LocalOrder>(
    tx,
    sql`select id, tenant_id, merchant_id, out_trade_no, amount, status, paid_at, refunded_amount from online_payment_orders where out_trade_no = any(${[...new Set(entries.map((e) => e.outTradeNo))]}::text[])`,
  );
  const foreign = new Set(named.filter((o) => o.tenantId !== tenantId || o.merchantId !== merchant.id).map((o) => o.outTradeNo));
  const ours = new Map(named.filter((o) => !foreign.has(o.outTradeNo)).map((o) => [o.outTradeNo, o]));
  const lines = entries.filter((e) => !foreign.has(e.outTradeNo));
  const local = await camelRows<LocalOrder>(
    tx,
    sql`select id, tenant_id, merchant_id, out_trade_no, amount, status, paid_at, refunded_amount from online_payment_orders
         where tenant_id = ${tenantId} and merchant_id = ${merchant.id} and paid_at >= ${from.toISOString()} and paid_at < ${to.toISOString()}
           and status = any(${SETTLED}::int[]) order by id`,
  );

  const payments = new Map<string, StatementEntry>();
  const refunds = new Map<string, StatementEntry>();
  for (const e of lines) {
    const into = e.entryType === ReconEntryType.Refund ? refunds : payments;
    const seen = into.get(e.outTradeNo);
    into.set(e.outTradeNo, seen ? { ...seen, amountFen: seen.amountFen + e.amountFen } : { ...e });
  }
  const differences: Difference[] = [];
  let matched = 0;
  for (const order of local) {
    const line = payments.get(order.outTradeNo);
    if (!line) {
      differences.push({
        kind: ReconDifferenceKind.LocalOnly,
        entryType: ReconEntryType.Payment,
        outTradeNo: order.outTradeNo,
        transactionId: null,
        orderId: order.id,
        gatewayAmount: null,
        localAmount: order.amount,
        tradeTime: null,
      });
    } else if (line.amountFen !== order.amount) {
      differences.push({
        kind: ReconDifferenceKind.AmountMismatch,
        entryType: ReconEntryType.Payment,
        outTradeNo: order.outTradeNo,
        transactionId: line.transactionId,
        orderId: order.id,
        gatewayAmount: line.amountFen,
        localAmount: order.amount,
        tradeTime: line.time,
      });
    } else matched++;
  }
  const booked = new Set(local.map((o) => o.outTradeNo));
  for (const line of payments.values()) {
    if (booked.has(line.outTradeNo)) continue;
    const order = ours.get(line.outTradeNo);
    // Paid here on another day (a payment settled after midnight that the gateway counts the day before) is no difference.
    if (order && SETTLED.includes(order.status) && order.amount === line.amountFen) {
      matched++;
      continue;
    }
    const kind = order && SETTLED.includes(order.status) ? ReconDifferenceKind.AmountMismatch : ReconDifferenceKind.GatewayOnly;
    differences.push({
      kind,
      entryType: ReconEntryType.Payment,
      outTradeNo: line.outTradeNo,
      transactionId: line.transactionId,
      orderId: order?.id ?? null,
      gatewayAmount: line.amountFen,
      localAmount: order && SETTLED.includes(order.status) ? order.amount : null,
      tradeTime: line.time,
    });
  }
  for (const line of refunds.values()) {
    const order = ours.get(line.outTradeNo);
    if (order && order.refundedAmount >= line.amountFen) matched++;
    else
      differences.push({
        kind: ReconDifferenceKind.GatewayOnly,
        entryType: ReconEntryType.Refund,
        outTradeNo: line.outTradeNo,
        transactionId: line.transactionId,
        orderId: order?.id ?? null,
        gatewayAmount: line.amountFen,
        localAmount: order ? order.refundedAmount : null,
        tradeTime: line.time,
      });
  }

  const gatewayAmount = lines.reduce((s, e) => s + (e.entryType === ReconEntryType.Refund ? -e.amountFen : e.amountFen), 0);
  const localAmount = local.reduce((s, o) => s + o.amount, 0);
  const status = differences.length ? ReconStatus.Differences : ReconStatus.Balanced;
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into online_payment_reconciliations (tenant_id, merchant_id, gateway, bill_date, status, source, gateway_count, gateway_amount, local_count, local_amount, matched_count, difference_count, error, reconciled_at)
        values (${tenantId}, ${merchant.id}, ${merchant.gateway}, ${day}, ${status}, ${source}, ${lines.length}, ${gatewayAmount}, ${local.length}, ${localAmount}, ${matched}, ${differences.length}, null, now())
        on conflict (tenant_id, merchant_id, bill_date) do update set status = excluded.status, source = excluded.source, gateway_count = excluded.gateway_count,
           gateway_amount = excluded.gateway_amount, local_count = excluded.local_count, local_amount = excluded.local_amount, matched_count = excluded.matched_count,
           difference_count = excluded.difference_count, error = null, reconciled_at = now(), updated_at = now(), version = online_payment_reconciliations.version + 1
        returning id`,
  );
  const id = rows[0].id;
  await tx.query(sql`delete from online_payment_recon_differences where tenant_id = ${tenantId} and reconciliation_id = ${id} and state = ${ReconDifferenceState.Open}`);
  const handled = await camelRows<{ outTradeNo: string; entryType: number }>(
    tx,
    sql`select out_trade_no, entry_type from online_payment_recon_differences where tenant_id = ${tenantId} and reconciliation_id = ${id}`,
  );
  const fresh = differences.filter((d) => !handled.some((h) => h.outTradeNo === d.outTradeNo && h.entryType === d.entryType));
  if (fresh.length) {
    await tx.query(
      sql`insert into online_payment_recon_differences (tenant_id, reconciliation_id, merchant_id, bill_date, kind, entry_type, out_trade_no, transaction_id, order_id, gateway_amount, local_amount, trade_time, state)
          select ${tenantId}, ${id}, ${merchant.id}, ${day}, d.kind, d.entry_type, d.out_trade_no, nullif(d.transaction_id, ''), d.order_id, d.gateway_amount, d.local_amount, nullif(d.trade_time, ''), ${ReconDifferenceState.Open}
            from unnest(${fresh.map((d) => d.kind)}::int[], ${fresh.map((d) => d.entryType)}::int[], ${fresh.map((d) => d.outTradeNo)}::text[], ${fresh.map((d) => d.transactionId ?? "")}::text[],
                        ${fresh.map((d) => d.orderId)}::bigint[], ${fresh.map((d) => d.gatewayAmount)}::bigint[], ${fresh.map((d) => d.localAmount)}::bigint[], ${fresh.map((d) => d.tradeTime ?? "")}::text[])
                 as d(kind, entry_type, out_trade_no, transaction_id, order_id, gateway_amount, local_amount, trade_time)`,
    );
  }
  return { id, status, gatewayCount: lines.length, localCount: local.length, matchedCount: matched, differenceCount: differences.length };
}

/** Records a run that could not read the day's statement (the batch shows 对账失败 and why). */
export async function storeFailure(tx: DbSession, merchant: Merchant, day: string, source: number, reason: string): Promise<void> {
  await tx.query(
    sql`insert into online_payment_reconciliations (tenant_id, merchant_id, gateway, bill_date, status, source, error, reconciled_at)
        values (${merchant.tenantId}, ${merchant.id}, ${merchant.gateway}, ${day}, ${ReconStatus.Failed}, ${source}, ${reason.slice(0, 255)}, now())
        on conflict (tenant_id, merchant_id, bill_date) do update set status = excluded.status, source = excluded.source, error = excluded.error, reconciled_at = now(), updated_at = now(),
           version = online_payment_reconciliations.version + 1`,
  );
}

/**
 * Reconciles a merchant's day: the statement downloaded (or the uploaded one), compared and stored.
 * A statement that cannot be had is recorded as 对账失败 and thrown (the job retries; the API answers).
 */
export async function reconcileDay(ctx: OnlinePayContext, merchant: Merchant, day: string, source: number, uploaded?: string | null): Promise<ReconResult> {
  let entries: StatementEntry[];
  try {
    entries = uploaded ? readUploadedStatement(merchant.gateway, uploaded) : await downloadStatement(ctx, merchant, day);
  } catch (err) {
    const reason = err instanceof GatewayError ? `${err.code} ${err.message}` : err instanceof Error ? err.message : String(err);
    await ctx.db.transaction((tx) => storeFailure(tx, merchant, day, source, reason));
    throw err;
  }
  return ctx.db.transaction((tx) => storeReconciliation(tx, merchant, day, source, entries));
}

/** The China-time day before `now` (the morning run's day). */
export const yesterday = (now = new Date()): string => chinaDay(new Date(now.getTime() - 86_400_000));
