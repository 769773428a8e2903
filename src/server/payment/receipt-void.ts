// Voiding a receipt (作废; the rules are written at the receipts resource in
// schemas/modules/propertyPayment.yaml). Four eyes (four-eyes.ts): one user applies (voidReceipt:
// 已开具 → 作废待审核, the reason, who and when), another approves (approveVoidReceipt: the reversal
// below, 作废待审核 → 已作废) or rejects it (rejectVoidReceipt: back to 已开具). The checks run at both
// steps: the receipt may have been touched meanwhile. The receipt keeps its number: receipt numbers
// come from the tenant's counter and a voided one is never reused.
//   - Nothing of it handed over (the day its charges count for is not closed, no refund of it waiting
//     or approved): each charge is reversed by a refund row (ReturnFlag.Refund, no refund, the
//     reason as remark) under the same receipt number, by the charge's cashier and pay method, booked
//     to the charge's own open day — so that day's reconciliation nets the receipt to zero — and taken
//     off its bill as a 冲正 is (the bill owes it again, in arrears once past due).
//   - Fully reversed by approved 冲正 refunds (no 退费, nothing waiting): only marked, even on a
//     closed day; its money went back with those refunds.
//   - Otherwise refused with the reason (RECEIPT_* of errors.yaml).
// A receipt of prepaid months (desk.ts prepayBills: its bills were made in its own transaction, so
// they carry its created_at and no batch) also takes back those bills: reversed, they return to 草稿,
// waiting for bill approval like a generated bill, never in arrears or dunning while unapproved.
// Only receipts of bill payments (not paid from the prepayment balance) can be voided.
// Lock order as a refund's approval: the receipt's charges, then the receipt, then the bills.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { fenToYuan } from "../../common/money.ts";
import { audit, CODES, dayLockKey, fen, notFound, optionalText, nextPaymentSerialNo, refused } from "./common.ts";
import { FourEyesRule, refuseSelfApproval } from "./four-eyes.ts";
import { BALANCE_PAY_METHOD } from "./settings.ts";
import { takeOffBill } from "./refunds.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { BillStatus, PaymentSource, RefundKind, RefundStatus, ReturnFlag } from "../../../generated/states.ts";
import { stateActions, type StateAction } from "../../../generated/actions.ts";
import { startsFrom, stateRefusedMessage } from "../../common/payment/row-actions.ts";
import { apiError } from "../platform/http/envelope.ts";
import { queueWebhookEvent } from "../webhooks/public.ts";

const { void: VOID, approveVoid: APPROVE_VOID, rejectVoid: REJECT_VOID } = stateActions.receipts.actions;

interface Charge {
  id: number;
  communityId: number;
  billId: number | null;
  amount: number;
  payMethod: number;
  source: number | null;
  cashierId: number | null;
  accountingDay: string | null;
}

interface Voidable {
  receipt: { communityId: number; receiptNo: string; status: number; voidReason: string | null; voidAppliedBy: number | null; createdAt: string };
  charges: Charge[];
  total: number;
  fullyReversed: boolean;
  /** The open day its reversal is booked to (null: fully reversed, nothing to book). */
  day: string | null;
}

