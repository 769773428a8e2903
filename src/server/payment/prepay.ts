// Prepayment accounts (预存款): one per room, a balance that changes only with a ledger row
// (prepay_transactions) in the same transaction:
//   recharge (action on the account, a charge with a receipt)         balance + amount
//   deduction (cashier pays from the balance; bill approval, autoDeduct) balance − amount, per bill
//   refund of the balance (applied on the account, approved on the ledger row by 实收管理) balance − amount
// Concurrency: every change is made with the account row locked (the action's FOR UPDATE, or a
// conditional `balance >= amount` update), so two cashiers paying from one balance, or a recharge
// racing an auto-deduction, never take it below zero nor lose a movement. Lock order is bills, then
// accounts (approval and cashier alike), so they cannot deadlock each other.
import { scalarText } from "../../common/scalar-text.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { checkRule } from "../../common/validate.ts";
import { fenToYuan } from "../../common/money.ts";
import { registerResourceHooks, type ActionHookContext } from "../crud/hooks.ts";
import { apiError } from "../platform/http/envelope.ts";
import { fen, refused, ruleBroken, say } from "./common.ts";
import { ALL_PAY_METHODS } from "./settings.ts";
import { acceptedPayMethod, BALANCE_PAY_METHOD, recordCharge, recordReturn, requireRoomIn } from "./ledger.ts";
import { payBills, type PayRequest } from "./cashier.ts";
import { texts } from "../../../generated/texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, sql } from "../platform/db/sql.ts";
import { PaymentSource, PrepayAccountStatus, PrepayTxStatus, PrepayTxType } from "../../../generated/states.ts";

interface AccountRow {
  id: number;
  communityId: number;
  roomId: number;
  balance: number;
  status: number;
}

async function accountRow(tx: DbSession, tenantId: number, id: number): Promise<AccountRow> {
  const rows = await camelRows<AccountRow>(tx, sql`select id, community_id, room_id, balance, status from prepay_accounts where tenant_id = ${tenantId} and id = ${id}`);
  return { ...rows[0], id: Number(rows[0].id), communityId: Number(rows[0].communityId), roomId: Number(rows[0].roomId), balance: fen(rows[0].balance) };
}

/** An action's money input (fen, from the columns the action prepared) that must be above 0. */
function positiveInput(ctx: ActionHookContext, column: string, field: string): number {
  const value = ctx.columns.get(column);
  const amount = value === null || value === undefined ? 0 : Number(value);
  if (!(amount > 0)) throw ruleBroken(checkRule("positiveAmount", "0") ?? say("positiveAmount"), field);
  return amount;
}

export interface LedgerEntry {
  accountId: number;
  communityId: number;
  roomId: number;
  txType: PrepayTxType;
  amount: number;
  balanceAfter: number | null;
  payMethod: number | null;
  billId?: number | null;
  paymentId?: number | null;
  receiptNo?: string | null;
  status: PrepayTxStatus;
  reason?: string | null;
}

