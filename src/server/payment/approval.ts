// Bill approval: generated bills are drafts until approved; a draft, or an approved bill nothing was
// paid or waived on, can be rejected with a reason; a rejected bill can be
// approved after all. Only approved bills can be paid (cashier.ts). The states each decision starts
// from are the bills' declared actions (schemas/modules/propertyPayment.yaml, generated/actions.ts)
// and what decides beyond the state is src/common/payment/row-actions.ts, which the approval page
// reads too. Every decision is recorded in bill_approvals in the same transaction as the change, and
// the call adds an operation_logs row: a bill decided on its own (by id: a rejection, a partial
// approval) gets a row of its own (bill, decision, reason, who, when); approving a whole generation
// batch is one decision and one row for the batch (who, when, how many bills, what they were due, what
// balances paid), so a batch of a thousand bills writes one row, not a thousand.
import { checkRule } from "../../common/validate.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { ApproveBillsBody, RejectBillsBody } from "../../../generated/operation-types.ts";
import { audit, CODES, chosenIds, fen, notFound, ruleBroken } from "./common.ts";
import { planDeductions } from "./auto-deduct.ts";
import { BILL_COLUMNS, type BillColumnsRow } from "./bills.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, raw, sql, type Sql } from "../platform/db/sql.ts";
import { BillStatus, WaiverStatus } from "../../../generated/states.ts";
import { stateActions } from "../../../generated/actions.ts";
import { billConditions } from "../../common/payment/row-actions.ts";
import { refreshStaleStatistics } from "../platform/db/statistics.ts";
import { queueWebhookEvents } from "../webhooks/public.ts";
import { BALANCE_PAY_METHOD } from "./settings.ts";

const { approve: APPROVE, reject: REJECT } = stateActions.bills.actions;

/** The tables an approval writes in bulk (with auto-deduction): their statistics are kept current before it. */
const WRITTEN = ["bills", "bill_approvals", "payments", "receipts", "prepay_transactions", "prepay_accounts"];

export interface DecisionResult {
  /** Bills whose status changed. */
  changed: number;
  /** Bills asked for that were not in a state the decision applies to (left as they were). */
  skipped: number;
  /** Approval only: bills paid from a prepayment balance (auto-deduct) and the amount, fen. */
  deducted?: number;
  deductedAmount?: number;
}

/**
 * The selection: {ids} (up to 1000 bills) or {batchId} (every bill of a generation batch), as a
 * condition on bills; a batch's community comes with it.
 */
async function selection(tx: DbSession, session: SessionInfo, body: ApproveBillsBody): Promise<{ where: Sql; asked: number | null; batchCommunityId?: number }> {
  // The operation's validator made ids (at most 1000) and batchId whole numbers from 1 (the seed passes such too).
  const batchId = body.batchId;
  if (batchId !== undefined && batchId !== null) {
    const { rows } = await tx.query<{ n: number; community_id: number }>(
      sql`select (select count(*)::int from bills where tenant_id = ${session.tenantId} and batch_id = ${batchId}) as n, community_id from bill_batches where tenant_id = ${session.tenantId} and id = ${batchId}`,
    );
    if (!rows[0]) throw notFound();
    return { where: sql`batch_id = ${batchId}`, asked: rows[0].n, batchCommunityId: Number(rows[0].community_id) };
  }
  const ids = chosenIds(body.ids, "ids");
  return { where: anyOf(sql`id`, ids), asked: ids.length };
}

/** The audit target of a whole-batch decision. */
const batchTarget = (batchId: number | null | undefined): string | null => (batchId === undefined || batchId === null ? null : `batch:${batchId}`);

/** The one community of the changed bills (their log entry names it), else null. */
const ONE_COMMUNITY = raw("case when count(distinct community_id) = 1 then min(community_id) end");
const communityOf = (row: { community_id: number | null }) => (row.community_id === null ? null : Number(row.community_id));

/**
 * The bills of the selection an approval would approve (those in a state it starts from), in id
 * order, and what rooms with auto-deduct on would pay of them from their balance. The approval
 * locks the bills first (lock order: bills, then prepayment accounts), so that the payments can be
 * worked out before the one update that approves each bill and records that payment on it; the
 * preview reads the same without locking the bills (planning locks the accounts it reads, writes
 * nothing) and so shows what an approval made now would do.
 */
async function approvable(tx: DbSession, session: SessionInfo, body: ApproveBillsBody, lock: boolean) {
  const sel = await selection(tx, session, body);
  const locked = await camelRows<BillColumnsRow>(
    tx,
    sql`select ${BILL_COLUMNS} from bills b where b.tenant_id = ${session.tenantId} and ${sel.where} and ${anyOf(sql`b.status`, APPROVE.from, "int")} order by b.id${raw(lock ? " for update" : "")}`,
  );
  const plan = locked.length ? await planDeductions(tx, session, locked) : null;
  return { sel, locked, plan };
}

