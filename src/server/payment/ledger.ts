// Money taken or given back at the counter outside a bill: prepayment recharges and their refunds,
// deposits, temporary charges. Each is a payments row (its source, item and room, no bill) so the
// daily settlement, closing and the received list count it like any charge; a charge gets a
// receipt numbered like the cashier's (prefix + the tenant's gap-free counter), a refund is a
// ReturnFlag.Refund row under the charge's receipt number. All inside the caller's transaction, under
// the community's shared day lock (a day being closed waits).
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { chinaDay } from "../../common/china-time.ts";
import { accountingDay } from "./bills.ts";
import { ALL_PAY_METHODS, BALANCE_PAY_METHOD, loadSettings } from "./settings.ts";
import { dayLockKey, nextCounter, PAYMENT_TYPE_OTHER, refused, RETURN_FLAG_CHARGE, nextPaymentSerialNo } from "./common.ts";
import { sql } from "../platform/db/sql.ts";
import { PaymentSource, ReceiptStatus, ReceiptType, ReturnFlag } from "../../../generated/states.ts";

export { BALANCE_PAY_METHOD };

export interface CounterMoney {
  communityId: number;
  roomId: number | null;
  paymentItemId?: number | null;
  /** payments.source (mapping paymentSource). */
  source: PaymentSource;
  amount: number;
  payMethod: number;
  payerName?: string | null;
  remark?: string | null;
  at?: Date;
}

/** A pay method the community accepts at the counter, else 400. */
export async function acceptedPayMethod(tx: DbSession, session: SessionInfo, communityId: number, value: unknown, field = "payMethod"): Promise<number> {
  const method = Number(value);
  if (!Number.isInteger(method) || !ALL_PAY_METHODS.includes(method)) throw refused("selectPayMethod", field);
  const settings = await loadSettings(tx, session.tenantId, communityId);
  if (!settings.payMethods.includes(method)) throw refused("payMethodDisabled", field);
  return method;
}

async function dayOf(tx: DbSession, tenantId: number, communityId: number, at: Date): Promise<string> {
  const [k1, k2] = dayLockKey(communityId);
  await tx.query(sql`select pg_advisory_xact_lock_shared(${k1}, ${k2})`);
  return accountingDay(tx, tenantId, communityId, chinaDay(at));
}

/** A charge with its receipt: {paymentId, receiptId, receiptNo, accountingDay}. */
export async function recordCharge(tx: DbSession, session: SessionInfo, m: CounterMoney) {
  const at = m.at ?? new Date();
  const day = await dayOf(tx, session.tenantId, m.communityId, at);
  const settings = await loadSettings(tx, session.tenantId, m.communityId);
  const receiptNo = `${settings.receiptPrefix || "SJ"}${String(await nextCounter(tx, session.tenantId, "receipt")).padStart(10, "0")}`;
  const serialNo = await nextPaymentSerialNo(tx, session.tenantId, "P");
  const { userId } = session;
  const { rows: p } = await tx.query<{ id: number }>(
    sql`insert into payments (tenant_id, community_id, serial_no, room_id, payer_name, amount, pay_method, payment_type, return_flag, source, payment_item_id,
                           receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
     values (${session.tenantId}, ${m.communityId}, ${serialNo}, ${m.roomId}, ${m.payerName ?? null}, ${m.amount}, ${m.payMethod}, ${PAYMENT_TYPE_OTHER}, ${RETURN_FLAG_CHARGE},
             ${m.source}, ${m.paymentItemId ?? null}, ${receiptNo}, ${userId}, ${at.toISOString()}, ${day}::date, ${m.remark ?? null}, ${userId}, ${userId}) returning id`,
  );
  const { rows: r } = await tx.query<{ id: number }>(
    sql`insert into receipts (tenant_id, community_id, receipt_no, receipt_type, payment_id, room_id, payer_name, invoice_title, tax_no, amount,
                           pay_method, status, issued_at, issuer_id, created_by, updated_by)
     values (${session.tenantId}, ${m.communityId}, ${receiptNo}, ${settings.defaultReceiptType || ReceiptType.Receipt}, ${p[0].id}, ${m.roomId}, ${m.payerName ?? null},
             ${settings.receiptTitle}, ${settings.taxNo}, ${m.amount}, ${m.payMethod}, ${ReceiptStatus.Issued}, ${at.toISOString()}, ${userId}, ${userId}, ${userId}) returning id`,
  );
  return { paymentId: Number(p[0].id), receiptId: Number(r[0].id), receiptNo, accountingDay: day };
}

/** Money given back (ReturnFlag.Refund) under the receipt number of what was collected: {paymentId, serialNo, accountingDay}. */
export async function recordReturn(tx: DbSession, session: SessionInfo, m: CounterMoney & { receiptNo: string | null }) {
  const at = m.at ?? new Date();
  const day = await dayOf(tx, session.tenantId, m.communityId, at);
  const serialNo = await nextPaymentSerialNo(tx, session.tenantId, "R");
  const { userId } = session;
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into payments (tenant_id, community_id, serial_no, room_id, payer_name, amount, pay_method, payment_type, return_flag, source, payment_item_id,
                           receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
     values (${session.tenantId}, ${m.communityId}, ${serialNo}, ${m.roomId}, ${m.payerName ?? null}, ${m.amount}, ${m.payMethod}, ${PAYMENT_TYPE_OTHER}, ${ReturnFlag.Refund},
             ${m.source}, ${m.paymentItemId ?? null}, ${m.receiptNo}, ${userId}, ${at.toISOString()}, ${day}::date, ${m.remark ?? null}, ${userId}, ${userId}) returning id`,
  );
  return { paymentId: Number(rows[0].id), serialNo, accountingDay: day };
}

/** The room of a community-scoped row must be in that community (the generic path checks only the tenant). */
export async function requireRoomIn(tx: DbSession, tenantId: number, communityId: number, roomId: number | null): Promise<void> {
  if (roomId === null) return;
  const { rows } = await tx.query(sql`select 1 from rooms where tenant_id = ${tenantId} and id = ${roomId} and community_id = ${communityId}`);
  if (!rows.length) throw refused("roomNotInCommunity", "roomId");
}
