// The payment report: per community and billing month (bills.period), over approved bills (approved,
// partly paid, paid): amount due (with late fees), collected and refunded against those bills (whenever
// paid), waived, arrears = due − (collected − refunded) − waived, the collection rate
// (collected − refunded) / due and the household collection rate: rooms whose bills of the month are
// all settled / rooms billed that month. Rates are exact percentages with two decimals.
// Beside the period's bills, the month's 实收 as every money screen counts it (income.ts: fee income on
// the month's business days) with its top-ups and deposits; a community and month with money but no
// bill of that period gets a row of its own (nothing due), so the totals agree with 收费月报.
import { texts } from "../../../generated/texts.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { monthEndDay, monthsBetween } from "../../common/payment/period.ts";
import { moneyByKind, noMoney, type MoneyByKind } from "./income.ts";
import { percentText } from "../../common/payment/pricing.ts";
import { fen, optionalIds, refused } from "./common.ts";
import type { GetPaymentReportBody, GetPaymentReportData } from "../../../generated/operation-types.ts";
import type { ReportRow } from "../../common/payment/shapes.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, empty, sql } from "../platform/db/sql.ts";
import { BillStatus, ReturnFlag } from "../../../generated/states.ts";
import { paymentWorkbook, table, xlsxBytes, type Column } from "./workbook.ts";

/** A row of the report's statement: money in fen. */
interface ReportSqlRow {
  communityId: number;
  communityName: string;
  period: string;
  due: number;
  collected: number;
  refunded: number;
  waived: number;
  households: number;
  paid: number;
}

function range(body: GetPaymentReportBody): { start: string; end: string } {
  const start = body.startMonth;
  const end = body.endMonth;
  if (start > end) throw refused("startAfterEnd", "startMonth");
  if (monthsBetween(start, end, 37).length > 36) throw refused("reportTooLong", "endMonth");
  return { start, end };
}

export async function paymentReport(db: DbSession, session: SessionInfo, body: GetPaymentReportBody) {
  const { start, end } = range(body);
  // None asked for: every community of the session's (a limited user's scope; the guard checked a given list).
  const communityIds = optionalIds(body.communityIds) ?? session.communityIds ?? undefined;
  const { tenantId } = session;
  const rows = await camelRows<ReportSqlRow>(
    db,
    sql`with b as (
       select b.id, b.community_id, b.period, b.room_id, b.amount_due + b.late_fee as due, b.amount_waived as waived, b.status
         from bills b where b.tenant_id = ${tenantId} and b.period between ${start} and ${end}
          and b.status in (${BillStatus.Approved}, ${BillStatus.Paid}, ${BillStatus.PartlyPaid}) ${communityIds ? sql`and ${anyOf(sql`b.community_id`, communityIds)}` : empty}
     ), pay as (
       select p.bill_id, coalesce(sum(p.amount) filter (where p.return_flag is distinct from ${ReturnFlag.Refund}), 0) as collected,
              coalesce(sum(p.amount) filter (where p.return_flag = ${ReturnFlag.Refund}), 0) as refunded
         from payments p where p.tenant_id = ${tenantId} and p.bill_id in (select id from b) group by p.bill_id
     ), rooms as (
       select community_id, period, room_id, bool_and(status = ${BillStatus.Paid}) as settled from b group by 1, 2, 3
     ), households as (
       select community_id, period, count(*)::int as households, count(*) filter (where settled)::int as paid from rooms group by 1, 2
     )
     select b.community_id, c.name as community_name, b.period,
            sum(b.due)::bigint as due, coalesce(sum(pay.collected), 0)::bigint as collected, coalesce(sum(pay.refunded), 0)::bigint as refunded,
            sum(b.waived)::bigint as waived, h.households, h.paid
       from b left join pay on pay.bill_id = b.id
       join communities c on c.tenant_id = ${tenantId} and c.id = b.community_id
       join households h on h.community_id = b.community_id and h.period = b.period
      group by b.community_id, c.name, b.period, h.households, h.paid
      order by b.period, c.name, b.community_id`,
  );
  const names = await communityNames(db, tenantId, communityIds);
  const money = await moneyByKind(db, {
    tenantId,
    communityIds: [...names.keys()],
    firstDay: `${start}-01`,
    lastDay: monthEndDay(end),
    bucket: "YYYY-MM",
  });
  const moneyOf = (communityId: number, period: string) => {
    const months = money.get(communityId);
    const m = months?.get(period) ?? noMoney();
    months?.delete(period);
    return { income: m.income, recharged: m.recharged, deposits: m.deposits };
  };
  const list: ReportRow<number>[] = rows.map((r) => {
    const due = fen(r.due);
    const collected = fen(r.collected);
    const refunded = fen(r.refunded);
    const waived = fen(r.waived);
    return {
      communityId: Number(r.communityId),
      communityName: String(r.communityName),
      period: String(r.period),
      amountDue: due,
      collected,
      refunded,
      waived,
      arrears: due - (collected - refunded) - waived,
      collectionRate: percentText(collected - refunded, due),
      households: Number(r.households),
      paidHouseholds: Number(r.paid),
      householdRate: percentText(Number(r.paid), Number(r.households)),
      ...moneyOf(Number(r.communityId), String(r.period)),
    };
  });
  list.push(...moneyOnlyRows(money, names));
  list.sort((a, b) => a.period.localeCompare(b.period) || a.communityName.localeCompare(b.communityName) || a.communityId - b.communityId);
  const totals = list.reduce(
    (t, r) => {
      t.due += r.amountDue;
      t.collected += r.collected;
      t.refunded += r.refunded;
      t.waived += r.waived;
      t.households += r.households;
      t.paid += r.paidHouseholds;
      t.income += r.income;
      t.recharged += r.recharged;
      t.deposits += r.deposits;
      return t;
    },
    { due: 0, collected: 0, refunded: 0, waived: 0, households: 0, paid: 0, income: 0, recharged: 0, deposits: 0 },
  );
  return {
    startMonth: start,
    endMonth: end,
    list,
    totals: {
      amountDue: totals.due,
      collected: totals.collected,
      refunded: totals.refunded,
      waived: totals.waived,
      arrears: totals.due - (totals.collected - totals.refunded) - totals.waived,
      collectionRate: percentText(totals.collected - totals.refunded, totals.due),
      households: totals.households,
      paidHouseholds: totals.paid,
      householdRate: percentText(totals.paid, totals.households),
      income: totals.income,
      recharged: totals.recharged,
      deposits: totals.deposits,
    },
  };
}

