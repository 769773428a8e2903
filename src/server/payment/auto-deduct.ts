// Automatic deduction at approval: the bills a call just approved, of rooms whose prepayment
// account has autoDeduct on (and is in use, with a balance), are paid from the balance in the
// approval's transaction, oldest period first. A bill is paid whole while the balance covers it;
// the first one it does not cover is paid in part only where the community allows partial payment,
// and the room stops there. Each paid bill is a payments row (pay method BALANCE_PAY_METHOD, source
// PaymentSource.BillPayment) with a deduction row in the ledger; each room gets one receipt.
// Set-based (a few statements for any number of rooms), so approving a whole batch stays fast. The
// accounts are locked (FOR UPDATE, in id order) before their balances are read: a recharge or a
// cashier racing it waits, then sees the new balance.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { chinaDay } from "../../common/china-time.ts";
import { accountingDay, billStatusOf, lateFeeOn, normalizeBill, owedOn, withItemTerms, type BillColumnsRow } from "./bills.ts";
import { billsSettledChanged } from "./settled-bills.ts";
import { dayLockKey, fen, PAYMENT_TYPE_OTHER, RETURN_FLAG_CHARGE, paymentSerialNo } from "./common.ts";
import { loadSettings, type PaymentSettings } from "./settings.ts";
import { BALANCE_PAY_METHOD } from "./ledger.ts";
import { texts } from "../../../generated/texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, Shared, sharing, sql } from "../platform/db/sql.ts";
import { PaymentSource, PrepayAccountStatus, PrepayTxStatus, PrepayTxType, ReceiptStatus, ReceiptType } from "../../../generated/states.ts";

/** Reserves n numbers of a tenant counter at once; returns the first. */
async function reserveCounter(tx: DbSession, tenantId: number, name: string, n: number): Promise<number> {
  const { rows } = await tx.query<{ value: number }>(
    sql`insert into tenant_counters (tenant_id, name, value) values (${tenantId}, ${name}, ${n})
     on conflict (tenant_id, name) do update set value = tenant_counters.value + ${n} returning value`,
  );
  return Number(rows[0].value) - n + 1;
}

interface Account {
  id: number;
  roomId: number;
  communityId: number;
  balance: number;
}

export interface DeductionResult {
  /** Bills paid (whole or in part) from a balance. */
  bills: number;
  /** Fen taken off the balances. */
  amount: number;
}

/**
 * What the approval's own update writes on each bill it approves, in the order of its ids (fen; null:
 * nothing paid from a balance, the bill is only approved).
 */
export interface DeductedBills {
  paid: (number | null)[];
  lateFee: (number | null)[];
  status: (number | null)[];
}

export interface DeductionPlan {
  bills: DeductedBills;
  /** What write() takes off the balances: the bills paid and the fen (an approval's preview shows it). */
  planned: DeductionResult;
  /** When the deduction is paid (the bills' paid_at when paid in full). */
  paidAt: string;
  /** Writes the payments, receipts, ledger rows and balances, once the bills are updated. */
  write(): Promise<DeductionResult>;
}

/** The plan of `n` bills none of which is paid from a balance. */
const nothing = (n: number): DeductionPlan => {
  const none = () => new Array<null>(n).fill(null);
  return { bills: { paid: none(), lateFee: none(), status: none() }, planned: { bills: 0, amount: 0 }, paidAt: new Date(0).toISOString(), write: async () => ({ bills: 0, amount: 0 }) };
};

/**
 * `approving` are the bills this approval is about to approve, already locked and read by it (in id
 * order). The plan is computed before the approval's update so that one update per bill both
 * approves it and records what the balance paid (a second update of the same rows would write every
 * index of bills and re-check every foreign key again). Every statement reaches its rows by key, so
 * a batch costs the same whatever the size of the tenant's bills, payments and accounts.
 */
