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
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { BillStatus, ReturnFlag, WaiverStatus } from "../../../generated/states.ts";
import { fen } from "./common.ts";
import { chinaDateSql } from "../../common/china-time.ts";
import { feePaymentSql, moneyByKind, paymentDaySql } from "./income.ts";
import { reportPeriod, zeroOf, type ReportCommunity, type ReportPeriod } from "./report-period.ts";

const FIGURES = ["receivable", "lateFee", "collected", "currentCollected", "arrearsCollected", "waived", "refunded", "net", "recharged", "deposits"] as const;

/** The China-time calendar day a waiver was approved. */
const approvedOn = raw(chinaDateSql("w.approved_at"));

/** The fee payments (charges and refunds of bills and temporary charges) of the community counted in the period, with their day. */
function feePayments(tenantId: number, communityId: number, p: ReportPeriod): Sql {
  return sql`select p.amount, p.pay_method, p.return_flag = ${ReturnFlag.Refund} as refund, b.period, ${paymentDaySql} as day
               from payments p left join bills b on b.tenant_id = p.tenant_id and b.id = p.bill_id
              where p.tenant_id = ${tenantId} and p.community_id = ${communityId}
                and ${feePaymentSql}
                and ${paymentDaySql} between ${p.firstDay}::date and ${p.lastDay}::date`;
}

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
  const paid = await camelRows<{ bucket: string; collected: string; arrears: string; refunded: string }>(
    db,
    sql`select to_char(x.day, ${fmt}) as bucket,
                 coalesce(sum(x.amount) filter (where not x.refund), 0)::bigint as collected,
                 coalesce(sum(x.amount) filter (where not x.refund and x.period < to_char(x.day, 'YYYY-MM')), 0)::bigint as arrears,
                 coalesce(sum(x.amount) filter (where x.refund), 0)::bigint as refunded
            from (${feePayments(tenantId, communityId, period)}) x group by 1`,
  );
  const waived = await camelRows<{ bucket: string; waived: string }>(
    db,
    sql`select to_char(${approvedOn}, ${fmt}) as bucket, sum(w.amount)::bigint as waived
            from waivers w
           where w.tenant_id = ${tenantId} and w.community_id = ${communityId} and w.status = ${WaiverStatus.Approved}
             and ${approvedOn} between ${period.firstDay}::date and ${period.lastDay}::date
           group by 1`,
  );
  const methods = await camelRows<{ payMethod: number; count: number; collected: string; refunded: string }>(
    db,
    sql`select x.pay_method, (count(*) filter (where not x.refund))::int as count,
                 coalesce(sum(x.amount) filter (where not x.refund), 0)::bigint as collected,
                 coalesce(sum(x.amount) filter (where x.refund), 0)::bigint as refunded
            from (${feePayments(tenantId, communityId, period)}) x group by 1 order by 1`,
  );
  const beside = await moneyByKind(db, { tenantId, communityIds: [communityId], firstDay: period.firstDay, lastDay: period.lastDay, bucket: fmt });
  const byBucket = new Map(period.buckets.map((b) => [b, zeroOf(FIGURES)]));
  const at = (bucket: string) => byBucket.get(bucket) ?? byBucket.set(bucket, zeroOf(FIGURES)).get(bucket)!;
  for (const r of receivable) Object.assign(at(r.bucket), { receivable: fen(r.receivable), lateFee: fen(r.lateFee) });
  for (const r of paid) Object.assign(at(r.bucket), { collected: fen(r.collected), arrearsCollected: fen(r.arrears), refunded: fen(r.refunded) });
  for (const r of waived) at(r.bucket).waived = fen(r.waived);
  for (const [key, m] of beside) Object.assign(at(key.slice(key.indexOf("|") + 1)), { recharged: m.recharged, deposits: m.deposits });
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
    byPayMethod: methods.map((m) => ({
      payMethod: Number(m.payMethod),
      count: Number(m.count),
      collected: fen(m.collected),
      refunded: fen(m.refunded),
      net: fen(m.collected) - fen(m.refunded),
    })),
  };
}
