// Voiding a receipt (作废, operation voidReceipt; the rules are written at the receipts resource in
// schemas/modules/propertyPayment.yaml). The receipt keeps its number, with status 已作废, the reason,
// who and when: receipt numbers come from the tenant's counter and a voided one is never reused.
//   - Nothing of it handed over (the day its charges count for is not closed, no refund of it waiting
//     or approved): each charge is reversed by a refund row (ReturnFlag.Refund, no refund, the
//     reason as remark) under the same receipt number, by the charge's cashier and pay method, booked
//     to the charge's own open day — so that day's reconciliation nets the receipt to zero — and taken
//     off its bill as a 冲正 is (the bill owes it again, in arrears once past due).
//   - Fully reversed by approved 冲正 refunds (no 退费, nothing waiting): only marked, even on a
//     closed day; its money went back with those refunds.
//   - Otherwise refused with the reason (RECEIPT_* of errors.yaml).
// Only receipts of bill payments (not paid from the prepayment balance) can be voided.
// Lock order as a refund's approval: the receipt's charges, then the receipt, then the bills.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { fenToYuan } from "../../common/money.ts";
import { audit, CODES, dayLockKey, fen, notFound, optionalText, nextPaymentSerialNo } from "./common.ts";
import { BALANCE_PAY_METHOD } from "./settings.ts";
import { takeOffBill } from "./refunds.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { PaymentSource, RefundKind, RefundStatus, ReturnFlag } from "../../../generated/states.ts";
import { stateActions } from "../../../generated/actions.ts";
import { startsFrom, stateRefusedMessage } from "../../common/payment/row-actions.ts";
import { apiError } from "../platform/http/envelope.ts";
import { queueWebhookEvent } from "../webhooks/public.ts";

const VOID = stateActions.receipts.actions.void;

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

export async function voidReceipt(tx: DbSession, session: SessionInfo, ip: string | null, id: number, reasonValue: unknown, at: Date = new Date()) {
  // The operation's validator refused a reason missing, blank or over 128 characters (请输入作废原因).
  const reason = optionalText(reasonValue, "reason", 128) ?? "";
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
  const rows = await camelRows<{ communityId: number; receiptNo: string; status: number }>(
    tx,
    sql`select community_id, receipt_no, status from receipts where tenant_id = ${session.tenantId} and id = ${id} for update`,
  );
  const receipt = rows[0];
  if (!startsFrom(VOID, receipt.status)) throw apiError("CONFLICT", { message: stateRefusedMessage(stateActions.receipts, VOID, receipt.status) });
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
  }
  await tx.query(
    sql`update receipts set status = ${VOID.to}, void_reason = ${reason}, voided_by = ${session.userId}, voided_at = ${at.toISOString()},
            updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  const reversedAmount = fullyReversed ? 0 : total;
  await audit(tx, session, ip, "receipts", "void", id, { communityId: receipt.communityId, receiptNo: receipt.receiptNo, reason, reversedAmount: fenToYuan(reversedAmount) }, CODES.received);
  await queueWebhookEvent(tx, session.tenantId, "receipt.voided", { receiptId: id, receiptNo: receipt.receiptNo, communityId: receipt.communityId, reason, reversedAmount: fenToYuan(reversedAmount) });
  return { id, status: VOID.to, receiptNo: receipt.receiptNo, reversedAmount, accountingDay: day };
}