interface ApprovalPreview {
  /** Bills the approval would approve (its `changed`). */
  count: number;
  /** Bills of the selection not in a state an approval starts from. */
  skipped: number;
  /** What those bills are due, fen. */
  amountDue: number;
  /** Of them, bills paid from a prepayment balance (auto-deduct), and the amount, fen. */
  deducted: number;
  deductedAmount: number;
}

/** What approving the selection now would do (approveBills' selection and deduction plan); writes nothing. */
export async function previewApproval(tx: DbSession, session: SessionInfo, body: ApproveBillsBody): Promise<ApprovalPreview> {
  const { sel, locked, plan } = await approvable(tx, session, body, false);
  const count = locked.length;
  const due = locked.reduce((s, b) => s + fen(b.amountDue), 0);
  const planned = plan?.planned ?? { bills: 0, amount: 0 };
  return { count, skipped: Math.max(0, (sel.asked ?? count) - count), amountDue: due, deducted: planned.bills, deductedAmount: planned.amount };
}

/** bill.paid for bills just paid in full from their balances: each with its balance payment's receipt. */
async function queueBillsPaid(tx: DbSession, tenantId: number, billIds: number[], paidAt: string): Promise<void> {
  await queueWebhookEvents(
    tx,
    tenantId,
    "bill.paid",
    sql`select jsonb_build_object('billId', b.id, 'communityId', b.community_id, 'roomId', b.room_id, 'amountPaid', (b.amount_paid::numeric / 100)::numeric(20, 2)::text,
                                  'receiptNo', p.receipt_no, 'payMethod', ${BALANCE_PAY_METHOD}::int, 'paidAt', ${paidAt}::text) as data
          from bills b
          join lateral (select receipt_no from payments p
                         where p.tenant_id = b.tenant_id and p.bill_id = b.id and p.pay_method = ${BALANCE_PAY_METHOD} and p.paid_at = ${paidAt}::timestamptz
                         order by p.id desc limit 1) p on true
         where b.tenant_id = ${tenantId} and b.id = any(${billIds}::bigint[])
         order by b.id`,
  );
}

export async function approveBills(tx: DbSession, session: SessionInfo, ip: string | null, body: ApproveBillsBody): Promise<DecisionResult> {
  // First, before any row lock: ANALYZE holds its table lock to the end of the transaction, so a
  // concurrent approval that also wants it waits here holding nothing.
  await refreshStaleStatistics(tx, WRITTEN);
  const { sel, locked, plan } = await approvable(tx, session, body, true);
  const ids = locked.map((r) => Number(r.id));
  // What each bill gets comes in arrays aligned with ids: one unnest, no join (a prepared statement's
  // plan guesses 10 rows for an unnest, and joining two of them became a nested loop over 1000 × 500
  // rows per batch).
  const d = plan?.bills ?? { paid: [], lateFee: [], status: [] };
  const { tenantId, userId } = session;
  const wholeBatch = sel.batchCommunityId !== undefined;
  const { rows } = await tx.query<{ n: number; community_id: number | null }>(
    sql`with u as (
       select * from unnest(${ids}::bigint[], ${d.paid}::bigint[], ${d.lateFee}::bigint[], ${d.status}::int[]) as u(id, paid, late_fee, status)
     ), upd as (
       update bills b set status = coalesce(u.status, ${APPROVE.to}), approver_id = ${userId}, approved_at = now(), reject_reason = null,
              amount_paid = coalesce(u.paid, b.amount_paid), late_fee = coalesce(u.late_fee, b.late_fee),
              paid_at = case when u.status is null then b.paid_at when u.status = ${BillStatus.Paid} then ${plan?.paidAt ?? null}::timestamptz else null end,
              updated_at = now(), updated_by = ${userId}, version = b.version + case when u.status is null then 1 else 2 end
         from u where b.tenant_id = ${tenantId} and b.id = any(${ids}::bigint[]) and b.id = u.id
        returning b.id, b.community_id
     ), decided as (
       insert into bill_approvals (tenant_id, community_id, bill_id, decision, decider_id, decided_at, created_by, updated_by)
       select ${tenantId}, community_id, id, ${APPROVE.to}, ${userId}, now(), ${userId}, ${userId} from upd where not ${wholeBatch}
     )
     select count(*)::int as n, ${ONE_COMMUNITY} as community_id from upd`,
  );
  const changed = rows[0].n;
  // Rooms with auto-deduct on pay what was approved from their prepayment balance, in this transaction.
  const paid = plan ? await plan.write() : { bills: 0, amount: 0 };
  // A bill the balance paid in full is bill.paid, as at the desk: one event per bill, queued in one statement.
  const paidInFull = ids.filter((_, i) => d.status[i] === BillStatus.Paid);
  if (plan && paidInFull.length) await queueBillsPaid(tx, tenantId, paidInFull, plan.paidAt);
  if (wholeBatch && changed > 0) {
    const due = locked.reduce((sum, b) => sum + fen(b.amountDue), 0);
    await tx.query(
      sql`insert into bill_approvals (tenant_id, community_id, batch_id, decision, bill_count, amount_due, deducted_count, deducted_amount, decider_id, decided_at, created_by, updated_by)
          values (${tenantId}, ${sel.batchCommunityId}, ${body.batchId}, ${APPROVE.to}, ${changed}, ${due}, ${paid.bills}, ${paid.amount}, ${userId}, now(), ${userId}, ${userId})`,
    );
  }
  await audit(tx, session, ip, "bills", "approve", batchTarget(body.batchId), { ...body, changed, deducted: paid.bills, communityId: communityOf(rows[0]) }, CODES.approval);
  return { changed, skipped: Math.max(0, (sel.asked ?? changed) - changed), deducted: paid.bills, deductedAmount: paid.amount };
}

