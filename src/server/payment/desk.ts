// The cashier desk's own reads and the prepayment of months: the owner's other rooms in the
// community with bills to pay (paid together with the desk's room, cashier.ts payBills), the room's
// recent receipts (reprint), and prepaying N future months of a monthly item — the bills priced
// exactly as bill generation prices them (generation.ts priceRoom, pricing-sql.ts), created approved
// with generation's numbering and paid at once, in one transaction with one receipt. The residents'
// app prepays the same plan online: its order freezes the plan's terms (prepayTerms), and the bills
// are made only when the gateway confirms the payment (makePrepaidBills, from onlinepay/settle.ts).
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { chinaDay } from "../../common/china-time.ts";
import { addMonths, dueDateOf, monthsBetween } from "../../common/payment/period.ts";
import { apiError } from "../platform/http/envelope.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { audit, CODES, conflict, fen, notFound, say, personNameSql } from "./common.ts";
import { loadSettings } from "./settings.ts";
import { owedOn, withItemTerms, type BillColumnsRow } from "./bills.ts";
import { owedSql } from "./arrears.ts";
import { billNoPrefix, generationItemOf, itemRows, priceRoom, type ItemRow } from "./generation.ts";
import { payBills, PAYABLE, roomOwner } from "./cashier.ts";
import { rules } from "../../../generated/rules.ts";
import type { GetPrepayPlanResult, PrepayBillsBody } from "../../../generated/operation-types.ts";
import { BillingCycle, BillStatus, PaymentItemCategory, PricingMethod, ResidentIdentity } from "../../../generated/states.ts";

/** Receipts the desk lists for reprinting. */
const RECENT_RECEIPTS = 5;
/** Months a cashier may prepay at once: the rule prepayMonths of schemas/rules.yaml. */
const MAX_MONTHS = Number(rules.prepayMonths.params?.max ?? 24);
/** Pricing a prepayment can use: the amount of a future month is known without a reading or a hand-entered amount. */
const PREPAYABLE_PRICING: readonly number[] = [PricingMethod.ByArea, PricingMethod.FixedPerHousehold];

interface RoomRow {
  id: number;
  communityId: number;
}

