// Refunds against a payment, full or partial, with approval. What can be refunded is the payment's
// amount minus what was already refunded or is waiting for approval, checked when applying and again
// (under the payment's row lock) when approving, so collected money never goes negative. An approved
// refund writes a payments row with ReturnFlag.Refund (same receipt number, the refund method), takes the
// amount off the bill's paid amount (the bill becomes payable again) and counts for the first open
// business day. Approve and reject start from the states the refunds' actions declare
// (schemas/modules/propertyPayment.yaml, generated/actions.ts), the same the refunds page reads.
import type { ApplyRefundBody } from "../../../generated/operation-types.ts";
import type { DbSession } from "../db/types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { ALL_PAY_METHODS } from "./settings.ts";
import { accountingDay } from "./bills.ts";
import { audit, CODES, dayLockKey, fen, nextCounter, notFound, optionalText, payAmountFen, refused } from "./common.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql } from "../db/sql.ts";
import { BillStatus, RefundStatus, ReturnFlag } from "../../../generated/states.ts";
import { stateActions, type StateAction } from "../../../generated/actions.ts";
import { startsFrom, stateRefusedMessage } from "../../common/payment/row-actions.ts";
import { apiError } from "../http/envelope.ts";

const { approve: APPROVE, reject: REJECT } = stateActions.refunds.actions;

interface PaymentRow {
  id: number;
  communityId: number;
  billId: number | null;
  roomId: number;
  amount: number;
  payMethod: number;
  paymentType: number | null;
  returnFlag: number | null;
  receiptNo: string | null;
}

async function lockPayment(tx: DbSession, tenantId: number, id: number): Promise<PaymentRow> {
  const rows = await camelRows<PaymentRow>(
    tx,
    `select id, community_id, bill_id, room_id, amount, pay_method,
            payment_type, return_flag, receipt_no
       from payments where tenant_id = $1 and id = $2 for update`,
    [tenantId, id],
  );
  if (!rows[0]) throw notFound();
  return { ...rows[0], amount: fen(rows[0].amount) };
}

/** Refunded (approved) and waiting (pending) amounts of a payment, fen. */
async function refundedOf(tx: DbSession, tenantId: number, paymentId: number, exceptId = 0): Promise<{ approved: number; pending: number }> {
  const { rows } = await tx.query<{ approved: string; pending: string }>(
    sql`select coalesce(sum(amount) filter (where status = ${RefundStatus.Refunded}), 0)::bigint as approved,
            coalesce(sum(amount) filter (where status = ${RefundStatus.Pending}), 0)::bigint as pending
       from refunds where tenant_id = ${tenantId} and payment_id = ${paymentId} and id <> ${exceptId}`,
  );
  return { approved: fen(rows[0].approved), pending: fen(rows[0].pending) };
}

/** What may still be refunded on a payment (for the dialog's payAmount maximum). */
export async function refundable(tx: DbSession, session: SessionInfo, id: number) {
  const rows = await camelRows<{ amount: string; returnFlag: number | null }>(tx, "select amount, return_flag from payments where tenant_id = $1 and id = $2", [session.tenantId, id]);
  if (!rows[0]) throw notFound();
  const r = await refundedOf(tx, session.tenantId, id);
  const left = rows[0].returnFlag === ReturnFlag.Refund ? 0 : Math.max(0, fen(rows[0].amount) - r.approved - r.pending);
  return { paymentId: id, amount: fenToYuan(fen(rows[0].amount)), refunded: fenToYuan(r.approved), pending: fenToYuan(r.pending), refundable: fenToYuan(left) };
}

function reasonOf(value: unknown, field: string, empty: "rejectReasonRequired" | "refundReasonRequired" | "waiverReasonRequired"): string {
  const text = optionalText(value, field, 128);
  if (!text) throw refused(empty, field);
  return text;
}

