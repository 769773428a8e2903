// Arrears (欠费): per room, the approved bills still owed whose due date has passed: what is owed
// (late fees as of today included), how many bills, the oldest unpaid period and the ageing bucket
// of the oldest bill's days past due (1: ≤ 30, 2: 31–90, 3: 91–180, 4: > 180). Late fees follow
// bills.ts lateFeeOn in SQL numeric: fixed once a payment or waiver was made, else principal × daily
// rate ‰ × days past the due date and grace, rounded half up to the fen. Read-only.
import { texts } from "../../../generated/texts.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { chinaDay } from "../../common/china-time.ts";
import { fen } from "./common.ts";
import type { QueryArrearsBody } from "../../../generated/operation-types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { allOf, likeContains, raw, sql, type Sql, when } from "../platform/db/sql.ts";
import { BillStatus, ResidentIdentity } from "../../../generated/states.ts";
import { mask, PLAIN_TEXT_CODE } from "../../common/masks.ts";
import { apiError } from "../platform/http/envelope.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { money, paymentWorkbook, table, xlsxBytes, type Column } from "./workbook.ts";
import { asAnswered } from "./answered.ts";

/** Bucket labels, by number (days past due of the oldest unpaid bill). */
export const AGEING_BUCKETS: Record<number, string> = { 1: texts.arrears.bucket1, 2: texts.arrears.bucket2, 3: texts.arrears.bucket3, 4: texts.arrears.bucket4 };

export interface ArrearsQuery {
  communityId: number | null;
  buildingId: number | null;
  paymentItemId: number | null;
  bucket: number | null;
  roomNo: string | null;
  pageNo: number;
  pageSize: number;
}

/** The request's filters and page (the one place an arrears call reads its input: the list's body or the export's query). */
export function arrearsQueryOf(body: QueryArrearsBody, maxPageSize = 500): ArrearsQuery {
  // One of AGEING_BUCKETS: the operations' validators refused any other (请选择账龄).
  const bucket = body.bucket ?? null;
  const pageNo = Math.max(1, body.pageNo ?? 1);
  const pageSize = Math.min(maxPageSize, Math.max(1, body.pageSize ?? 10));
  const roomNo = body.roomNo?.trim() ? body.roomNo.trim().slice(0, 32) : null;
  return { communityId: body.communityId ?? null, buildingId: body.buildingId ?? null, paymentItemId: body.paymentItemId ?? null, bucket, roomNo, pageNo, pageSize };
}

/** A room of the arrears statement: money in fen, the totals and the ageing figures beside each row. */
interface ArrearsSqlRow {
  /** Null on the figures row of a page without rooms. */
  roomId: number | null;
  communityId: number;
  communityName: string;
  buildingId: number | null;
  buildingName: string | null;
  unitName: string | null;
  roomNo: string;
  roomName: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  owed: number;
  bills: number;
  oldestPeriod: string;
  days: number;
  bucket: number;
  total: number;
  totalOwed: number;
  buckets: BucketFigures[];
  lastDunnedAt: string | null;
  lastDunningResult: number | null;
}

/** What bill `b` (its item `i`) owes on `day`, late fee included (fen). */
export const owedSql = (day: string): Sql => sql`b.amount_due - b.amount_paid - b.amount_waived + case
    when b.amount_paid > 0 or b.late_fee > 0 or b.amount_waived > 0 then b.late_fee
    when i.late_fee_enabled and i.late_fee_rate > 0 and ${day}::date - (b.due_date + coalesce(i.late_fee_grace_days, 0)) > 0
      then round((b.amount_due - b.amount_waived)::numeric * i.late_fee_rate * (${day}::date - (b.due_date + coalesce(i.late_fee_grace_days, 0))) / 1000)::bigint
    else 0 end`;

/** What bill `b` owes without a late fee still accruing (the sum room_arrears keeps, fixed late fees included). */
const BILL_OWES = sql`b.amount_due - b.amount_paid - b.amount_waived + b.late_fee`;

/** The ageing bucket of a room whose oldest overdue bill is `days` past due. */
const bucketOf = (days: Sql) => sql`case when ${days} <= 30 then 1 when ${days} <= 90 then 2 when ${days} <= 180 then 3 else 4 end`;

/** A bill `b` that counts as arrears on `day`: approved or partly paid, something owed, due before the day. */
const countsSql = (day: Sql | string) => sql`b.status in (${BillStatus.Approved}, ${BillStatus.PartlyPaid}) and b.due_date < ${day}::date and ${BILL_OWES} > 0`;

/**
 * The CTE `rooms_owing` (per room: owed, bills, oldest period, the oldest due date, days past due and
 * bucket), summed from the bills under the filters `where`. The reference every other way of
 * answering is checked against (tests/api/payment/arrears.kept-per-room.spec.ts), and the way for an
 * item filter.
 */