/** The receipt and its charges, locked, in a state the action starts from, and whether it may be voided (else refused with the reason). */
async function lockVoidable(tx: DbSession, session: SessionInfo, id: number, action: StateAction): Promise<Voidable> {
  const found = await camelRows<{ receiptNo: string }>(tx, sql`select receipt_no from receipts where tenant_id = ${session.tenantId} and id = ${id}`);
  if (!found[0]) throw notFound();
  const charges = (
    await camelRows<Charge>(
      tx,
      sql`select id, community_id, bill_id, amount, pay_method, source, cashier_id, accounting_day::text as accounting_day
         from payments where tenant_id = ${session.tenantId} and receipt_no = ${found[0].receiptNo} and return_flag is distinct from ${ReturnFlag.Refund}
        order by id for update`,
    )
  ).map((c) => ({ ...c, id: Number(c.id), billId: c.billId === null ? null : Number(c.billId), amount: fen(c.amount) }));
  const rows = await camelRows<Voidable["receipt"]>(
    tx,
    sql`select community_id, receipt_no, status, void_reason, void_applied_by, created_at::text as created_at from receipts where tenant_id = ${session.tenantId} and id = ${id} for update`,
  );
  const receipt = rows[0];
  if (!startsFrom(action, receipt.status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.receipts, action, receipt.status) });
  if (!charges.length || charges.some((c) => (c.source ?? PaymentSource.BillPayment) !== PaymentSource.BillPayment || c.billId === null || c.payMethod === BALANCE_PAY_METHOD)) {
    throw apiError("RECEIPT_NOT_VOIDABLE");
  }

  // Its refunds: waiting ones (or on their way back through a gateway) refuse; approved ones allow only a full 冲正.
  const { rows: r } = await tx.query<{ pending: string; reversed: string; reduced: string }>(
    sql`select count(*) filter (where status in (${RefundStatus.Pending}, ${RefundStatus.GatewayProcessing}))::int as pending,
            coalesce(sum(amount) filter (where status = ${RefundStatus.Refunded} and refund_kind = ${RefundKind.Reversal}), 0)::bigint as reversed,
            coalesce(sum(amount) filter (where status = ${RefundStatus.Refunded} and refund_kind is distinct from ${RefundKind.Reversal}), 0)::bigint as reduced
       from refunds where tenant_id = ${session.tenantId} and payment_id = any(${charges.map((c) => c.id)}::bigint[])`,
  );
  if (Number(r[0].pending) > 0) throw apiError("RECEIPT_REFUND_PENDING");
  const total = charges.reduce((s, c) => s + c.amount, 0);
  const reversed = fen(r[0].reversed);
  const reduced = fen(r[0].reduced);
  const fullyReversed = reduced === 0 && reversed === total;
  if (!fullyReversed && reversed + reduced > 0) throw apiError("RECEIPT_REFUNDED");

  let day: string | null = null;
  if (!fullyReversed) {
    const [k1, k2] = dayLockKey(receipt.communityId);
    await tx.query(sql`select pg_advisory_xact_lock_shared(${k1}, ${k2})`);
    const days = [...new Set(charges.map((c) => String(c.accountingDay)))];
    const { rows: closed } = await tx.query(sql`select 1 from daily_closings where tenant_id = ${session.tenantId} and community_id = ${receipt.communityId} and day = any(${days}::date[]) limit 1`);
    if (closed.length) throw apiError("RECEIPT_DAY_CLOSED");
    day = days[0];
  }
  return { receipt, charges, total, fullyReversed, day };
}