export async function writeLedger(tx: DbSession, session: SessionInfo, e: LedgerEntry): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into prepay_transactions (tenant_id, community_id, account_id, room_id, tx_type, amount, balance_after, pay_method, bill_id, payment_id,
                                      receipt_no, status, reason, operator_id, occurred_at, created_by, updated_by)
     values (${session.tenantId}, ${e.communityId}, ${e.accountId}, ${e.roomId}, ${e.txType}, ${e.amount}, ${e.balanceAfter}, ${e.payMethod}, ${e.billId ?? null},
             ${e.paymentId ?? null}, ${e.receiptNo ?? null}, ${e.status}, ${e.reason ?? null}, ${session.userId}, now(), ${session.userId}, ${session.userId}) returning id`,
  );
  return Number(rows[0].id);
}

/** Recharge at the cashier: the account row is locked by the action; a charge with a receipt and a ledger row. */
async function recharge(ctx: ActionHookContext & { id: number }): Promise<void> {
  const { tx, session } = ctx;
  const amount = positiveInput(ctx, "amount", "amount");
  const account = await accountRow(tx, session.tenantId, ctx.id);
  const payMethod = await acceptedPayMethod(tx, session, account.communityId, ctx.inputs.payMethod);
  const payerName = (ctx.inputs.payerName as string | undefined) || null;
  const remark = (ctx.inputs.remark as string | undefined) || null;
  const charge = await recordCharge(tx, session, {
    communityId: account.communityId,
    roomId: account.roomId,
    source: PaymentSource.PrepayTopUp,
    amount,
    payMethod,
    payerName,
    remark: remark ?? texts.ledger.prepayRecharge,
  });
  const { rows } = await tx.query<{ balance: string }>(
    sql`update prepay_accounts set balance = balance + ${amount}, last_receipt_id = ${charge.receiptId} where tenant_id = ${session.tenantId} and id = ${ctx.id} returning balance`,
  );
  await writeLedger(tx, session, {
    accountId: ctx.id,
    communityId: account.communityId,
    roomId: account.roomId,
    txType: PrepayTxType.TopUp,
    amount,
    balanceAfter: fen(rows[0].balance),
    payMethod,
    paymentId: charge.paymentId,
    receiptNo: charge.receiptNo,
    status: PrepayTxStatus.Completed,
    reason: remark,
  });
}

/** What refunds already waiting would take off the balance (fen). */
async function pendingRefunds(tx: DbSession, tenantId: number, accountId: number): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    sql`select coalesce(sum(amount), 0)::bigint as n from prepay_transactions
         where tenant_id = ${tenantId} and account_id = ${accountId} and tx_type = ${PrepayTxType.Refund} and status = ${PrepayTxStatus.Pending}`,
  );
  return fen(rows[0].n);
}

/** A refund of the balance waits for approval as a ledger row (PrepayTxStatus.Pending); the balance changes on approval. */
async function applyRefund(ctx: ActionHookContext & { id: number }): Promise<void> {
  const { tx, session } = ctx;
  const amount = positiveInput(ctx, "refund_amount", "refundAmount");
  const method = Number(ctx.inputs.refundMethod);
  if (!ALL_PAY_METHODS.includes(method)) throw refused("selectRefundMethod", "refundMethod");
  const account = await accountRow(tx, session.tenantId, ctx.id);
  const left = account.balance - (await pendingRefunds(tx, session.tenantId, ctx.id));
  if (amount > left) throw refused("prepayRefundOverBalance", "refundAmount", { amount: fenToYuan(Math.max(0, left)) });
  await writeLedger(tx, session, {
    accountId: ctx.id,
    communityId: account.communityId,
    roomId: account.roomId,
    txType: PrepayTxType.Refund,
    amount,
    balanceAfter: null,
    payMethod: method,
    status: PrepayTxStatus.Pending,
    reason: scalarText(ctx.inputs.reason),
  });
}

interface LedgerRow {
  accountId: number;
  communityId: number;
  roomId: number;
  txType: number;
  amount: number;
  payMethod: number;
  reason: string | null;
}

async function ledgerRow(tx: DbSession, tenantId: number, id: number): Promise<LedgerRow> {
  const rows = await camelRows<LedgerRow>(
    tx,
    sql`select account_id, community_id, room_id, tx_type, amount, pay_method, reason
       from prepay_transactions where tenant_id = ${tenantId} and id = ${id}`,
  );
  const r = rows[0];
  return { ...r, accountId: Number(r.accountId), communityId: Number(r.communityId), roomId: Number(r.roomId), amount: fen(r.amount) };
}

/** Approving a refund of the balance: taken off under the account's lock (never below zero), paid back as a ReturnFlag.Refund row. */
async function approveRefund(ctx: ActionHookContext): Promise<void> {
  const { tx, session } = ctx;
  const id = Number(ctx.row.id);
  const entry = await ledgerRow(tx, session.tenantId, id);
  if (entry.txType !== PrepayTxType.Refund) throw refused("onlyRefundsApproved");
  const { rows } = await tx.query<{ balance: string }>(
    sql`update prepay_accounts set balance = balance - ${entry.amount}, updated_at = now() where tenant_id = ${session.tenantId} and id = ${entry.accountId} and balance >= ${entry.amount} returning balance`,
  );
  if (!rows.length) throw refused("prepayBalanceShortForRefund", "amount");
  const back = await recordReturn(tx, session, {
    communityId: entry.communityId,
    roomId: entry.roomId,
    source: PaymentSource.PrepayTopUp,
    amount: entry.amount,
    payMethod: entry.payMethod,
    receiptNo: null,
    remark: entry.reason ?? texts.ledger.prepayRefund,
  });
  ctx.columns.set("balance_after", fen(rows[0].balance));
  ctx.columns.set("payment_id", back.paymentId);
}

async function decideRefund(ctx: ActionHookContext): Promise<void> {
  const entry = await ledgerRow(ctx.tx, ctx.session.tenantId, Number(ctx.row.id));
  if (entry.txType !== PrepayTxType.Refund) throw refused("onlyRefundsApproved");
}

async function checkAccountRoom(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const rows = await camelRows<{ communityId: number; roomId: number }>(tx, sql`select community_id, room_id from prepay_accounts where tenant_id = ${session.tenantId} and id = ${id}`);
  if (rows[0]) await requireRoomIn(tx, session.tenantId, Number(rows[0].communityId), Number(rows[0].roomId));
}

/**
 * Deleting an account that still holds money is refused, before anything is written, with a code of
 * its own (the pages show its text). The accounts are locked first, so a recharge racing the delete
 * either comes before (and refuses it) or waits for it.
 */
async function refuseAccountsWithBalance(tx: DbSession, session: SessionInfo, ids: number[]): Promise<void> {
  const { rows } = await tx.query(sql`select 1 from prepay_accounts where tenant_id = ${session.tenantId} and ${anyOf(sql`id`, ids)} and balance > 0 for update`);
  if (rows.length) throw apiError("PREPAY_ACCOUNT_HAS_BALANCE");
}

export function registerPrepayHooks(): void {
  registerResourceHooks("prepayAccounts", {
    afterWrite: (tx, session, id) => checkAccountRoom(tx, session, id),
    beforeDelete: refuseAccountsWithBalance,
    beforeAction: {
      recharge: async (ctx) => void positiveInput(ctx, "amount", "amount"),
    },
    afterAction: { recharge, applyRefund },
  });
  registerResourceHooks("prepayTransactions", {
    beforeAction: { approveRefund, rejectRefund: decideRefund },
  });
}

/**
 * The cashier pays a room's bills from its prepayment balance: the bills are paid as by the
 * cashier (pay method BALANCE_PAY_METHOD, a receipt), then the total is taken off the balance under the account's
 * lock, with a ledger row per bill. Not enough balance: nothing is written.
 */
export async function payFromBalance(tx: DbSession, session: SessionInfo, ip: string | null, body: PayRequest) {
  const paid = await payBills(tx, session, ip, { ...body, payMethod: BALANCE_PAY_METHOD, receivedAmount: null }, { fromBalance: true });
  const lines = await camelRows<{ id: number; billId: number; roomId: number; communityId: number; amount: string }>(
    tx,
    sql`select id, bill_id, room_id, community_id, amount from payments where tenant_id = ${session.tenantId} and id = any(${paid.paymentIds}::bigint[]) order by id`,
  );
  const total = lines.reduce((s, l) => s + fen(l.amount), 0);
  const roomId = Number(lines[0].roomId);
  const { rows } = await tx.query<{ id: number; balance: string }>(
    sql`update prepay_accounts set balance = balance - ${total}, updated_at = now()
         where tenant_id = ${session.tenantId} and room_id = ${roomId} and status = ${PrepayAccountStatus.Active} and balance >= ${total} returning id, balance`,
  );
  if (!rows.length) {
    const { rows: acc } = await tx.query<{ status: number }>(sql`select status from prepay_accounts where tenant_id = ${session.tenantId} and room_id = ${roomId}`);
    if (!acc.length) throw refused("noPrepayAccount", "billIds");
    if (acc[0].status !== PrepayAccountStatus.Active) throw refused("prepayAccountDisabled", "billIds");
    throw refused("prepayBalanceShort", "payAmount");
  }
  let balance = fen(rows[0].balance) + total;
  for (const l of lines) {
    balance -= fen(l.amount);
    await writeLedger(tx, session, {
      accountId: Number(rows[0].id),
      communityId: Number(l.communityId),
      roomId,
      txType: PrepayTxType.Deduction,
      amount: fen(l.amount),
      balanceAfter: balance,
      payMethod: BALANCE_PAY_METHOD,
      billId: Number(l.billId),
      paymentId: Number(l.id),
      receiptNo: paid.receiptNo,
      status: PrepayTxStatus.Completed,
      reason: texts.ledger.prepayCounterPay,
    });
  }
  return { ...paid, balance: fen(rows[0].balance) };
}