/** The tenant's communities the report covers (those asked, else all): id → name. */
async function communityNames(db: DbSession, tenantId: number, communityIds: readonly number[] | undefined): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where tenant_id = ${tenantId} ${communityIds ? sql`and ${anyOf(sql`id`, communityIds)}` : empty}`);
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** Rows for the months a community took money without bills of that period: nothing due, the money only. */
function moneyOnlyRows(rest: Map<number, Map<string, MoneyByKind>>, names: Map<number, string>): ReportRow<number>[] {
  return [...rest].flatMap(([communityId, months]) =>
    [...months].map(([period, m]) => ({
      communityId,
      communityName: names.get(communityId) ?? "",
      period,
      amountDue: 0,
      collected: 0,
      refunded: 0,
      waived: 0,
      arrears: 0,
      collectionRate: percentText(0, 0),
      households: 0,
      paidHouseholds: 0,
      householdRate: percentText(0, 0),
      income: m.income,
      recharged: m.recharged,
      deposits: m.deposits,
    })),
  );
}

const COLUMNS: { header: string; key: keyof ReportRow; width: number; money?: boolean }[] = [
  { header: texts.paymentReport.communityName, key: "communityName", width: 20 },
  { header: texts.paymentReport.period, key: "period", width: 10 },
  { header: texts.paymentReport.amountDue, key: "amountDue", width: 16, money: true },
  { header: texts.paymentReport.collected, key: "collected", width: 16, money: true },
  { header: texts.paymentReport.refunded, key: "refunded", width: 16, money: true },
  { header: texts.paymentReport.waived, key: "waived", width: 16, money: true },
  { header: texts.paymentReport.arrears, key: "arrears", width: 16, money: true },
  { header: texts.paymentReport.collectionRate, key: "collectionRate", width: 12 },
  { header: texts.paymentReport.households, key: "households", width: 10 },
  { header: texts.paymentReport.paidHouseholds, key: "paidHouseholds", width: 10 },
  { header: texts.paymentReport.householdRate, key: "householdRate", width: 12 },
  { header: texts.paymentReport.income, key: "income", width: 16, money: true },
  { header: texts.paymentReport.recharged, key: "recharged", width: 16, money: true },
  { header: texts.paymentReport.deposits, key: "deposits", width: 16, money: true },
];

/** The report as an .xlsx workbook. Money cells hold the exact two-decimal text's value with a 0.00 format. */
export async function reportWorkbook(report: GetPaymentReportData): Promise<Buffer> {
  const wb = paymentWorkbook();
  const columns: Column[] = COLUMNS.map((c) => ({ ...c, rate: c.key.endsWith("Rate") }));
  table(wb.addWorksheet(texts.paymentReport.sheet), columns, report.list, { ...report.totals, period: `${report.startMonth}~${report.endMonth}` });
  return xlsxBytes(wb);
}