export async function planDeductions(tx: DbSession, session: SessionInfo, approving: BillColumnsRow[], at: Date = new Date()): Promise<DeductionPlan> {
  const approvingIds = approving.map((b) => Number(b.id));
  const roomIds = [...new Set(approving.map((b) => Number(b.roomId)))];
  const accountRows = await camelRows<Account>(
    tx,
    sql`select a.id, a.room_id, a.community_id, a.balance from prepay_accounts a
      where a.tenant_id = ${session.tenantId} and ${anyOf(sql`a.room_id`, roomIds)} and a.auto_deduct and a.status = ${PrepayAccountStatus.Active} and a.balance > 0
      order by a.id for update`,
  );
  if (!accountRows.length) return nothing(approvingIds.length);
  const accounts = new Map(accountRows.map((a) => [Number(a.roomId), { ...a, id: Number(a.id), communityId: Number(a.communityId), balance: fen(a.balance) }]));
  const roomFirst = (x: BillColumnsRow, y: BillColumnsRow) => Number(x.roomId) - Number(y.roomId) || (x.period < y.period ? -1 : x.period > y.period ? 1 : 0) || Number(x.id) - Number(y.id);
  // Room by room, oldest period first.
  const billRows = await withItemTerms(tx, session.tenantId, approving.filter((b) => accounts.has(Number(b.roomId))).sort(roomFirst));

  const today = chinaDay(at);
  const settings = new Map<number, PaymentSettings>();
  const pay = { billId: [] as number[], roomId: [] as number[], communityId: [] as number[], amount: [] as number[], paymentType: [] as number[], serial: [] as number[], receipt: [] as number[] };
  const bill = nothing(approvingIds.length).bills;
  const position = new Map(approvingIds.map((id, k) => [id, k]));
  const ledger = { accountId: [] as number[], balanceAfter: [] as number[] };
  const receipts = new Map<number, { roomId: number; communityId: number; amount: number; firstSerial: number; receipt: number }>();
  const stopped = new Set<number>();
  for (const raw of billRows) {
    const b = normalizeBill(raw);
    const account = accounts.get(Number(b.roomId))!;
    if (stopped.has(account.roomId) || account.balance <= 0) continue;
    if (!settings.has(account.communityId)) settings.set(account.communityId, await loadSettings(tx, session.tenantId, account.communityId));
    const owed = owedOn(b, today);
    if (owed <= 0) continue;
    let part = owed;
    if (owed > account.balance) {
      if (!settings.get(account.communityId)!.allowPartialPayment) {
        stopped.add(account.roomId);
        continue;
      }
      part = account.balance;
      stopped.add(account.roomId);
    }
    account.balance -= part;
    const lateFee = lateFeeOn(b, today);
    const paid = b.amountPaid + part;
    const k = position.get(b.id)!;
    bill.paid[k] = paid;
    bill.lateFee[k] = lateFee;
    bill.status[k] = billStatusOf({ amountDue: b.amountDue, lateFee, amountPaid: paid, amountWaived: b.amountWaived });
    pay.billId.push(b.id);
    pay.roomId.push(account.roomId);
    pay.communityId.push(account.communityId);
    pay.amount.push(part);
    pay.paymentType.push(Number(b.paymentType ?? PAYMENT_TYPE_OTHER));
    ledger.accountId.push(account.id);
    ledger.balanceAfter.push(account.balance);
    const r = receipts.get(account.roomId) ?? { roomId: account.roomId, communityId: account.communityId, amount: 0, firstSerial: pay.billId.length - 1, receipt: receipts.size };
    r.amount += part;
    receipts.set(account.roomId, r);
    pay.receipt.push(r.receipt);
  }
  if (!pay.billId.length) return nothing(approvingIds.length);
  const paidAt = at.toISOString();
  const planned = { bills: pay.billId.length, amount: pay.amount.reduce((s, n) => s + n, 0) };
  return { bills: bill, planned, paidAt, write: () => writeDeductions(tx, session, { pay, ledger, receipts, settings, accounts, today, paidAt }) };
}

interface Deductions {
  pay: { billId: number[]; roomId: number[]; communityId: number[]; amount: number[]; paymentType: number[]; receipt: number[] };
  ledger: { accountId: number[]; balanceAfter: number[] };
  receipts: Map<number, { roomId: number; communityId: number; amount: number; firstSerial: number; receipt: number }>;
  settings: Map<number, PaymentSettings>;
  accounts: Map<number, Account>;
  today: string;
  paidAt: string;
}

