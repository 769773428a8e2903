// Refunds against a payment, full or partial, with approval. What can be refunded is the payment's
// amount minus what was already refunded or is waiting for approval, checked when applying and again
// (under the payment's row lock) when approving, so collected money never goes negative. An approved
// refund writes a payments row with ReturnFlag.Refund (same receipt number, the refund method, the
// refund's id), counts for the first open business day, gets its voucher number (TK{yyyymm}-000001,
// the tenant's gap-free counter of the approval's China month) and adds to its receipt's refunded
// amount. What it does to the bill depends on its kind (refundKind):
//   退费 (Reduction: the charge is reduced): the amount comes off the bill's amount due (then its late
//     fee) and off its paid amount, recorded as amountReduced: the bill owes what it owed before and
//     keeps its state, so it stays out of arrears and dunning;
//   冲正 (Reversal: the payment is reversed): the amount comes off the paid amount only, the bill owes
//     it again (部分缴费 / 已审核) and counts in arrears once past due.
// Four eyes (four-eyes.ts): while the tenant's rule 退费/冲正 is on, the applicant may not approve it.
// A receipt that was voided takes no refund. Approve and reject start from the states the refunds'
// actions declare (schemas/modules/propertyPayment.yaml, generated/actions.ts), the same the refunds
// page reads.
// A refund of a payment taken online goes back through its gateway (refund-gateway.ts; online
// payment registers how): approving it records the gateway refund and leaves the refund 退款中 with
// no ledger row; the ledger rows above are written when the gateway says it succeeded
// (completeGatewayRefund), or the refund becomes 退款失败 with the gateway's words and the payment
// stands (failGatewayRefund). A 退款中 refund's amount is held like an approved one.
import type { ApplyRefundBody, PrintRefundVoucherResult } from "../../../generated/operation-types.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { ALL_PAY_METHODS } from "./settings.ts";
import { accountingDay, billStatusOf } from "./bills.ts";
import { audit, CODES, dayLockKey, fen, nextCounter, notFound, optionalText, payAmountWithin, refused, personNameSql, nextPaymentSerialNo } from "./common.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { BillStatus, ReceiptStatus, RefundKind, RefundStatus, ReturnFlag } from "../../../generated/states.ts";
import { stateActions, type StateAction } from "../../../generated/actions.ts";
import { startsFrom, stateRefusedMessage } from "../../common/payment/row-actions.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { RefundGateway } from "./refund-gateway.ts";
import { queueWebhookEvent } from "../webhooks/public.ts";
import { billsSettledChanged } from "./settled-bills.ts";
import { FourEyesRule, refuseSelfApproval } from "./four-eyes.ts";

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
    sql`select id, community_id, bill_id, room_id, amount, pay_method,
            payment_type, return_flag, receipt_no
       from payments where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  if (!rows[0]) throw notFound();
  return { ...rows[0], amount: fen(rows[0].amount) };
}

/** Refunded (approved), on its way back through a gateway (sending) and waiting (pending) amounts of a payment, fen. */
async function refundedOf(tx: DbSession, tenantId: number, paymentId: number, exceptId = 0): Promise<{ approved: number; sending: number; pending: number }> {
  const { rows } = await tx.query<{ approved: string; sending: string; pending: string }>(
    sql`select coalesce(sum(amount) filter (where status = ${RefundStatus.Refunded}), 0)::bigint as approved,
            coalesce(sum(amount) filter (where status = ${RefundStatus.GatewayProcessing}), 0)::bigint as sending,
            coalesce(sum(amount) filter (where status = ${RefundStatus.Pending}), 0)::bigint as pending
       from refunds where tenant_id = ${tenantId} and payment_id = ${paymentId} and id <> ${exceptId}`,
  );
  return { approved: fen(rows[0].approved), sending: fen(rows[0].sending), pending: fen(rows[0].pending) };
}

/** What may still be refunded on a payment (for the dialog's payAmount maximum). */
export async function refundable(tx: DbSession, session: SessionInfo, id: number) {
  const rows = await camelRows<{ amount: string; returnFlag: number | null }>(tx, sql`select amount, return_flag from payments where tenant_id = ${session.tenantId} and id = ${id}`);
  if (!rows[0]) throw notFound();
  const r = await refundedOf(tx, session.tenantId, id);
  const left = rows[0].returnFlag === ReturnFlag.Refund ? 0 : Math.max(0, fen(rows[0].amount) - r.approved - r.sending - r.pending);
  return { paymentId: id, amount: fen(rows[0].amount), refunded: r.approved, pending: r.sending + r.pending, refundable: left };
}

/** The receipt of a payment (by its number): {id, status}, or null (a balance's refund row has none). */
async function receiptOfPayment(tx: DbSession, tenantId: number, receiptNo: string | null): Promise<{ id: number; status: number } | null> {
  if (receiptNo === null) return null;
  const rows = await camelRows<{ id: number; status: number }>(tx, sql`select id, status from receipts where tenant_id = ${tenantId} and receipt_no = ${receiptNo}`);
  return rows[0] ? { id: Number(rows[0].id), status: Number(rows[0].status) } : null;
}

/** The month part of a voucher number: the China month of `at`, yyyymm. */
const voucherMonth = (at: Date): string => chinaDay(at).slice(0, 7).replace("-", "");

/** The next voucher number of the tenant for `at`'s month, inside the approval's transaction (gap-free, never reused). */
async function nextVoucherNo(tx: DbSession, tenantId: number, at: Date): Promise<string> {
  const month = voucherMonth(at);
  const n = await nextCounter(tx, tenantId, `refundVoucher${month}`);
  return `TK${month}-${String(n).padStart(6, "0")}`;
}

const REFUND_KINDS: readonly number[] = Object.values(RefundKind);

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
  const kind = body.refundKind ?? RefundKind.Reversal;
  if (!REFUND_KINDS.includes(kind)) throw refused("selectRefundKind", "refundKind");
  // Read after the payment's lock: a void that locked it first has committed by now.
  const receipt = await receiptOfPayment(tx, session.tenantId, payment.receiptNo);
  if (receipt?.status === ReceiptStatus.Voided) throw apiError("RECEIPT_VOIDED_NO_REFUND");
  const done = await refundedOf(tx, session.tenantId, paymentId);
  const left = payment.amount - done.approved - done.sending - done.pending;
  if (left <= 0) throw refused("nothingRefundable", "amount");
  const amount = payAmountWithin(body.amount, "amount", left);
  if (amount <= 0) throw refused("positiveAmount", "amount");
  const method = body.refundMethod ?? payment.payMethod;
  if (!ALL_PAY_METHODS.includes(method)) throw refused("selectRefundMethod", "refundMethod");
  const reason = reasonOf(body.reason, "reason", "refundReasonRequired");
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into refunds (tenant_id, community_id, payment_id, receipt_id, bill_id, room_id, refund_kind, amount, refund_method, reason, applicant_id, apply_time, status,
                          created_by, updated_by)
     values (${session.tenantId}, ${payment.communityId}, ${paymentId}, ${receipt?.id ?? null}, ${payment.billId}, ${payment.roomId}, ${kind}, ${amount}, ${method}, ${reason},
             ${session.userId}, now(), ${RefundStatus.Pending}, ${session.userId}, ${session.userId}) returning id`,
  );
  await audit(tx, session, ip, "refunds", "apply", rows[0].id, { communityId: payment.communityId, paymentId, refundKind: kind, amount: fenToYuan(amount) }, CODES.received);
  return { id: rows[0].id, status: RefundStatus.Pending };
}