export async function rejectBills(tx: DbSession, session: SessionInfo, ip: string | null, body: RejectBillsBody): Promise<DecisionResult> {
  // The operation's validator refused a reason missing, blank or over 128 characters.
  const reason = body.reason.trim();
  const bad = checkRule("cjkText", reason);
  if (bad) throw ruleBroken(bad, "reason");
  const sel = await selection(tx, session, body);
  const { tenantId, userId } = session;
  // The bills in a state a rejection starts from are locked first (in id order, like an approval);
  // the waivers waiting on them are read after the lock, so one applied for meanwhile is seen; only
  // the bills the shared condition accepts change.
  const locked = await camelRows<{ id: number; amountPaid: string; amountWaived: string }>(
    tx,
    sql`select b.id, b.amount_paid, b.amount_waived from bills b
         where b.tenant_id = ${tenantId} and ${sel.where} and ${anyOf(sql`b.status`, REJECT.from, "int")} order by b.id for update`,
  );
  const pending = await pendingWaived(
    tx,
    tenantId,
    locked.map((r) => Number(r.id)),
  );
  const ids = locked
    .filter((r) => billConditions.reject?.({ amountPaid: fen(r.amountPaid), amountWaived: fen(r.amountWaived), pendingWaived: pending.get(Number(r.id)) ?? 0 }) ?? true)
    .map((r) => Number(r.id));
  const { rows } = await tx.query<{ n: number; community_id: number | null }>(
    sql`with upd as (
       update bills set status = ${REJECT.to}, approver_id = ${userId}, approved_at = now(), reject_reason = ${reason}, updated_at = now(), updated_by = ${userId}, version = version + 1
        where tenant_id = ${tenantId} and id = any(${ids}::bigint[])
        returning id, community_id
     ), decided as (
       insert into bill_approvals (tenant_id, community_id, bill_id, decision, reason, decider_id, decided_at, created_by, updated_by)
       select ${tenantId}, community_id, id, ${REJECT.to}, ${reason}, ${userId}, now(), ${userId}, ${userId} from upd
     )
     select count(*)::int as n, ${ONE_COMMUNITY} as community_id from upd`,
  );
  const changed = rows[0].n;
  await audit(tx, session, ip, "bills", "reject", batchTarget(body.batchId), { ...body, changed, communityId: communityOf(rows[0]) }, CODES.approval);
  return { changed, skipped: Math.max(0, (sel.asked ?? changed) - changed) };
}

/** The amount of the waivers waiting for approval, per bill (fen; bills without any are absent). */
async function pendingWaived(db: DbSession, tenantId: number, billIds: readonly number[]): Promise<Map<number, number>> {
  if (!billIds.length) return new Map();
  const rows = await camelRows<{ billId: number; amount: string }>(
    db,
    sql`select bill_id, sum(amount)::bigint as amount from waivers
         where tenant_id = ${tenantId} and ${anyOf(sql`bill_id`, billIds)} and status = ${WaiverStatus.Pending} group by bill_id`,
  );
  return new Map(rows.map((r) => [Number(r.billId), fen(r.amount)]));
}

/**
 * A page of bills as the fee lists show them, each with `pendingWaived` (yuan): what its waiting
 * waivers come to, which decides with the state whether it can be rejected, or its waiver approved
 * (row-actions.ts).
 */
export async function withPendingWaived<B extends { id: number }>(db: DbSession, session: SessionInfo, page: { list: B[] }): Promise<(B & { pendingWaived: number })[]> {
  const pending = await pendingWaived(
    db,
    session.tenantId,
    page.list.map((b) => b.id),
  );
  return page.list.map((b) => ({ ...b, pendingWaived: pending.get(b.id) ?? 0 }));
}
