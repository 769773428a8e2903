// Bill approval: generated bills are drafts (status 1) until approved (2); a draft, or an approved
// bill nothing was paid or waived on, can be rejected (3) with a reason; a rejected bill can be
// approved after all. Only approved bills can be paid (cashier.ts). Every decision is a
// bill_approvals row (bill, decision, reason, who, when) written in the same statement as the change,
// and the call adds an operation_logs row.
import { checkRule } from "../../common/validate.ts";
import type { DbSession } from "../db/types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { parseId } from "../crud/sql.ts";
import { audit, CODES, idList, notFound, refused, ruleBroken } from "./common.ts";
import { fenToYuan } from "../../common/money.ts";
import { planDeductions } from "./auto-deduct.ts";
import { BILL_COLUMNS, type BillColumnsRow } from "./bills.ts";
import { camelRows } from "../db/camel-rows.ts";
import { refreshStaleStatistics } from "../db/statistics.ts";

/** The tables an approval writes in bulk (with auto-deduction): their statistics are kept current before it. */
const WRITTEN = ["bills", "bill_approvals", "payments", "receipts", "prepay_transactions", "prepay_accounts"];

export interface DecisionResult {
  /** Bills whose status changed. */
  changed: number;
  /** Bills asked for that were not in a state the decision applies to (left as they were). */
  skipped: number;
  /** Approval only: bills paid from a prepayment balance (auto-deduct) and the amount, yuan. */
  deducted?: number;
  deductedAmount?: string;
}

/** The selection: {ids} (up to 1000 bills) or {batchId} (every bill of a generation batch). */
async function selection(tx: DbSession, session: SessionInfo, body: Record<string, unknown>): Promise<{ where: string; params: unknown[]; asked: number | null }> {
  if (body.batchId !== undefined && body.batchId !== null && body.batchId !== "") {
    const batchId = parseId(body.batchId);
    if (batchId === null) throw refused("selectBatch", "batchId");
    const { rows } = await tx.query<{ n: number }>("select (select count(*)::int from bills where tenant_id = $1 and batch_id = $2) as n from bill_batches where tenant_id = $1 and id = $2", [
      session.tenantId,
      batchId,
    ]);
    if (!rows[0]) throw notFound();
    return { where: "batch_id = $3", params: [batchId], asked: rows[0].n };
  }
  const ids = idList(body.ids, "ids");
  return { where: "id = any($3::bigint[])", params: [ids], asked: ids.length };
}

/** The audit target of a whole-batch decision. */
const batchTarget = (value: unknown): string | null => {
  const id = parseId(value);
  return id === null ? null : `batch:${id}`;
};

export async function approveBills(tx: DbSession, session: SessionInfo, ip: string | null, body: Record<string, unknown>): Promise<DecisionResult> {
  // First, before any row lock: ANALYZE holds its table lock to the end of the transaction, so a
  // concurrent approval that also wants it waits here holding nothing.
  await refreshStaleStatistics(tx, WRITTEN);
  const sel = await selection(tx, session, body);
  // The bills to approve are locked first (lock order: bills, then prepayment accounts), so that
  // what rooms with auto-deduct on pay from their balance can be worked out before the one update
  // that approves each bill and records that payment on it.
  const locked = await camelRows<BillColumnsRow>(
    tx,
    `select ${BILL_COLUMNS} from bills b where b.tenant_id = $1 and ${sel.where.replace("$3", "$2")} and b.status in (1, 3) order by b.id for update`,
    [session.tenantId, ...sel.params],
  );
  const ids = locked.map((r) => Number(r.id));
  const plan = ids.length ? await planDeductions(tx, session, locked) : null;
  // What each bill gets comes in arrays aligned with ids: one unnest, no join (a prepared statement's
  // plan guesses 10 rows for an unnest, and joining two of them became a nested loop over 1000 × 500
  // rows per batch).
  const d = plan?.bills ?? { paid: [], lateFee: [], status: [] };
  const { rows } = await tx.query<{ n: number }>(
    `with u as (
       select * from unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::int[]) as u(id, paid, late_fee, status)
     ), upd as (
       update bills b set status = coalesce(u.status, 2), approver_id = $2, approved_at = now(), reject_reason = null,
              amount_paid = coalesce(u.paid, b.amount_paid), late_fee = coalesce(u.late_fee, b.late_fee),
              paid_at = case when u.status is null then b.paid_at when u.status = 4 then $7::timestamptz else null end,
              updated_at = now(), updated_by = $2, version = b.version + case when u.status is null then 1 else 2 end
         from u where b.tenant_id = $1 and b.id = any($3::bigint[]) and b.id = u.id
        returning b.id, b.community_id
     ), decided as (
       insert into bill_approvals (tenant_id, community_id, bill_id, decision, decider_id, decided_at, created_by, updated_by)
       select $1, community_id, id, 2, $2, now(), $2, $2 from upd
     )
     select count(*)::int as n from upd`,
    [session.tenantId, session.userId, ids, d.paid, d.lateFee, d.status, plan?.paidAt ?? null],
  );
  const changed = rows[0].n;
  // Rooms with auto-deduct on pay what was approved from their prepayment balance, in this transaction.
  const paid = plan ? await plan.write() : { bills: 0, amount: 0 };
  await audit(tx, session, ip, "bills", "approve", batchTarget(body.batchId), { ...body, changed, deducted: paid.bills }, CODES.approval);
  return { changed, skipped: Math.max(0, (sel.asked ?? changed) - changed), deducted: paid.bills, deductedAmount: fenToYuan(paid.amount) };
}

export async function rejectBills(tx: DbSession, session: SessionInfo, ip: string | null, body: Record<string, unknown>): Promise<DecisionResult> {
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (!reason) throw refused("rejectReasonRequired", "reason");
  if ([...reason].length > 128) throw refused("rejectReasonTooLong", "reason");
  const bad = checkRule("cjkText", reason);
  if (bad) throw ruleBroken(bad, "reason");
  const sel = await selection(tx, session, body);
  const { rows } = await tx.query<{ n: number }>(
    `with upd as (
       update bills set status = 3, approver_id = $2, approved_at = now(), reject_reason = $4, updated_at = now(), updated_by = $2, version = version + 1
        where tenant_id = $1 and ${sel.where}
          and (status = 1 or (status = 2 and amount_paid = 0 and amount_waived = 0
               and not exists (select 1 from waivers w where w.tenant_id = bills.tenant_id and w.bill_id = bills.id and w.status = 1)))
        returning id, community_id
     ), decided as (
       insert into bill_approvals (tenant_id, community_id, bill_id, decision, reason, decider_id, decided_at, created_by, updated_by)
       select $1, community_id, id, 3, $4, $2, now(), $2, $2 from upd
     )
     select count(*)::int as n from upd`,
    [session.tenantId, session.userId, ...sel.params, reason],
  );
  const changed = rows[0].n;
  await audit(tx, session, ip, "bills", "reject", batchTarget(body.batchId), { ...body, changed }, CODES.approval);
  return { changed, skipped: Math.max(0, (sel.asked ?? changed) - changed) };
}
