// Reading bills for the cashier and bill-pay pages: a bill with its item, room and what is still
// owed, the late fee it would carry if paid today, and the business day payments count for.
import type { DbSession } from "../platform/db/types.ts";
import type { BillShape, BillViewShape } from "../../common/payment/bill.ts";
import { addDays, daysBetween } from "../../common/payment/period.ts";
import { lateFeeFen, outstandingFen } from "../../common/payment/pricing.ts";
import { fen } from "./common.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { BillStatus } from "../../../generated/states.ts";

/** A bill as BILL_SELECT reads it (money in fen), with its item's late-fee terms. */
export interface BillRow extends BillShape<number> {
  lateFeeEnabled: boolean | null;
  lateFeeRate: string | null;
  lateFeeGraceDays: number | null;
}

/** The bill's own columns (alias b) in snake_case: read with camelRows. */
export const BILL_COLUMNS: Sql = raw(`b.id, b.community_id, b.room_id, b.bill_no, b.period, b.status,
  b.amount_due, b.amount_paid, b.amount_waived, b.amount_reduced, b.late_fee,
  b.due_date, b.version, b.payment_item_id`);

/** What a bill row takes from its item (alias i). */
const ITEM_TERMS: Sql = raw("i.name as item_name, i.payment_type, i.late_fee_enabled, i.late_fee_rate, i.late_fee_grace_days");

/** The bill and its item's late-fee terms in snake_case: read with camelRows. */
export const BILL_SELECT: Sql = sql`${BILL_COLUMNS}, ${ITEM_TERMS}`;

type ItemTerms = Pick<BillRow, "itemName" | "paymentType" | "lateFeeEnabled" | "lateFeeRate" | "lateFeeGraceDays">;

/** A bill as BILL_COLUMNS reads it. */
export type BillColumnsRow = Omit<BillRow, keyof ItemTerms>;

/**
 * Bills read with BILL_COLUMNS alone, completed in place with their items' terms from one lookup of
 * the items by key. For many bills at once: joined in the same statement, a prepared plan that
 * guessed a handful of bills paired each of them with every item of the tenant.
 */
export async function withItemTerms(tx: DbSession, tenantId: number, bills: BillColumnsRow[]): Promise<BillRow[]> {
  if (!bills.length) return [];
  const itemIds = [...new Set(bills.map((b) => Number(b.paymentItemId)))];
  const items = await camelRows<ItemTerms & { id: number | string }>(tx, sql`select i.id, ${ITEM_TERMS} from payment_items i where i.tenant_id = ${tenantId} and i.id = any(${itemIds}::bigint[])`);
  const termsOf = new Map(items.map(({ id, ...terms }) => [Number(id), terms]));
  return bills.map((b) => Object.assign(b, termsOf.get(Number(b.paymentItemId))!));
}

export const BILL_FROM: Sql = raw("bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id");

export function normalizeBill(r: BillRow): BillRow {
  return { ...r, amountDue: fen(r.amountDue), amountPaid: fen(r.amountPaid), amountWaived: fen(r.amountWaived), amountReduced: fen(r.amountReduced), lateFee: fen(r.lateFee) };
}

/**
 * The late fee of a bill paid on `today`: fixed once the first payment is made (what the bill
 * carries), otherwise principal (due − waived) × daily rate ‰ × days past the due date and grace.
 */
export function lateFeeOn(b: BillRow, today: string): number {
  if (b.amountPaid > 0 || b.lateFee > 0) return b.lateFee;
  if (!b.lateFeeEnabled || !b.lateFeeRate || !b.dueDate) return 0;
  const overdue = daysBetween(addDays(b.dueDate, b.lateFeeGraceDays ?? 0), today);
  return lateFeeFen(b.amountDue - b.amountWaived, String(b.lateFeeRate), overdue);
}

/** What is owed on `today`, the late fee included. */
export const owedOn = (b: BillRow, today: string): number => outstandingFen({ ...b, lateFee: lateFeeOn(b, today) });

/** A bill as the pages show it (its money fen: the operations' edge answers yuan text, format: money). */
export function billView(b: BillRow, today: string): BillViewShape<number> {
  const lateFee = lateFeeOn(b, today);
  return {
    id: b.id,
    communityId: b.communityId,
    roomId: b.roomId,
    billNo: b.billNo,
    period: b.period,
    status: b.status,
    paymentItemId: b.paymentItemId,
    itemName: b.itemName,
    paymentType: b.paymentType,
    dueDate: b.dueDate,
    amountDue: b.amountDue,
    lateFee,
    amountPaid: b.amountPaid,
    amountWaived: b.amountWaived,
    amountReduced: b.amountReduced,
    outstanding: outstandingFen({ ...b, lateFee }),
    version: b.version,
  };
}

/** The first business day on or after `day` that is not closed (closed days are read-only). */
export async function accountingDay(tx: DbSession, tenantId: number, communityId: number, day: string): Promise<string> {
  const { rows } = await tx.query<{ day: string }>(sql`select day from daily_closings where tenant_id = ${tenantId} and community_id = ${communityId} and day >= ${day}::date order by day limit 400`);
  const closed = new Set(rows.map((r) => String(r.day)));
  let d = day;
  while (closed.has(d)) d = addDays(d, 1);
  return d;
}

/** A bill's state from its amounts (fen): settled, partly paid, or owed in full. */
export function billStatusOf(b: { amountDue: number; lateFee: number; amountPaid: number; amountWaived: number }): BillStatus {
  if (b.amountPaid + b.amountWaived >= b.amountDue + b.lateFee) return BillStatus.Paid;
  return b.amountPaid > 0 ? BillStatus.PartlyPaid : BillStatus.Approved;
}