export async function applyRefund(tx: DbSession, session: SessionInfo, ip: string | null, body: ApplyRefundBody) {
  const paymentId = body.paymentId ?? null;
  if (paymentId === null) throw refused("selectPayment", "paymentId");
  const payment = await lockPayment(tx, session.tenantId, paymentId);
  if (payment.returnFlag === ReturnFlag.Refund) throw refused("refundOfRefund", "paymentId");
  const done = await refundedOf(tx, session.tenantId, paymentId);
  const left = payment.amount - done.approved - done.pending;
  if (left <= 0) throw refused("nothingRefundable", "amount");
  const amount = payAmountFen(body.amount, "amount", left);
  if (amount <= 0) throw refused("positiveAmount", "amount");
  const method = body.refundMethod ?? payment.payMethod;
  if (!ALL_PAY_METHODS.includes(method)) throw refused("selectRefundMethod", "refundMethod");
  const reason = reasonOf(body.reason, "reason", "refundReasonRequired");
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into refunds (tenant_id, community_id, payment_id, bill_id, room_id, amount, refund_method, reason, apply_time, status, created_by, updated_by)
     values (${session.tenantId}, ${payment.communityId}, ${paymentId}, ${payment.billId}, ${payment.roomId}, ${amount}, ${method}, ${reason}, now(), ${RefundStatus.Pending},
             ${session.userId}, ${session.userId}) returning id`,
  );
  await audit(tx, session, ip, "refunds", "apply", rows[0].id, { communityId: payment.communityId, paymentId, amount: fenToYuan(amount) }, CODES.received);
  return { id: rows[0].id, status: RefundStatus.Pending };
}

interface RefundRow {
  id: number;
  communityId: number;
  paymentId: number;
  billId: number | null;
  amount: number;
  refundMethod: number;
  status: number;
  reason: string;
}

/** The refund, locked, in a state the action starts from (else 409 naming its state and the action). */
async function lockRefund(tx: DbSession, tenantId: number, id: number, action: StateAction): Promise<RefundRow> {
  const rows = await camelRows<RefundRow>(
    tx,
    `select id, community_id, payment_id, bill_id, amount, refund_method, status, reason
       from refunds where tenant_id = $1 and id = $2 for update`,
    [tenantId, id],
  );
  if (!rows[0]) throw notFound();
  if (!startsFrom(action, rows[0].status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.refunds, action, rows[0].status) });
  return { ...rows[0], amount: fen(rows[0].amount) };
}

export async function approveRefund(tx: DbSession, session: SessionInfo, ip: string | null, id: number, at: Date = new Date()) {
  const refund = await lockRefund(tx, session.tenantId, id, APPROVE);
  const payment = await lockPayment(tx, session.tenantId, refund.paymentId);
  const done = await refundedOf(tx, session.tenantId, payment.id, refund.id);
  if (refund.amount > payment.amount - done.approved) throw refused("refundOverRefundable", "amount");
  if (payment.billId !== null) {
    const rows = await camelRows<{ amountDue: string; lateFee: string; amountPaid: string; amountWaived: string }>(
      tx,
      `select amount_due, late_fee, amount_paid, amount_waived
         from bills where tenant_id = $1 and id = $2 for update`,
      [session.tenantId, payment.billId],
    );
    const b = rows[0];
    const paid = fen(b.amountPaid) - refund.amount;
    if (paid < 0) throw refused("refundOverPaid", "amount");
    const status = paid + fen(b.amountWaived) >= fen(b.amountDue) + fen(b.lateFee) ? BillStatus.Paid : paid > 0 ? BillStatus.PartlyPaid : BillStatus.Approved;
    await tx.query(
      sql`update bills set amount_paid = ${paid}, status = ${status}, paid_at = case when ${status}::int = ${BillStatus.Paid} then paid_at else null end,
              updated_at = now(), updated_by = ${session.userId}, version = version + 1
        where tenant_id = ${session.tenantId} and id = ${payment.billId}`,
    );
  }
  const [k1, k2] = dayLockKey(payment.communityId);
  await tx.query("select pg_advisory_xact_lock_shared($1, $2)", [k1, k2]);
  const day = await accountingDay(tx, session.tenantId, payment.communityId, chinaDay(at));
  const serialNo = `R${String(await nextCounter(tx, session.tenantId, "payment")).padStart(12, "0")}`;
  const { userId } = session;
  await tx.query(
    sql`insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, amount, pay_method, payment_type, return_flag,
                           receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
     select tenant_id, community_id, ${serialNo}, bill_id, room_id, ${refund.amount}, ${refund.refundMethod}, payment_type, ${ReturnFlag.Refund},
            receipt_no, ${userId}, ${at.toISOString()}, ${day}::date, ${refund.reason.slice(0, 128)}, ${userId}, ${userId}
       from payments where tenant_id = ${session.tenantId} and id = ${payment.id}`,
  );
  await tx.query(
    sql`update refunds set status = ${APPROVE.to}, approver_id = ${userId}, refunded_at = ${at.toISOString()}, updated_at = now(), updated_by = ${userId},
            version = version + 1
      where tenant_id = ${session.tenantId} and id = ${refund.id}`,
  );
  await audit(tx, session, ip, "refunds", "approve", refund.id, { communityId: payment.communityId, amount: fenToYuan(refund.amount), serialNo }, CODES.received);
  return { id: refund.id, status: APPROVE.to, serialNo, accountingDay: day };
}

export async function rejectRefund(tx: DbSession, session: SessionInfo, ip: string | null, id: number, reasonValue: unknown) {
  const reason = reasonOf(reasonValue, "reason", "rejectReasonRequired");
  const refund = await lockRefund(tx, session.tenantId, id, REJECT);
  await tx.query(
    sql`update refunds set status = ${REJECT.to}, approver_id = ${session.userId}, reject_reason = ${reason}, updated_at = now(), updated_by = ${session.userId},
            version = version + 1
      where tenant_id = ${session.tenantId} and id = ${refund.id}`,
  );
  await audit(tx, session, ip, "refunds", "reject", refund.id, { communityId: refund.communityId, reason }, CODES.received);
  return { id: refund.id, status: REJECT.to };
}