export function owingFromBills(tenantId: number, where: Sql[], today: string): Sql {
  return sql`owed as (
      select b.room_id, b.community_id, b.period, b.due_date, (${owedSql(today)}) as owed
        from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
       where b.tenant_id = ${tenantId} and b.status in (${BillStatus.Approved}, ${BillStatus.PartlyPaid}) and b.due_date < ${today}::date ${when(where.length, () => sql`and ${allOf(where)}`)}
    ), rooms_owing as (
      select o.*, ${bucketOf(raw("o.days"))} as bucket
        from (select b.room_id, b.community_id, sum(b.owed)::bigint as owed, count(*)::int as bills, min(b.period) as oldest_period,
                     min(b.due_date) as oldest_due, (${today}::date - min(b.due_date))::int as days
                from owed b where b.owed > 0 group by b.room_id, b.community_id) o
    )`;
}

/** The filters as a condition on `b` (`b.community_id`, `b.room_id`), after an `and`. */
const andAll = (where: Sql[]) => when(where.length, () => sql`and ${allOf(where)}`);

/**
 * What time changed since room_arrears' day `asOf`, per room: the bills due from `asOf` to yesterday
 * (each community's through its due-date index), and the late fee still accruing (owedSql less what
 * the bill owes without it) on bills of items with a late fee.
 */
const liveArrears = (tenantId: number, where: Sql[], today: string, asOf: Sql | string) =>
  sql`select b.room_id, b.community_id, ${BILL_OWES} as owed, 1 as bills, b.period, b.due_date
        from communities c join bills b on b.tenant_id = c.tenant_id and b.community_id = c.id
       where c.tenant_id = ${tenantId} and b.due_date >= ${asOf}::date and ${countsSql(today)} ${andAll(where)}
      union all
      select b.room_id, b.community_id, (${owedSql(today)}) - (${BILL_OWES}), 0, null, null
        from payment_items i join bills b on b.tenant_id = i.tenant_id and b.payment_item_id = i.id
       where i.tenant_id = ${tenantId} and i.late_fee_enabled and i.late_fee_rate > 0 and ${countsSql(today)} ${andAll(where)}`;

/**
 * The same CTE `rooms_owing` from what room_arrears keeps per room (the bills due before `asOf`, see
 * core-migrations-after/0018_room_arrears.sql), plus what time changed (liveArrears) when there is
 * any. Without it, rooms_owing is room_arrears itself, not materialized: the page reads its first
 * rooms through the (oldest due, owed) index and the figures are one pass over the tenant's rows.
 */
function owingFromKeptRooms(tenantId: number, where: Sql[], today: string, asOf: string, live: boolean): Sql {
  const kept = sql`select * from room_arrears b where b.tenant_id = ${tenantId} ${andAll(where)}`;
  if (!live) {
    return sql`rooms_owing as not materialized (
      select k.room_id, k.community_id, k.owed, k.bills, k.oldest_period, k.oldest_due, k.days, ${bucketOf(raw("k.days"))} as bucket
        from (select b.*, (${today}::date - b.oldest_due)::int as days from (${kept}) b) k
    )`;
  }
  return sql`more as (
      select m.room_id, m.community_id, sum(m.owed)::bigint as owed, sum(m.bills)::int as bills, min(m.period) as oldest_period, min(m.due_date) as oldest_due
        from (${liveArrears(tenantId, where, today, asOf)}) m
       group by m.room_id, m.community_id
    ), rooms_owing as (
      select o.*, ${bucketOf(raw("o.days"))} as bucket
        from (select coalesce(k.room_id, m.room_id) as room_id, coalesce(k.community_id, m.community_id) as community_id,
                     (coalesce(k.owed, 0) + coalesce(m.owed, 0))::bigint as owed, (coalesce(k.bills, 0) + coalesce(m.bills, 0))::int as bills,
                     least(k.oldest_period, m.oldest_period) as oldest_period, least(k.oldest_due, m.oldest_due) as oldest_due,
                     (${today}::date - least(k.oldest_due, m.oldest_due))::int as days
                from (${kept}) k full join more m on m.room_id = k.room_id and m.community_id = k.community_id) o
       where o.bills > 0
    )`;
}

/** Moves room_arrears on to `day`: the daily job, so that the list reads no bill live but the day's. */
export async function advanceArrears(db: DbSession, day = chinaDay()): Promise<void> {
  await db.query(sql`select room_arrears_advance(${day}::date)`);
}

/**
 * `rooms_owing` for the filters: from the rooms' kept arrears, or from the bills where those cannot
 * answer (an item filter; a day before the one they count up to).
 */
