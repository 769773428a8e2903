// The workbench's 收费概况 card (issue "the money desk"): the current community's money at a glance,
// each figure the one the fee page it summarises shows, computed by that page's own code or SQL.
//   GET {property}/bills/actions/workBenchGetFeeOverview?communityId=   HBL0701309 (the payment report)
//       -> {communityId, month, today, amountDue, collected, billCollected, collectionRate, arrears,
//           pendingRefunds, pendingWaivers, pendingDepositRefunds}
// - 本月应收 (amountDue) and 收缴率: the payment report (report.ts paymentReport) for this China-time
//   month and this community: bills of the month's period that are approved, partly paid or paid
//   (drafts and rejected bills are not owed), their amount due with any late fee fixed on them; the
//   rate is what was collected against those bills less what was refunded (billCollected, whenever
//   paid) ÷ that amount due, to one decimal ("0.0%" when nothing is due).
// - 本月实收 (collected): fee income over the month's business days, the one definition every money
//   screen uses (payment/income.ts): bill charges (from a balance included) and temporary charges less
//   their refunds; prepayment top-ups (recharged) and deposits beside it, not in it. A month of more
//   refunds than charges is negative.
// - 欠费总额 (arrears): what 欠费管理 totals (arrears.ts owedSql): approved and partly paid bills past
//   their due date, what each still owes with its late fee as of today.
// - To-dos: refunds waiting for approval (退款审核, 实收管理 HBL0701317), waivers waiting (减免审核,
//   账单缴费 HBL1905), deposits whose refund waits (押金管理 HBL0701315); each count only for a user
//   holding that list's code (else null: the card shows no link the user could not follow).
// The operation: fee-overview-routes.ts.
import { BillStatus, DepositStatus, RefundStatus, WaiverStatus } from "../../../generated/states.ts";
import { chinaDay } from "../../common/china-time.ts";
import { PAYMENT_CODES } from "../../common/payment/codes.ts";
import { divRoundHalfUp } from "../../common/payment/pricing.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { communityMoney, owedSql, paymentReport } from "../payment/public.ts";
import { monthEndDay } from "../../common/payment/period.ts";

/** num ÷ den as a percentage to one decimal, rounded half up: 265, 400 -> "66.3%"; "0.0%" when den is 0. */
export function rateText(num: number, den: number): string {
  if (den <= 0) return "0.0%";
  const tenths = divRoundHalfUp(BigInt(num) * 1000n, BigInt(den));
  const sign = tenths < 0n ? "-" : "";
  const abs = tenths < 0n ? -tenths : tenths;
  return `${sign}${abs / 10n}.${abs % 10n}%`;
}

/** The month's amount due and what its bills brought in (fen), as the payment report counts them. */
async function monthBills(db: DbSession, session: SessionInfo, communityId: number, month: string): Promise<{ due: number; collected: number }> {
  const report = await paymentReport(db, session, { startMonth: month, endMonth: month, communityIds: [communityId] });
  const row = report.list.find((r) => r.communityId === communityId && r.period === month);
  if (!row) return { due: 0, collected: 0 };
  return { due: row.amountDue, collected: row.collected - row.refunded };
}

/** What the community's overdue approved bills still owe on `today` (fen), late fees included. */
async function arrearsTotal(db: DbSession, tenantId: number, communityId: number, today: string): Promise<number> {
  const rows = await camelRows<{ owed: number }>(
    db,
    sql`select coalesce(sum(o.owed), 0)::bigint as owed
          from (select (${owedSql(today)}) as owed
                  from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
                 where b.tenant_id = ${tenantId} and b.community_id = ${communityId}
                   and b.status in (${BillStatus.Approved}, ${BillStatus.PartlyPaid}) and b.due_date < ${today}::date) o
         where o.owed > 0`,
  );
  return rows[0]?.owed ?? 0;
}

/** The community's approvals waiting: refunds, waivers, deposit refunds. */
async function pendingCounts(db: DbSession, tenantId: number, communityId: number): Promise<{ refunds: number; waivers: number; depositRefunds: number }> {
  const rows = await camelRows<{ refunds: number; waivers: number; depositRefunds: number }>(
    db,
    sql`select (select count(*)::int from refunds where tenant_id = ${tenantId} and community_id = ${communityId} and status = ${RefundStatus.Pending}) as refunds,
               (select count(*)::int from waivers where tenant_id = ${tenantId} and community_id = ${communityId} and status = ${WaiverStatus.Pending}) as waivers,
               (select count(*)::int from deposits where tenant_id = ${tenantId} and community_id = ${communityId} and status = ${DepositStatus.RefundPending}) as deposit_refunds`,
  );
  const r = rows[0];
  return { refunds: Number(r?.refunds ?? 0), waivers: Number(r?.waivers ?? 0), depositRefunds: Number(r?.depositRefunds ?? 0) };
}

/** The card of the community (checked at the edge) for the session's user. */
export async function feeOverview(db: DbSession, session: SessionInfo, community: { id: number }) {
  const { tenantId } = session;
  const today = chinaDay();
  const month = today.slice(0, 7);
  const bills = await monthBills(db, session, community.id, month);
  const money = await communityMoney(db, tenantId, community.id, `${month}-01`, monthEndDay(month));
  const arrears = await arrearsTotal(db, tenantId, community.id, today);
  const pending = await pendingCounts(db, tenantId, community.id);
  const holds = (code: string) => session.authorities.includes(code);
  return {
    communityId: community.id,
    month,
    today,
    amountDue: bills.due,
    collected: money.income,
    recharged: money.recharged,
    deposits: money.deposits,
    billCollected: bills.collected,
    collectionRate: rateText(bills.collected, bills.due),
    arrears,
    pendingRefunds: holds(PAYMENT_CODES.received) ? pending.refunds : null,
    pendingWaivers: holds(PAYMENT_CODES.billPay) ? pending.waivers : null,
    pendingDepositRefunds: holds(PAYMENT_CODES.cashier) ? pending.depositRefunds : null,
  };
}