interface RefundRow {
  id: number;
  communityId: number;
  paymentId: number;
  receiptId: number | null;
  refundKind: number;
  billId: number | null;
  amount: number;
  refundMethod: number;
  status: number;
  reason: string;
  approverId: number | null;
  applicantId: number | null;
}

const REFUND_SELECT = sql`select id, community_id, payment_id, receipt_id, refund_kind, bill_id, amount, refund_method, status, reason, approver_id, coalesce(applicant_id, created_by) as applicant_id from refunds`;

/** The refund, locked, in a state the action starts from (else 409 naming its state and the action). */
async function lockRefund(tx: DbSession, tenantId: number, id: number, action: StateAction): Promise<RefundRow> {
  const rows = await camelRows<RefundRow>(tx, sql`${REFUND_SELECT} where tenant_id = ${tenantId} and id = ${id} for update`);
  if (!rows[0]) throw notFound();
  if (!startsFrom(action, rows[0].status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.refunds, action, rows[0].status) });
  return { ...rows[0], amount: fen(rows[0].amount) };
}

/** Who a refund's ledger rows name: the approving user (a gateway's answer may complete it later, with no session). */
type Actor = Pick<SessionInfo, "tenantId" | "userId" | "username">;

export interface ApprovedRefund {
  id: number;
  status: number;
  serialNo: string | null;
  accountingDay: string | null;
  voucherNo: string | null;
  failReason: string | null;
  /** The gateway refund the approval recorded (send it after the commit: RefundGateway.send); null for a refund paid back at the desk. */
  gatewayRefundId: number | null;
}