async function owingCtes(db: DbSession, tenantId: number, q: ArrearsQuery, today: string): Promise<Sql> {
  const roomWhere: Sql[] = [];
  if (q.buildingId !== null) roomWhere.push(sql`ro.building_id = ${q.buildingId}`);
  if (q.roomNo !== null) roomWhere.push(sql`ro.full_name like ${likeContains(q.roomNo)} escape '\\'`);
  const where: Sql[] = [];
  if (q.communityId !== null) where.push(sql`b.community_id = ${q.communityId}`);
  if (roomWhere.length) where.push(sql`b.room_id in (select ro.id from rooms ro where ro.tenant_id = ${tenantId} and ${allOf(roomWhere)})`);
  if (q.paymentItemId === null) {
    // The day room_arrears counts up to, and whether anything changed since that the list must read live.
    // (`limit 1`: the one-row table has no statistics, and a guess of thousands of rows made the
    // check's cost high enough for PostgreSQL to compile it (JIT), 300 ms on every call.)
    const [kept] = await camelRows<{ day: string; live: boolean }>(
      db,
      sql`select a.day::text as day, exists (${liveArrears(tenantId, where, today, raw("a.day"))}) as live from (select day from arrears_as_of limit 1) a`,
    );
    if (kept.day <= today) return owingFromKeptRooms(tenantId, where, today, kept.day, kept.live);
  }
  if (q.paymentItemId !== null) where.push(sql`b.payment_item_id = ${q.paymentItemId}`);
  return owingFromBills(tenantId, where, today);
}

/** A bucket's households and fen owed, as the statement's summary column lists them. */
interface BucketFigures {
  bucket: number;
  households: number;
  owed: number | string;
}

/** The ageing summary of the filters (the bucket filter aside): households and yuan owed per bucket, and in all. */
function ageingSummary(figures: BucketFigures[]) {
  const byBucket = new Map(figures.map((r) => [Number(r.bucket), r]));
  const buckets = Object.keys(AGEING_BUCKETS)
    .map(Number)
    .map((bucket) => {
      const r = byBucket.get(bucket);
      return { bucket, label: AGEING_BUCKETS[bucket], households: r ? Number(r.households) : 0, owedFen: r ? fen(r.owed) : 0 };
    });
  return {
    buckets: buckets.map(({ owedFen, ...b }) => ({ ...b, amountOwed: owedFen })),
    households: buckets.reduce((n, b) => n + b.households, 0),
    amountOwed: buckets.reduce((n, b) => n + b.owedFen, 0),
  };
}

/** A room's owner as the arrears list names it: its first inhabitant with identity 业主. */
export const roomOwner = (tenantId: number, roomId: Sql | number) =>
  sql`select h.id, h.name, h.phone from inhabitants h
       where h.tenant_id = ${tenantId} and h.room_id = ${roomId} and h.identity = ${ResidentIdentity.Owner}
       order by h.id limit 1`;

