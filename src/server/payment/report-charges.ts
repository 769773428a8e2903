// 收费日报 / 收费月报: per day (or month) of the range, for one community —
// - receivable (应收): amount due + late fee of approved, partly paid and paid bills, counted on the
//   bill's due date (else the first day of its period), with the late fee on its own;
// - collected (收款): fee charges — bills (pay method 7, paid from the prepayment balance, included)
//   and temporary charges — counted on their business day (the daily settlement's day); of which
//   arrears recovered (清欠) = charges for bills of a period earlier than the month they were paid in,
//   the rest this period's (本期, advance payments and temporary charges included);
// - waived (减免): waivers approved that day; refunded (退款): refunds of fee charges that day;
//   net (实收) = collected − refunded: 实收 as every money screen counts it (income.ts);
// - beside it, not in it: prepayment top-ups (预存充值) and deposits (押金), net of their refunds.
// The same charges and refunds per pay method. Money in fen here, yuan text in the answer.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { GetChargeReportBody, GetChargeReportResult } from "../../../generated/operation-types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql } from "../platform/db/sql.ts";
import { BillStatus, ReturnFlag, WaiverStatus } from "../../../generated/states.ts";
import { fen } from "./common.ts";
import { chinaDateSql } from "../../common/china-time.ts";
import { feePaymentSql, heldMoneySql, paymentDaySql } from "./income.ts";
import { reportPeriod, zeroOf, type ReportCommunity } from "./report-period.ts";

const FIGURES = ["receivable", "lateFee", "collected", "currentCollected", "arrearsCollected", "waived", "refunded", "net", "recharged", "deposits"] as const;

/** The China-time calendar day a waiver was approved. */
const approvedOn = raw(chinaDateSql("w.approved_at"));

/** `community`: the one the operation's scope guard checked (reportCommunity). */
export async function chargeReport(db: DbSession, session: SessionInfo, body: GetChargeReportBody, community: ReportCommunity): Promise<GetChargeReportResult> {
  const communityId = community.id;
  const period = reportPeriod(body.granularity === "month" ? "month" : "day", body.start, body.end);
  const { tenantId } = session;
  const fmt = period.granularity === "day" ? "YYYY-MM-DD" : "YYYY-MM";
  const due = sql`coalesce(b.due_date, to_date(b.period || '-01', 'YYYY-MM-DD'))`;
  const receivable = await camelRows<{ bucket: string; receivable: string; lateFee: string }>(
    db,
    sql`select to_char(${due}, ${fmt}) as bucket, sum(b.amount_due + b.late_fee)::bigint as receivable, sum(b.late_fee)::bigint as late_fee
            from bills b
           where b.tenant_id = ${tenantId} and b.community_id = ${communityId}
             and b.status in (${BillStatus.Approved}, ${BillStatus.Paid}, ${BillStatus.PartlyPaid})
             and ${due} between ${period.firstDay}::date and ${period.lastDay}::date
           group by 1`,
  );
  // One read of the payments: per bucket and pay method, the fee charges (collected, of which arrears
  // recovered) and refunds, and the top-ups and deposits beside them.
  const isRefund = sql`p.return_flag = ${ReturnFlag.Refund}`;
  const charge = sql`${feePaymentSql} and not (${isRefund})`;
  const paid = await camelRows<{ bucket: string; payMethod: number; feeRows: number; count: number; collected: string; arrears: string; refunded: string; recharged: string; deposits: string }>(
    db,
    sql`select to_char(${paymentDaySql}, ${fmt}) as bucket, p.pay_method,
                 (count(*) filter (where ${feePaymentSql}))::int as fee_rows,
                 (count(*) filter (where ${charge}))::int as count,
                 coalesce(sum(p.amount) filter (where ${charge}), 0)::bigint as collected,
                 coalesce(sum(p.amount) filter (where ${charge} and b.period < to_char(${paymentDaySql}, 'YYYY-MM')), 0)::bigint as arrears,
                 coalesce(sum(p.amount) filter (where ${feePaymentSql} and ${isRefund}), 0)::bigint as refunded,
                 ${heldMoneySql}
            from payments p left join bills b on b.tenant_id = p.tenant_id and b.id = p.bill_id
           where p.tenant_id = ${tenantId} and p.community_id = ${communityId}
             and ${paymentDaySql} between ${period.firstDay}::date and ${period.lastDay}::date
           group by 1, 2`,
  );
  const waived = await camelRows<{ bucket: string; waived: string }>(
    db,
    sql`select to_char(${approvedOn}, ${fmt}) as bucket, sum(w.amount)::bigint as waived
            from waivers w
           where w.tenant_id = ${tenantId} and w.community_id = ${communityId} and w.status = ${WaiverStatus.Approved}
             and ${approvedOn} between ${period.firstDay}::date and ${period.lastDay}::date
           group by 1`,
  );
  const byBucket = new Map(period.buckets.map((b) => [b, zeroOf(FIGURES)]));
  const at = (bucket: string) => byBucket.get(bucket) ?? byBucket.set(bucket, zeroOf(FIGURES)).get(bucket)!;
  for (const r of receivable) Object.assign(at(r.bucket), { receivable: fen(r.receivable), lateFee: fen(r.lateFee) });
  const methods = new Map<number, { payMethod: number; count: number; collected: number; refunded: number }>();
  for (const r of paid) {
    const f = at(r.bucket);
    f.collected += fen(r.collected);
    f.arrearsCollected += fen(r.arrears);
    f.refunded += fen(r.refunded);
    f.recharged += fen(r.recharged);
    f.deposits += fen(r.deposits);
    if (!Number(r.feeRows)) continue;
    const payMethod = Number(r.payMethod);
    const m = methods.get(payMethod) ?? methods.set(payMethod, { payMethod, count: 0, collected: 0, refunded: 0 }).get(payMethod)!;
    m.count += Number(r.count);
    m.collected += fen(r.collected);
    m.refunded += fen(r.refunded);
  }
  for (const r of waived) at(r.bucket).waived = fen(r.waived);
  const totals = zeroOf(FIGURES);
  for (const f of byBucket.values()) {
    f.currentCollected = f.collected - f.arrearsCollected;
    f.net = f.collected - f.refunded;
    for (const k of FIGURES) totals[k] += f[k];
  }
  return {
    communityId,
    granularity: period.granularity,
    start: period.start,
    end: period.end,
    rows: [...byBucket.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, f]) => ({ date, ...f })),
    totals,
    byPayMethod: [...methods.values()].sort((a, b) => a.payMethod - b.payMethod).map((m) => ({ ...m, net: m.collected - m.refunded })),
  };
}
