// The prepayment ledger (预存款台账) and the deposit ledger (押金台账) of one community over a range
// of days (China time).
// - Prepayment, per account (room): opening balance = completed movements before the range (recharges
//   in, deductions and approved refunds out; a refund counts when approved), then the range's
//   recharges, deductions and refunds, and the closing balance = opening + recharges − deductions −
//   refunds (for a range ending today, the account's balance).
// - Deposits, per deposit item and room: collected in the range (amount, count), refunded and kept
//   as a deduction by refunds approved in the range, and held at the range's end (collected by then
//   and not refunded by then).
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { GetDepositLedgerBody, GetDepositLedgerResult, GetPrepayLedgerBody, GetPrepayLedgerResult } from "../../../generated/operation-types.ts";
import { chinaDateSql } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { DepositStatus, PrepayTxStatus, PrepayTxType } from "../../../generated/states.ts";
import { fen } from "./common.ts";
import { reportPeriod, zeroOf, type ReportCommunity } from "./report-period.ts";

const PREPAY = ["opening", "recharged", "deducted", "refunded", "closing"] as const;
const DEPOSIT = ["collected", "refunded", "deducted", "held"] as const;

/** A China-time calendar day of a timestamptz column. */
const chinaDate = (column: string): Sql => raw(chinaDateSql(column));

/** `community`: the one the operation's scope guard checked (reportCommunity). */
export async function prepayLedger(db: DbSession, session: SessionInfo, body: GetPrepayLedgerBody, community: ReportCommunity): Promise<GetPrepayLedgerResult> {
  const communityId = community.id;
  const { firstDay, lastDay, start, end } = reportPeriod("day", body.start, body.end);
  // A refund counts on the day it was approved, anything else on the day it happened.
  const day = sql`coalesce(case when t.tx_type = ${PrepayTxType.Refund} then ${chinaDate("t.approved_at")} end, ${chinaDate("t.occurred_at")})`;
  const signed = sql`case when t.tx_type = ${PrepayTxType.TopUp} then t.amount else -t.amount end`;
  const inRange = sql`${day} between ${firstDay}::date and ${lastDay}::date`;
  const rows = await camelRows<{ accountId: number; roomId: number; roomName: string | null; opening: string; recharged: string; deducted: string; refunded: string }>(
    db,
    sql`select a.id as account_id, a.room_id, r.full_name as room_name,
               coalesce(sum(${signed}) filter (where ${day} < ${firstDay}::date), 0)::bigint as opening,
               coalesce(sum(t.amount) filter (where t.tx_type = ${PrepayTxType.TopUp} and ${inRange}), 0)::bigint as recharged,
               coalesce(sum(t.amount) filter (where t.tx_type = ${PrepayTxType.Deduction} and ${inRange}), 0)::bigint as deducted,
               coalesce(sum(t.amount) filter (where t.tx_type = ${PrepayTxType.Refund} and ${inRange}), 0)::bigint as refunded
          from prepay_accounts a
          join rooms r on r.tenant_id = a.tenant_id and r.id = a.room_id
          left join prepay_transactions t on t.tenant_id = a.tenant_id and t.account_id = a.id and t.status = ${PrepayTxStatus.Completed}
         where a.tenant_id = ${session.tenantId} and a.community_id = ${communityId}
         group by a.id, a.room_id, r.full_name
         order by r.full_name, a.id`,
  );
  const totals = zeroOf(PREPAY);
  const list = rows.map((r) => {
    const f = { opening: fen(r.opening), recharged: fen(r.recharged), deducted: fen(r.deducted), refunded: fen(r.refunded), closing: 0 };
    f.closing = f.opening + f.recharged - f.deducted - f.refunded;
    for (const k of PREPAY) totals[k] += f[k];
    return { accountId: Number(r.accountId), roomId: Number(r.roomId), roomName: r.roomName ?? "", ...f };
  });
  return { communityId, start, end, rows: list, totals };
}

/** `community`: the one the operation's scope guard checked (reportCommunity). */
export async function depositLedger(db: DbSession, session: SessionInfo, body: GetDepositLedgerBody, community: ReportCommunity): Promise<GetDepositLedgerResult> {
  const communityId = community.id;
  const { firstDay, lastDay, start, end } = reportPeriod("day", body.start, body.end);
  const collectedOn = chinaDate("d.collected_at");
  const refundedOn = chinaDate("d.refunded_at");
  const refunded = sql`d.status = ${DepositStatus.Refunded}`;
  const rows = await camelRows<{
    paymentItemId: number;
    itemName: string;
    roomId: number;
    roomName: string | null;
    count: number;
    collected: string;
    refunded: string;
    deducted: string;
    held: string;
  }>(
    db,
    sql`select x.* from (
          select d.payment_item_id, i.name as item_name, d.room_id, r.full_name as room_name,
                 (count(*) filter (where ${collectedOn} between ${firstDay}::date and ${lastDay}::date))::int as count,
                 coalesce(sum(d.amount) filter (where ${collectedOn} between ${firstDay}::date and ${lastDay}::date), 0)::bigint as collected,
                 coalesce(sum(d.refund_amount) filter (where ${refunded} and ${refundedOn} between ${firstDay}::date and ${lastDay}::date), 0)::bigint as refunded,
                 coalesce(sum(d.deduction_amount) filter (where ${refunded} and ${refundedOn} between ${firstDay}::date and ${lastDay}::date), 0)::bigint as deducted,
                 coalesce(sum(d.amount) filter (where ${collectedOn} <= ${lastDay}::date and not (${refunded} and ${refundedOn} <= ${lastDay}::date)), 0)::bigint as held
            from deposits d
            join payment_items i on i.tenant_id = d.tenant_id and i.id = d.payment_item_id
            join rooms r on r.tenant_id = d.tenant_id and r.id = d.room_id
           where d.tenant_id = ${session.tenantId} and d.community_id = ${communityId}
           group by d.payment_item_id, i.name, d.room_id, r.full_name) x
         where x.count > 0 or x.refunded > 0 or x.deducted > 0 or x.held > 0
         order by x.item_name, x.room_name, x.payment_item_id, x.room_id`,
  );
  const totals = zeroOf(DEPOSIT);
  let count = 0;
  const list = rows.map((r) => {
    const f = { collected: fen(r.collected), refunded: fen(r.refunded), deducted: fen(r.deducted), held: fen(r.held) };
    for (const k of DEPOSIT) totals[k] += f[k];
    count += Number(r.count);
    return { paymentItemId: Number(r.paymentItemId), itemName: r.itemName, roomId: Number(r.roomId), roomName: r.roomName ?? "", count: Number(r.count), ...f };
  });
  return { communityId, start, end, rows: list, totals: { count, ...totals } };
}