/**
 * Approves a refund. A refund of a payment taken online (`gateway` says so) is recorded for its
 * gateway and stays 退款中: the caller sends it after the commit. Any other is paid back at once.
 */
export async function approveRefund(tx: DbSession, session: SessionInfo, ip: string | null, id: number, at: Date = new Date(), gateway?: RefundGateway | null): Promise<ApprovedRefund> {
  const refund = await lockRefund(tx, session.tenantId, id, APPROVE);
  await refuseSelfApproval(tx, session, FourEyesRule.Refund, refund.applicantId);
  const payment = await lockPayment(tx, session.tenantId, refund.paymentId);
  const receipt = await receiptOfPayment(tx, session.tenantId, payment.receiptNo);
  if (receipt?.status === ReceiptStatus.Voided) throw apiError("RECEIPT_VOIDED_NO_REFUND");
  const done = await refundedOf(tx, session.tenantId, payment.id, refund.id);
  if (refund.amount > payment.amount - done.approved - done.sending) throw refused("refundOverRefundable", "amount");
  const gatewayRefundId = gateway
    ? await gateway.take(tx, session.tenantId, {
        refundId: refund.id,
        paymentId: payment.id,
        receiptId: receipt?.id ?? null,
        amount: refund.amount,
        refundMethod: refund.refundMethod,
        payMethod: payment.payMethod,
        reason: refund.reason,
      })
    : null;
  await queueWebhookEvent(tx, session.tenantId, "refund.approved", {
    refundId: refund.id,
    paymentId: payment.id,
    communityId: payment.communityId,
    amount: fenToYuan(refund.amount),
    refundMethod: refund.refundMethod,
    viaGateway: gatewayRefundId !== null,
  });
  if (gatewayRefundId !== null) {
    await tx.query(
      sql`update refunds set status = ${RefundStatus.GatewayProcessing}, approver_id = ${session.userId}, receipt_id = ${refund.receiptId ?? receipt?.id ?? null},
              updated_at = now(), updated_by = ${session.userId}, version = version + 1
        where tenant_id = ${session.tenantId} and id = ${refund.id}`,
    );
    await auditApproval(tx, session, ip, refund, payment, { gatewayRefundId });
    return { id: refund.id, status: RefundStatus.GatewayProcessing, serialNo: null, accountingDay: null, voucherNo: null, failReason: null, gatewayRefundId };
  }
  return { ...(await payBack(tx, session, ip, refund, payment, receipt, at)), failReason: null, gatewayRefundId: null };
}