export async function arrearsPage(db: DbSession, session: SessionInfo, q: ArrearsQuery, today = chinaDay()) {
  const { tenantId } = session;
  // Bills are summed per room first and only the page's rooms are joined to rooms, communities and
  // buildings (the sort needs no room column): no pass over the tenant's rooms per call. One statement
  // answers the page, its totals and the ageing summary: the figures row always comes back, joined to
  // the page's rooms when there are any.
  const picked = q.bucket === null ? sql`true` : sql`bucket = ${q.bucket}`;
  // rooms_owing is read twice, once for the page and once for the figures per bucket (its totals are
  // those of the buckets the filter keeps): no third pass over every owing room for a count or a sum.
  const statement = sql`with ${await owingCtes(db, tenantId, q, today)}, page as (
      select p.* from rooms_owing p where ${picked} order by p.oldest_due, p.owed desc, p.room_id
       limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}
    ), by_bucket as (
      select bucket, count(*)::int as households, sum(owed)::bigint as owed from rooms_owing group by bucket
    ), figures as (
      select coalesce(sum(s.households) filter (where ${picked}), 0)::int as total, coalesce(sum(s.owed) filter (where ${picked}), 0)::bigint as total_owed,
             coalesce(json_agg(json_build_object('bucket', s.bucket, 'households', s.households, 'owed', s.owed)), '[]'::json) as buckets
        from by_bucket s
    ), rows as (
      select p.room_id, p.community_id, c.name as community_name, ro.building_id, bu.name as building_name,
             un.name as unit_name, ro.room_no, ro.full_name as room_name, o.name as owner_name, o.phone as owner_phone,
             p.owed, p.bills, p.oldest_period, p.days, p.bucket,
             dr.dunned_at::text as last_dunned_at, dr.result as last_dunning_result
        from page p join rooms ro on ro.tenant_id = ${tenantId} and ro.id = p.room_id
        join communities c on c.tenant_id = ${tenantId} and c.id = p.community_id
        left join buildings bu on bu.tenant_id = ${tenantId} and bu.id = ro.building_id
        left join units un on un.tenant_id = ${tenantId} and un.id = ro.unit_id
        left join lateral (${roomOwner(tenantId, raw("p.room_id"))}) o on true
        left join lateral (select d.dunned_at, d.result from dunning_records d
                            where d.tenant_id = ${tenantId} and d.room_id = p.room_id
                            order by d.dunned_at desc, d.id desc limit 1) dr on true
    )
    select r.*, f.total, f.total_owed, f.buckets from figures f left join rows r on true
     order by r.days desc, r.owed desc, r.room_id`;
  const rows = await camelRows<ArrearsSqlRow>(db, statement);
  const [figures] = rows;
  const list = rows
    .filter((r) => r.roomId !== null)
    .map((r) => ({
      roomId: Number(r.roomId),
      communityId: Number(r.communityId),
      communityName: r.communityName,
      buildingId: r.buildingId === null ? null : Number(r.buildingId),
      buildingName: r.buildingName ?? null,
      unitName: r.unitName ?? null,
      roomNo: r.roomNo,
      roomName: r.roomName ?? r.roomNo,
      ownerName: r.ownerName ?? null,
      ownerPhone: r.ownerPhone === null ? null : mask("phone", r.ownerPhone),
      amountOwed: fen(r.owed),
      billCount: Number(r.bills),
      oldestPeriod: r.oldestPeriod,
      daysPastDue: Number(r.days),
      bucket: Number(r.bucket),
      bucketLabel: AGEING_BUCKETS[Number(r.bucket)],
      lastDunnedAt: r.lastDunnedAt ?? null,
      lastDunningResult: r.lastDunningResult === null ? null : Number(r.lastDunningResult),
    }));
  return {
    list,
    total: Number(figures.total),
    totalOwed: fen(figures.totalOwed),
    summary: ageingSummary(figures.buckets),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    today,
  };
}

const COLUMNS: Column[] = [
  { header: texts.arrears.communityName, key: "communityName", width: 20 },
  { header: texts.arrears.roomName, key: "roomName", width: 22 },
  { header: texts.arrears.ownerName, key: "ownerName", width: 12 },
  { header: texts.arrears.ownerPhone, key: "ownerPhone", width: 14 },
  money("amountOwed", texts.arrears.amountOwed, 16),
  { header: texts.arrears.billCount, key: "billCount", width: 12 },
  { header: texts.arrears.oldestPeriod, key: "oldestPeriod", width: 14 },
  { header: texts.arrears.daysPastDue, key: "daysPastDue", width: 10 },
  { header: texts.arrears.bucketLabel, key: "bucketLabel", width: 12 },
];

/** Every matching room (up to 100 000) as an .xlsx; money cells hold the two-decimal values with a 0.00 format. */
export async function arrearsWorkbook(db: DbSession, session: SessionInfo, q: ArrearsQuery): Promise<Buffer> {
  const data = asAnswered("queryArrears", await arrearsPage(db, session, { ...q, pageNo: 1, pageSize: 100_000 }));
  const wb = paymentWorkbook();
  table(wb.addWorksheet(texts.arrears.sheet), COLUMNS, data.list, { amountOwed: data.totalOwed, billCount: data.list.reduce((s, r) => s + r.billCount, 0) });
  return xlsxBytes(wb);
}

/**
 * The full phone of a room's owner for a holder of 查看明文 (the arrears list shows it masked), written
 * to the operation log as a reveal of that resident's phone.
 */
export async function revealOwnerPhone(db: DbSession, session: SessionInfo, roomId: number, ip: string | null) {
  if (!session.authorities.includes(PLAIN_TEXT_CODE)) throw apiError("NO_PERMISSION");
  const [room] = await camelRows<{ communityId: number }>(db, sql`select community_id from rooms where tenant_id = ${session.tenantId} and id = ${roomId}`);
  if (!room) throw apiError("NOT_FOUND");
  const [owner] = await camelRows<{ id: number; phone: string | null }>(db, roomOwner(session.tenantId, roomId));
  if (owner) {
    await writeOperationLog(db, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip,
      resource: "inhabitants",
      action: "plainText",
      operationCode: PLAIN_TEXT_CODE,
      targetId: owner.id,
      detail: { field: "phone", roomId },
      communityId: Number(room.communityId),
    });
  }
  return { roomId, ownerPhone: owner?.phone ?? null };
}