/** Applies for the void: 作废待审核 with the reason, the applicant and when; nothing of the money moves yet. */
export async function voidReceipt(tx: DbSession, session: SessionInfo, ip: string | null, id: number, reasonValue: unknown, at: Date = new Date()) {
  // The operation's validator refused a reason missing, blank or over 128 characters (请输入作废原因).
  const reason = optionalText(reasonValue, "reason", 128) ?? "";
  const { receipt } = await lockVoidable(tx, session, id, VOID);
  await tx.query(
    sql`update receipts set status = ${VOID.to}, void_reason = ${reason}, void_applied_by = ${session.userId}, void_applied_at = ${at.toISOString()}, void_reject_reason = null,
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  await audit(tx, session, ip, "receipts", "applyVoid", id, { communityId: receipt.communityId, receiptNo: receipt.receiptNo, reason }, CODES.received);
  return { id, status: VOID.to };
}

/** Approves the void (another user than the applicant while the rule is on): the reversal, then 已作废. */
export async function approveVoidReceipt(tx: DbSession, session: SessionInfo, ip: string | null, id: number, at: Date = new Date()) {
  const { receipt, charges, total, fullyReversed, day } = await lockVoidable(tx, session, id, APPROVE_VOID);
  await refuseSelfApproval(tx, session, FourEyesRule.VoidReceipt, receipt.voidAppliedBy);
  const reason = receipt.voidReason ?? "";
  if (!fullyReversed) {
    const remark = fillTexts.ledger.receiptVoided({ reason }).slice(0, 128);
    for (const c of charges) {
      await takeOffBill(tx, session, c.billId!, c.amount, RefundKind.Reversal);
      const serialNo = await nextPaymentSerialNo(tx, session.tenantId, "R");
      await tx.query(
        sql`insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, payer_name, amount, pay_method, payment_type, return_flag, source,
                               receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
         select tenant_id, community_id, ${serialNo}, bill_id, room_id, payer_name, amount, pay_method, payment_type, ${ReturnFlag.Refund}, source,
                receipt_no, cashier_id, ${at.toISOString()}, accounting_day, ${remark}, ${session.userId}, ${session.userId}
           from payments where tenant_id = ${session.tenantId} and id = ${c.id}`,
      );
    }
    await unapprovePrepaidBills(tx, session, receipt.createdAt, charges);
  }
  await tx.query(
    sql`update receipts set status = ${APPROVE_VOID.to}, voided_by = ${session.userId}, voided_at = ${at.toISOString()},
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  const reversedAmount = fullyReversed ? 0 : total;
  await audit(tx, session, ip, "receipts", "void", id, { communityId: receipt.communityId, receiptNo: receipt.receiptNo, reason, reversedAmount: fenToYuan(reversedAmount) }, CODES.received);
  await queueWebhookEvent(tx, session.tenantId, "receipt.voided", { receiptId: id, receiptNo: receipt.receiptNo, communityId: receipt.communityId, reason, reversedAmount: fenToYuan(reversedAmount) });
  return { id, status: APPROVE_VOID.to, receiptNo: receipt.receiptNo, reversedAmount, accountingDay: day };
}

/**
 * The bills a prepayment of months made with this receipt (no batch, made in the receipt's own
 * transaction: the same created_at), reversed now, go back to 草稿: they wait for bill approval as a
 * generated bill does and never reach arrears or dunning before that.
 */
async function unapprovePrepaidBills(tx: DbSession, session: SessionInfo, receiptCreatedAt: string, charges: Charge[]) {
  const billIds = [...new Set(charges.map((c) => c.billId!))];
  await tx.query(
    sql`update bills set status = ${BillStatus.Draft}, approver_id = null, approved_at = null, late_fee = 0, paid_at = null,
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = any(${billIds}::bigint[]) and batch_id is null and created_at = ${receiptCreatedAt}::timestamptz
        and amount_paid = 0 and amount_waived = 0`,
  );
}

/** Rejects the void: the receipt is 已开具 again, with the rejection's reason. */
export async function rejectVoidReceipt(tx: DbSession, session: SessionInfo, ip: string | null, id: number, reasonValue: unknown) {
  const reason = optionalText(reasonValue, "reason", 128);
  if (!reason) throw refused("rejectReasonRequired", "reason");
  const rows = await camelRows<{ communityId: number; receiptNo: string; status: number }>(
    tx,
    sql`select community_id, receipt_no, status from receipts where tenant_id = ${session.tenantId} and id = ${id} for update`,
  );
  if (!rows[0]) throw notFound();
  if (!startsFrom(REJECT_VOID, rows[0].status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.receipts, REJECT_VOID, rows[0].status) });
  await tx.query(
    sql`update receipts set status = ${REJECT_VOID.to}, void_reject_reason = ${reason}, void_reason = null,
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  await audit(tx, session, ip, "receipts", "rejectVoid", id, { communityId: rows[0].communityId, receiptNo: rows[0].receiptNo, reason }, CODES.received);
  return { id, status: REJECT_VOID.to };
}