/** The refund's state as its approval answers it (after its gateway refund was sent). */
export async function approvedRefund(db: DbSession, tenantId: number, id: number): Promise<Omit<ApprovedRefund, "gatewayRefundId">> {
  const rows = await camelRows<{ id: number; status: number; voucherNo: string | null; failReason: string | null; serialNo: string | null; accountingDay: string | null }>(
    db,
    sql`select f.id, f.status, f.voucher_no, f.fail_reason, p.serial_no, to_char(p.accounting_day, 'YYYY-MM-DD') as accounting_day
          from refunds f left join payments p on p.tenant_id = f.tenant_id and p.refund_id = f.id and p.return_flag = ${ReturnFlag.Refund}
         where f.tenant_id = ${tenantId} and f.id = ${id} order by p.id limit 1`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The approver of a gateway refund, as its ledger rows name it. */
async function approverOf(tx: DbSession, tenantId: number, refund: RefundRow): Promise<Actor> {
  const rows = await camelRows<{ username: string }>(tx, sql`select username from users where tenant_id = ${tenantId} and id = ${refund.approverId ?? 0}`);
  return { tenantId, userId: refund.approverId ?? 0, username: rows[0]?.username ?? "" };
}

/** A locked 退款中 refund, or null when it is no longer waiting for its gateway (completed or failed before). */
async function lockSending(tx: DbSession, tenantId: number, id: number): Promise<RefundRow | null> {
  const rows = await camelRows<RefundRow>(tx, sql`${REFUND_SELECT} where tenant_id = ${tenantId} and id = ${id} for update`);
  if (!rows[0] || rows[0].status !== RefundStatus.GatewayProcessing) return null;
  return { ...rows[0], amount: fen(rows[0].amount) };
}

/**
 * The gateway paid a 退款中 refund back: its ledger rows, as an approval at the desk writes them, at
 * the gateway's time. Exactly once: a refund no longer 退款中 is left as it is (false).
 */
export async function completeGatewayRefund(tx: DbSession, tenantId: number, id: number, at: Date): Promise<boolean> {
  const refund = await lockSending(tx, tenantId, id);
  if (!refund) return false;
  const payment = await lockPayment(tx, tenantId, refund.paymentId);
  const receipt = await receiptOfPayment(tx, tenantId, payment.receiptNo);
  // The money has left: it is recorded even on a receipt voided meanwhile, never refused.
  await payBack(tx, await approverOf(tx, tenantId, refund), null, refund, payment, receipt, at);
  return true;
}

/** The gateway did not pay a 退款中 refund back: 退款失败 with its words; the payment stands. Whether it was 退款中. */
export async function failGatewayRefund(tx: DbSession, tenantId: number, id: number, reason: string): Promise<boolean> {
  const refund = await lockSending(tx, tenantId, id);
  if (!refund) return false;
  await tx.query(
    sql`update refunds set status = ${RefundStatus.GatewayFailed}, fail_reason = ${reason.slice(0, 255)}, updated_at = now(), version = version + 1
         where tenant_id = ${tenantId} and id = ${refund.id}`,
  );
  await audit(tx, await approverOf(tx, tenantId, refund), null, "refunds", "gatewayFailed", refund.id, { communityId: refund.communityId, reason }, CODES.received);
  return true;
}

/** The approval's line in the operation log: at the desk its serial and voucher, for a gateway its refund. */
function auditApproval(tx: DbSession, session: Actor, ip: string | null, refund: RefundRow, payment: PaymentRow, what: Record<string, unknown>) {
  const detail = { communityId: payment.communityId, refundKind: refund.refundKind, amount: fenToYuan(refund.amount), ...what };
  return audit(tx, session, ip, "refunds", "approve", refund.id, detail, CODES.received);
}

/** The refund paid back: its bill, the refund payment row, its voucher number, its receipt's refunded amount. */
async function payBack(tx: DbSession, session: Actor, ip: string | null, refund: RefundRow, payment: PaymentRow, receipt: { id: number } | null, at: Date) {
  if (payment.billId !== null) await takeOffBill(tx, session, payment.billId, refund.amount, Number(refund.refundKind));
  const [k1, k2] = dayLockKey(payment.communityId);
  await tx.query(sql`select pg_advisory_xact_lock_shared(${k1}, ${k2})`);
  const day = await accountingDay(tx, session.tenantId, payment.communityId, chinaDay(at));
  const serialNo = await nextPaymentSerialNo(tx, session.tenantId, "R");
  const voucherNo = await nextVoucherNo(tx, session.tenantId, at);
  const { userId } = session;
  await tx.query(
    sql`insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, amount, pay_method, payment_type, return_flag, source,
                           receipt_no, refund_id, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
     select tenant_id, community_id, ${serialNo}, bill_id, room_id, ${refund.amount}, ${refund.refundMethod}, payment_type, ${ReturnFlag.Refund}, source,
            receipt_no, ${refund.id}, ${userId}, ${at.toISOString()}, ${day}::date, ${refund.reason.slice(0, 128)}, ${userId}, ${userId}
       from payments where tenant_id = ${session.tenantId} and id = ${payment.id}`,
  );
  const receiptId = refund.receiptId ?? receipt?.id ?? null;
  if (receiptId !== null) {
    await tx.query(sql`update receipts set refunded_amount = coalesce(refunded_amount, 0) + ${refund.amount}, updated_at = now(), updated_by = ${userId}, version = version + 1
                        where tenant_id = ${session.tenantId} and id = ${receiptId}`);
  }
  await tx.query(
    sql`update refunds set status = ${APPROVE.to}, approver_id = ${refund.approverId ?? userId}, refunded_at = ${at.toISOString()}, voucher_no = ${voucherNo}, receipt_id = ${receiptId},
            updated_at = now(), updated_by = ${userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${refund.id}`,
  );
  await auditApproval(tx, session, ip, refund, payment, { serialNo, voucherNo });
  return { id: refund.id, status: APPROVE.to, serialNo, accountingDay: day, voucherNo };
}

/**
 * Takes an approved refund off its bill, locked: a 冲正 off the paid amount (the bill owes it again),
 * a 退费 off the paid amount and off what the bill charges — its amount due down to what was waived,
 * then its late fee — recorded as amountReduced, so what it owes and its state stay as they were.
 */
export async function takeOffBill(tx: DbSession, session: Pick<SessionInfo, "tenantId" | "userId">, billId: number, amount: number, kind: number): Promise<void> {
  const rows = await camelRows<{ amountDue: string; lateFee: string; amountPaid: string; amountWaived: string; amountReduced: string }>(
    tx,
    sql`select amount_due, late_fee, amount_paid, amount_waived, amount_reduced
       from bills where tenant_id = ${session.tenantId} and id = ${billId} for update`,
  );
  const b = { amountDue: fen(rows[0].amountDue), lateFee: fen(rows[0].lateFee), amountPaid: fen(rows[0].amountPaid), amountWaived: fen(rows[0].amountWaived) };
  const paid = b.amountPaid - amount;
  if (paid < 0) throw refused("refundOverPaid", "amount");
  let { amountDue, lateFee } = b;
  let reduced = fen(rows[0].amountReduced);
  if (kind === RefundKind.Reduction) {
    const offDue = Math.min(amount, Math.max(0, amountDue - b.amountWaived));
    amountDue -= offDue;
    lateFee -= amount - offDue;
    reduced += amount;
  }
  const status = billStatusOf({ amountDue, lateFee, amountPaid: paid, amountWaived: b.amountWaived });
  await tx.query(
    sql`update bills set amount_paid = ${paid}, amount_due = ${amountDue}, late_fee = ${lateFee}, amount_reduced = ${reduced}, status = ${status},
            paid_at = case when ${status}::int = ${BillStatus.Paid} then paid_at else null end,
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${billId}`,
  );
  await billsSettledChanged(tx, session.tenantId, [billId]);
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

/** The voucher of an approved refund (退费凭证 / 冲正凭证 by its kind), for the print page. */
export async function refundVoucher(db: DbSession, session: SessionInfo, id: number): Promise<PrintRefundVoucherResult> {
  type Row = Omit<PrintRefundVoucherResult, "amount" | "lines" | "voucherNo" | "refundedAt"> & {
    amount: string;
    status: number;
    voucherNo: string | null;
    refundedAt: string | null;
    paymentId: number;
  };
  const rows = await camelRows<Row>(
    db,
    sql`select f.id, f.voucher_no, f.refund_kind, f.status, c.name as community_name, ro.full_name as room_name,
            coalesce(rc.payer_name, p.payer_name) as payer_name, rc.id as receipt_id, coalesce(rc.receipt_no, p.receipt_no) as receipt_no,
            f.amount, f.refund_method, f.reason, f.apply_time, f.refunded_at, f.payment_id,
            (select ${personNameSql("u")} from users u where u.tenant_id = f.tenant_id and u.id = coalesce(f.applicant_id, f.created_by)) as applicant_name,
            (select ${personNameSql("u")} from users u where u.tenant_id = f.tenant_id and u.id = f.approver_id) as approver_name
       from refunds f join communities c on c.tenant_id = f.tenant_id and c.id = f.community_id
       join payments p on p.tenant_id = f.tenant_id and p.id = f.payment_id
       left join receipts rc on rc.tenant_id = f.tenant_id and rc.id = f.receipt_id
       left join rooms ro on ro.tenant_id = f.tenant_id and ro.id = f.room_id
      where f.tenant_id = ${session.tenantId} and f.id = ${id}`,
  );
  const v = rows[0];
  if (!v) throw notFound();
  if (v.status !== RefundStatus.Refunded || !v.voucherNo || !v.refundedAt) throw apiError("REFUND_NO_VOUCHER");
  const lines = await camelRows<{ serialNo: string; billNo: string | null; period: string | null; itemName: string | null; paidAmount: string }>(
    db,
    sql`select p.serial_no, b.bill_no, b.period, i.name as item_name, p.amount as paid_amount
       from payments p left join bills b on b.tenant_id = p.tenant_id and b.id = p.bill_id
       left join payment_items i on i.tenant_id = p.tenant_id and i.id = coalesce(b.payment_item_id, p.payment_item_id)
      where p.tenant_id = ${session.tenantId} and p.id = ${v.paymentId}`,
  );
  const { status: _status, paymentId: _paymentId, ...rest } = v;
  return {
    ...rest,
    id: Number(v.id),
    receiptId: v.receiptId === null ? null : Number(v.receiptId),
    voucherNo: v.voucherNo,
    refundedAt: v.refundedAt,
    amount: fen(v.amount),
    lines: lines.map((l) => ({ ...l, paidAmount: fen(l.paidAmount), amount: fen(v.amount) })),
  };
}