async function roomOf(db: DbSession, tenantId: number, roomId: number): Promise<RoomRow> {
  const rows = await camelRows<RoomRow>(db, sql`select id, community_id from rooms where tenant_id = ${tenantId} and id = ${roomId}`);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The desk's reads beside the room's bills: the owner's other rooms with bills to pay, the room's recent receipts. */
export async function cashierDesk(db: DbSession, session: SessionInfo, roomId: number) {
  const { tenantId } = session;
  const room = await roomOf(db, tenantId, roomId);
  const owner = await roomOwner(db, tenantId, roomId);
  const today = chinaDay();
  const ownerRooms = owner?.phone
    ? await camelRows<{ roomId: number; roomName: string; billCount: number; owed: number | string }>(
        db,
        sql`with theirs as (
              select distinct h.room_id from inhabitants h
               where h.tenant_id = ${tenantId} and h.phone = ${owner.phone} and h.identity = ${ResidentIdentity.Owner} and h.room_id <> ${roomId}
            )
            select r.id as room_id, r.full_name as room_name, count(*)::int as bill_count, sum(${owedSql(today)})::bigint as owed
              from theirs t join rooms r on r.tenant_id = ${tenantId} and r.id = t.room_id and r.community_id = ${room.communityId}
              join bills b on b.tenant_id = ${tenantId} and b.room_id = r.id and b.status = any(${PAYABLE}::int[])
              join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
             group by r.id, r.full_name having sum(${owedSql(today)}) > 0
             order by r.full_name, r.id`,
      )
    : [];
  const receipts = await camelRows<{ id: number; receiptNo: string; issuedAt: string; amount: number | string; payMethod: number | null; status: number; issuerName: string | null }>(
    db,
    // The room's receipts are found once (materialized): without table statistics (a new office) the
    // planner would otherwise run the set again for every receipt of the tenant.
    sql`with theirs as materialized (
          select x.id from receipts x where x.tenant_id = ${tenantId} and x.room_id = ${roomId}
          union
          select x.id from receipts x
           where x.tenant_id = ${tenantId} and x.receipt_no in (select p.receipt_no from payments p where p.tenant_id = ${tenantId} and p.room_id = ${roomId} and p.receipt_no is not null)
        )
        select r.id, r.receipt_no, r.issued_at, r.amount, r.pay_method, r.status, ${personNameSql("u")} as issuer_name
          from theirs t join receipts r on r.tenant_id = ${tenantId} and r.id = t.id
          left join users u on u.tenant_id = r.tenant_id and u.id = r.issuer_id
         order by r.issued_at desc, r.id desc limit ${RECENT_RECEIPTS}`,
  );
  return {
    roomId,
    ownerRooms: ownerRooms.map((r) => ({ roomId: r.roomId, roomName: r.roomName, billCount: r.billCount, outstanding: fen(r.owed) })),
    recentReceipts: receipts.map((r) => ({ ...r, issuedAt: String(r.issuedAt), amount: fen(r.amount) })),
  };
}

/** Whether an item can be prepaid at all (before looking at the room): periodic, monthly, priced without readings or a typed amount. */
function prepayRefusal(r: ItemRow) {
  if ((r.category ?? PaymentItemCategory.Periodic) !== PaymentItemCategory.Periodic || r.billingCycle !== BillingCycle.Monthly) {
    return apiError("PREPAY_ITEM_REFUSED", { message: say("prepayItemNotPeriodic", { name: r.name }) });
  }
  if (!PREPAYABLE_PRICING.includes(r.pricingMethod)) return apiError("PREPAY_ITEM_REFUSED", { message: say("prepayItemNotPriced", { name: r.name }) });
  return null;
}

/** The last period billed per item for the room. */
async function lastPeriods(db: DbSession, tenantId: number, roomId: number, itemIds: number[]): Promise<Map<number, string>> {
  const rows = await camelRows<{ itemId: number; period: string }>(
    db,
    sql`select payment_item_id as item_id, max(period) as period from bills where tenant_id = ${tenantId} and room_id = ${roomId} and payment_item_id = any(${itemIds}::bigint[]) group by payment_item_id`,
  );
  return new Map(rows.map((r) => [r.itemId, r.period]));
}

type Plan = NonNullable<GetPrepayPlanResult["plan"]>;

interface PlannedBills {
  plan: Plan;
  communityId: number;
  periods: string[];
  dueDates: string[];
  quantity: string | null;
  amountFen: number;
}

/** The bills of `months` months of the item from `startPeriod` (default: the next one not billed, not before this month), priced as generation prices them. */
async function planBills(db: DbSession, tenantId: number, room: RoomRow, itemId: number, startPeriod: string | null | undefined, months: number, today: string): Promise<PlannedBills> {
  const r = (await itemRows(db, tenantId, [itemId]))[0];
  if (!r) throw notFound();
  const notForRoom = (key: "prepayItemNotForRoom" | "prepayRoomNoArea") => apiError("PREPAY_ITEM_NOT_FOR_ROOM", { message: say(key, { name: r.name }) });
  if (r.communityId !== room.communityId) throw notForRoom("prepayItemNotForRoom");
  const refusal = prepayRefusal(r);
  if (refusal) throw refusal;
  const current = today.slice(0, 7);
  let start = startPeriod ?? null;
  if (start === null || start === "") {
    const last = (await lastPeriods(db, tenantId, room.id, [r.id])).get(r.id);
    start = last && last >= current ? addMonths(last, 1) : current;
  }
  if (start < current) throw apiError("PREPAY_START_PAST", { message: say("prepayStartPast", { month: current }) });
  const settings = await loadSettings(db, tenantId, room.communityId);
  const item = generationItemOf(r, start, settings.roundingMode);
  const priced = await priceRoom(db, tenantId, item, room.id, start);
  if (!priced) throw notForRoom("prepayItemNotForRoom");
  if (priced.amount === null) throw notForRoom("prepayRoomNoArea");
  const periods = monthsBetween(start, "9999-12", months);
  const { rows: billed } = await db.query<{ period: string }>(
    sql`select period from bills where tenant_id = ${tenantId} and room_id = ${room.id} and payment_item_id = ${r.id} and period = any(${periods}::varchar[]) order by period`,
  );
  if (billed.length) throw apiError("PREPAY_PERIOD_BILLED", { message: say("prepayPeriodsBilled", { periods: billed.map((b) => b.period).join("、"), name: r.name }) });
  const dueDates = periods.map((p) => dueDateOf(p, r.dueDay));
  // What each bill will owe when paid today (a late fee only for this month's bill past its due date), as the cashier reads it.
  const drafts: BillColumnsRow[] = periods.map((period, k) => ({
    id: 0,
    communityId: room.communityId,
    roomId: room.id,
    billNo: "",
    period,
    status: BillStatus.Approved,
    amountDue: priced.amount!,
    amountPaid: 0,
    amountWaived: 0,
    amountReduced: 0,
    lateFee: 0,
    dueDate: dueDates[k],
    version: 0,
    paymentItemId: r.id,
  }));
  const bills = await withItemTerms(db, tenantId, drafts);
  const owed = bills.map((b) => owedOn(b, today));
  const plan: Plan = {
    paymentItemId: r.id,
    itemName: r.name,
    startPeriod: start,
    months,
    bills: bills.map((b, k) => ({
      period: b.period,
      dueDate: dueDates[k],
      quantity: priced.quantity,
      amountDue: b.amountDue,
      lateFee: owed[k] - b.amountDue,
      outstanding: owed[k],
    })),
    total: owed.reduce((s, n) => s + n, 0),
  };
  return { plan, communityId: room.communityId, periods, dueDates, quantity: priced.quantity, amountFen: priced.amount };
}

interface PrepaidBills {
  communityId: number;
  roomId: number;
  itemId: number;
  periods: string[];
  dueDates: string[];
  quantity: string | null;
  amountFen: number;
}

/**
 * Makes the bills of the periods not billed yet (approved, numbered as generated bills, an approval
 * row each); a period billed already is left as it is (the unique key room × item × period). The
 * approver is the cashier, or nobody for a payment the gateway confirmed.
 */
async function insertPrepaidBills(tx: DbSession, tenantId: number, userId: number | null, b: PrepaidBills): Promise<{ id: number; period: string }[]> {
  const { rows } = await tx.query<{ id: number; period: string }>(
    sql`with ins as (
          insert into bills (id, tenant_id, community_id, bill_no, room_id, payment_item_id, period, quantity, amount_due, due_date, status, approver_id, approved_at, created_by, updated_by)
          select g.id, ${tenantId}, ${b.communityId}, g.prefix || lpad(g.id::text, 8, '0'), ${b.roomId}, ${b.itemId}, g.period, ${b.quantity}::numeric, ${b.amountFen},
                 g.due_date, ${BillStatus.Approved}, ${userId}, now(), ${userId}, ${userId}
            from (select nextval(pg_get_serial_sequence('bills', 'id')) as id, t.* from unnest(${b.periods}::varchar[], ${b.periods.map(billNoPrefix)}::text[], ${b.dueDates}::date[]) as t(period, prefix, due_date)) g
          on conflict do nothing
          returning id, period, community_id
        ), approvals as (
          insert into bill_approvals (tenant_id, community_id, bill_id, decision, decider_id, decided_at, created_by, updated_by)
          select ${tenantId}, community_id, id, ${BillStatus.Approved}, ${userId}, now(), ${userId}, ${userId} from ins
        )
        select id, period from ins order by period`,
  );
  return rows.map((r) => ({ id: Number(r.id), period: r.period }));
}

/** What an online prepayment's order freezes: the plan's first period, months, each month's price and quantity, and the total owed today. */
export interface PrepayTerms {
  itemId: number;
  itemName: string;
  startPeriod: string;
  months: number;
  monthAmount: number;
  quantity: string | null;
  total: number;
}

/** The terms of prepaying `months` months of the item for the room from its next unbilled period, refused as the desk refuses them. */
export async function prepayTerms(db: DbSession, tenantId: number, roomId: number, itemId: number, months: number, today = chinaDay()): Promise<PrepayTerms> {
  const room = await roomOf(db, tenantId, roomId);
  const planned = await planBills(db, tenantId, room, itemId, null, months, today);
  const { plan } = planned;
  return { itemId, itemName: plan.itemName, startPeriod: plan.startPeriod, months, monthAmount: planned.amountFen, quantity: planned.quantity, total: plan.total };
}

/**
 * The bills of an online prepayment the gateway confirmed: those of its periods not billed since
 * the order was made are made at the frozen price; all of them (made now or billed meanwhile) are
 * answered, for the settlement to pay what they owe (anything over is flagged to be refunded).
 */
export async function makePrepaidBills(
  tx: DbSession,
  tenantId: number,
  order: { communityId: number; roomId: number; itemId: number; startPeriod: string; months: number; monthAmount: number; quantity: string | null },
): Promise<number[]> {
  const item = (await itemRows(tx, tenantId, [order.itemId]))[0];
  const periods = monthsBetween(order.startPeriod, "9999-12", order.months);
  const dueDates = periods.map((p) => dueDateOf(p, item.dueDay));
  await insertPrepaidBills(tx, tenantId, null, {
    communityId: order.communityId,
    roomId: order.roomId,
    itemId: order.itemId,
    periods,
    dueDates,
    quantity: order.quantity,
    amountFen: order.monthAmount,
  });
  const { rows } = await tx.query<{ id: number }>(
    sql`select id from bills where tenant_id = ${tenantId} and room_id = ${order.roomId} and payment_item_id = ${order.itemId} and period = any(${periods}::varchar[]) order by period, id`,
  );
  return rows.map((r) => Number(r.id));
}

export interface PrepayPlanQuery {
  roomId: number;
  paymentItemId?: number;
  startPeriod?: string;
  months?: number;
}

/** The room's items a cashier can prepay, and with an item and a number of months, the bills that would be made. */
export async function prepayPlan(db: DbSession, { tenantId }: Pick<SessionInfo, "tenantId">, q: PrepayPlanQuery, today = chinaDay()): Promise<GetPrepayPlanResult> {
  const room = await roomOf(db, tenantId, q.roomId);
  const current = today.slice(0, 7);
  const { rows: ids } = await db.query<{ id: number }>(
    sql`select id from payment_items where tenant_id = ${tenantId} and community_id = ${room.communityId} and enabled is not false
           and coalesce(category, ${PaymentItemCategory.Periodic}) = ${PaymentItemCategory.Periodic} order by id`,
  );
  const rows = await itemRows(
    db,
    tenantId,
    ids.map((r) => r.id),
  );
  const last = await lastPeriods(
    db,
    tenantId,
    room.id,
    rows.map((r) => r.id),
  );
  const settings = await loadSettings(db, tenantId, room.communityId);
  const items: GetPrepayPlanResult["items"] = [];
  for (const r of rows) {
    if (prepayRefusal(r) || r.priceEnabled === false || r.unitPrice === null) continue;
    const priced = await priceRoom(db, tenantId, generationItemOf(r, current, settings.roundingMode), room.id, current);
    if (!priced || priced.amount === null) continue;
    const lastPeriod = last.get(r.id) ?? null;
    items.push({ id: r.id, name: r.name, pricingMethod: r.pricingMethod, lastPeriod, nextPeriod: lastPeriod && lastPeriod >= current ? addMonths(lastPeriod, 1) : current });
  }
  // A rule-checked input reaches the handler as the text it was checked as (schemas/rules.yaml prepayMonths): a number from here on.
  const plan = q.paymentItemId !== undefined && q.months !== undefined ? (await planBills(db, tenantId, room, q.paymentItemId, q.startPeriod, Number(q.months), today)).plan : null;
  return { roomId: room.id, maxMonths: MAX_MONTHS, currentPeriod: current, items, plan };
}

/**
 * Prepays: the planned bills are made (approved, numbered as generated bills, an approval row each)
 * and paid in full by the cashier's payment (cashier.ts payBills: one receipt), all in the caller's
 * transaction. A period billed meanwhile (the unique key room × item × period) undoes everything (409).
 */
export async function prepayBills(tx: DbSession, session: SessionInfo, ip: string | null, body: PrepayBillsBody) {
  const { tenantId, userId } = session;
  const room = await roomOf(tx, tenantId, body.roomId);
  const planned = await planBills(tx, tenantId, room, body.paymentItemId, body.startPeriod, Number(body.months), chinaDay());
  const { periods, dueDates } = planned;
  const made = await insertPrepaidBills(tx, tenantId, userId, {
    communityId: planned.communityId,
    roomId: room.id,
    itemId: body.paymentItemId,
    periods,
    dueDates,
    quantity: planned.quantity,
    amountFen: planned.amountFen,
  });
  if (made.length !== periods.length) throw apiError("PREPAY_PERIOD_BILLED", { message: say("prepayPeriodsBilled", { periods: periods.join("、"), name: planned.plan.itemName }) });
  const billIds = made.map((b) => b.id);
  const paid = await payBills(tx, session, ip, {
    billIds,
    roomId: room.id,
    payMethod: body.payMethod,
    receivedAmount: body.receivedAmount,
    expectedAmount: body.expectedAmount,
    payerName: body.payerName,
    remark: body.remark,
  });
  if (paid.bills.some((b) => b.status !== BillStatus.Paid)) throw conflict("billAmountChanged");
  await audit(tx, session, ip, "bills", "prepay", room.id, { paymentItemId: body.paymentItemId, periods, billIds, receiptNo: paid.receiptNo }, CODES.cashier);
  return { ...paid, billIds };
}
