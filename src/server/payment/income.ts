// 实收, one definition for every screen that shows it (issue 34): the workbench's 收费概况, 收费日报,
// 收费月报, 社区汇总 and 日结 all read it from here, so on the same day or month they agree.
//   实收 (income) = fee income: charges for bills (paid from a prepayment balance included: that is when
//     the fee is earned) and temporary charges (临时收费, parking stays), less their refunds, counted on
//     the payment's business day (payments.accounting_day, China time, the 日结's day).
//   Beside it, named as such and never in it: 预存充值 (recharged: prepayment top-ups less their
//     refunds) and 押金 (deposits: taken less returned) — money held for the payer, not income.
//   到账 (arrived) = 实收 − 预存款抵扣 (balanceDeducted: the part of 实收 paid from a balance, no money
//     arrived then) + 预存充值 + 押金: exactly what 日结 counts (every row but those paid from a balance).
// A refund row keeps its charge's source (refunds.ts), so each refund nets against its own kind.
import { PaymentSource, ReturnFlag } from "../../../generated/states.ts";
import { chinaDateSql } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { DbSession } from "../platform/db/types.ts";
import { anyOf, raw, sql } from "../platform/db/sql.ts";
import { fen } from "./common.ts";
import { BALANCE_PAY_METHOD } from "./settings.ts";

/** Money by kind (fen) of a bucket or a range; refunds already taken off. */
export type MoneyByKind = Record<"income" | "balanceDeducted" | "recharged" | "deposits" | "arrived", number>;

export const noMoney = (): MoneyByKind => ({ income: 0, balanceDeducted: 0, recharged: 0, deposits: 0, arrived: 0 });

/** A fee payment (实收's rows): a charge for a bill or a temporary charge, or its refund; a row without a source is a bill's. */
export const feePaymentSql = sql`coalesce(p.source, ${PaymentSource.BillPayment}) in (${PaymentSource.BillPayment}, ${PaymentSource.AdHocCharge})`;

/** A payment's business day: its accounting day, or for a row from before those, its China-time date. */
export const paymentDaySql = raw(`coalesce(p.accounting_day, ${chinaDateSql("p.paid_at")})`);

/** The payments counted: the communities', on a range of business days. */
export interface IncomeRange {
  tenantId: number;
  communityIds: readonly number[];
  /** First and last business day counted, "YYYY-MM-DD". */
  firstDay: string;
  lastDay: string;
}

export interface IncomeQuery extends IncomeRange {
  /** How a day is bucketed: "YYYY-MM-DD" per day, "YYYY-MM" per month. */
  bucket: "YYYY-MM-DD" | "YYYY-MM";
}

const signed = sql`case when p.return_flag = ${ReturnFlag.Refund} then -p.amount else p.amount end`;
const fromBalance = sql`p.pay_method = ${BALANCE_PAY_METHOD}`;

/** The columns recharged (预存充值) and deposits (押金) of the payments summed: fen, refunds taken off. */
export const heldMoneySql = sql`coalesce(sum(${signed}) filter (where p.source = ${PaymentSource.PrepayTopUp} and not ${fromBalance}), 0)::bigint as recharged,
               coalesce(sum(${signed}) filter (where p.source = ${PaymentSource.Deposit} and not ${fromBalance}), 0)::bigint as deposits`;

/** The columns of the payments summed by kind (moneyOf reads them): fen, refunds taken off. */
const kindsSql = sql`coalesce(sum(${signed}) filter (where ${feePaymentSql}), 0)::bigint as income,
               coalesce(sum(${signed}) filter (where ${feePaymentSql} and ${fromBalance}), 0)::bigint as balance_deducted,
               ${heldMoneySql}`;

interface KindsRow {
  income: string;
  balanceDeducted: string;
  recharged: string;
  deposits: string;
}

/** A row of kindsSql's columns as money by kind, with what arrived. */
function moneyOf(r: KindsRow): MoneyByKind {
  const m = { income: fen(r.income), balanceDeducted: fen(r.balanceDeducted), recharged: fen(r.recharged), deposits: fen(r.deposits), arrived: 0 };
  m.arrived = m.income - m.balanceDeducted + m.recharged + m.deposits;
  return m;
}

/** The condition on the payments p that a range counts. */
const countedSql = (q: IncomeRange) => sql`p.tenant_id = ${q.tenantId} and ${anyOf(sql`p.community_id`, q.communityIds)} and ${paymentDaySql} between ${q.firstDay}::date and ${q.lastDay}::date`;

/** Each community's money by kind per bucket: community id → bucket → money; buckets without money are absent. */
export async function moneyByKind(db: DbSession, q: IncomeQuery): Promise<Map<number, Map<string, MoneyByKind>>> {
  const out = new Map<number, Map<string, MoneyByKind>>();
  if (!q.communityIds.length) return out;
  const rows = await camelRows<KindsRow & { communityId: number; bucket: string }>(
    db,
    sql`select p.community_id, to_char(${paymentDaySql}, ${q.bucket}) as bucket, ${kindsSql}
          from payments p where ${countedSql(q)} group by 1, 2`,
  );
  for (const r of rows) {
    const communityId = Number(r.communityId);
    const buckets = out.get(communityId) ?? out.set(communityId, new Map()).get(communityId)!;
    buckets.set(r.bucket, moneyOf(r));
  }
  return out;
}

/** One community's money by kind over a range of days, as one total. */
export async function communityMoney(db: DbSession, tenantId: number, communityId: number, firstDay: string, lastDay: string): Promise<MoneyByKind> {
  const [total] = await camelRows<KindsRow>(db, sql`select ${kindsSql} from payments p where ${countedSql({ tenantId, communityIds: [communityId], firstDay, lastDay })}`);
  return moneyOf(total);
}