async function writeDeductions(tx: DbSession, session: SessionInfo, { pay, ledger, receipts, settings, accounts, today, paidAt }: Deductions): Promise<DeductionResult> {
  // Numbers for every payment and receipt at once (gap-free: rolled back with the approval).
  const firstSerial = await reserveCounter(tx, session.tenantId, "payment", pay.billId.length);
  const firstReceipt = await reserveCounter(tx, session.tenantId, "receipt", receipts.size);
  const serialNo = (i: number) => paymentSerialNo("P", firstSerial + i);
  const receiptList = [...receipts.values()];
  const prefixOf = (communityId: number) => settings.get(communityId)!.receiptPrefix || "SJ";
  const receiptNo = (k: number) => `${prefixOf(receiptList[k].communityId)}${String(firstReceipt + k).padStart(10, "0")}`;
  const days = new Map<number, string>();
  for (const communityId of new Set(pay.communityId)) {
    const [k1, k2] = dayLockKey(communityId);
    await tx.query(sql`select pg_advisory_xact_lock_shared(${k1}, ${k2})`);
    days.set(communityId, await accountingDay(tx, session.tenantId, communityId, today));
  }

  const serials = pay.billId.map((_, i) => serialNo(i));
  const receiptNos = pay.receipt.map(receiptNo);
  const { tenantId, userId } = session;
  const payDays = pay.communityId.map((c) => days.get(c)!);
  const inserted = await camelRows<{ id: number | string; serialNo: string }>(
    tx,
    sql`insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, amount, pay_method, payment_type, return_flag, source,
                           receipt_no, cashier_id, paid_at, accounting_day, remark, created_by, updated_by)
     select ${tenantId}, u.community_id, u.serial_no, u.bill_id, u.room_id, u.amount, ${BALANCE_PAY_METHOD}, u.payment_type, ${RETURN_FLAG_CHARGE}, ${PaymentSource.BillPayment},
            u.receipt_no, ${userId}, ${paidAt}, u.day, ${texts.ledger.prepayAutoDeduct}, ${userId}, ${userId}
       from unnest(${pay.communityId}::bigint[], ${serials}::text[], ${pay.billId}::bigint[], ${pay.roomId}::bigint[], ${pay.amount}::bigint[],
                   ${pay.paymentType}::int[], ${receiptNos}::text[], ${payDays}::date[])
            as u(community_id, serial_no, bill_id, room_id, amount, payment_type, receipt_no, day)
     returning id, serial_no`,
  );
  // The new payments' ids by serial number: receipts and ledger rows take them from here, not by
  // joining the tenant's payments.
  const paymentIdOf = new Map(inserted.map((p) => [p.serialNo, Number(p.id)]));
  const paymentIds = serials.map((sn) => paymentIdOf.get(sn)!);
  const r = {
    communityId: receiptList.map((x) => x.communityId),
    receiptNo: receiptList.map((_, k) => receiptNo(k)),
    receiptType: receiptList.map((x) => settings.get(x.communityId)!.defaultReceiptType || ReceiptType.Receipt),
    roomId: receiptList.map((x) => x.roomId),
    title: receiptList.map((x) => settings.get(x.communityId)!.receiptTitle ?? null),
    taxNo: receiptList.map((x) => settings.get(x.communityId)!.taxNo ?? null),
    amount: receiptList.map((x) => x.amount),
    paymentId: receiptList.map((x) => paymentIds[x.firstSerial]),
  };
  await tx.query(
    sql`insert into receipts (tenant_id, community_id, receipt_no, receipt_type, payment_id, room_id, invoice_title, tax_no, amount, pay_method, status, issued_at, issuer_id, created_by, updated_by)
     select ${tenantId}, u.community_id, u.receipt_no, u.receipt_type, u.payment_id, u.room_id, u.title, u.tax_no, u.amount, ${BALANCE_PAY_METHOD}, ${ReceiptStatus.Issued},
            ${paidAt}, ${userId}, ${userId}, ${userId}
       from unnest(${r.communityId}::bigint[], ${r.receiptNo}::text[], ${r.receiptType}::int[], ${r.roomId}::bigint[], ${r.title}::text[], ${r.taxNo}::text[],
                   ${r.amount}::bigint[], ${r.paymentId}::bigint[])
            as u(community_id, receipt_no, receipt_type, room_id, title, tax_no, amount, payment_id)`,
  );
  await tx.query(
    sql`insert into prepay_transactions (tenant_id, community_id, account_id, room_id, tx_type, amount, balance_after, pay_method, bill_id, payment_id,
                                      receipt_no, status, reason, operator_id, occurred_at, created_by, updated_by)
     select ${tenantId}, u.community_id, u.account_id, u.room_id, ${PrepayTxType.Deduction}, u.amount, u.balance_after, ${BALANCE_PAY_METHOD}, u.bill_id, u.payment_id,
            u.receipt_no, ${PrepayTxStatus.Completed}, ${texts.ledger.prepayAutoDeductReason}, ${userId}, ${paidAt}, ${userId}, ${userId}
       from unnest(${pay.communityId}::bigint[], ${ledger.accountId}::bigint[], ${pay.roomId}::bigint[], ${pay.amount}::bigint[], ${ledger.balanceAfter}::bigint[],
                   ${pay.billId}::bigint[], ${paymentIds}::bigint[], ${receiptNos}::text[])
            as u(community_id, account_id, room_id, amount, balance_after, bill_id, payment_id, receipt_no)`,
  );
  const touched = [...accounts.values()].filter((a) => receipts.has(a.roomId));
  // The ids travel once though the statement uses them twice.
  const touchedIds = new Shared(touched.map((a) => a.id));
  const update = sharing(
    sql`update prepay_accounts a set balance = u.balance, updated_at = now(), version = a.version + 1
       from unnest(${touchedIds}::bigint[], ${touched.map((a) => a.balance)}::bigint[]) as u(id, balance) where a.tenant_id = ${session.tenantId} and a.id = any(${touchedIds}::bigint[]) and a.id = u.id`,
  );
  await tx.query(update);
  await billsSettledChanged(tx, session.tenantId, pay.billId);
  return { bills: pay.billId.length, amount: pay.amount.reduce((s, n) => s + n, 0) };
}
