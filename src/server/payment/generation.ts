// Bill generation: for a period, payment items (each of one community) and optionally buildings or
// rooms, one draft bill per room × item × period from the item's pricing type. Idempotent: the
// unique key (tenant, room, item, period) plus ON CONFLICT DO NOTHING — a second run creates none
// and counts the bills that already existed.
//
// A run is a background task (tasks table, type billGeneration) with one bill batch per item. Its
// items are cut into lanes (two on PostgreSQL, side by side; one on PGlite: RunCursor below); a lane
// works through its items in order, about CHUNK rooms per step and transaction: whole items as long
// as their rooms (counted when the run was planned) fit, else one item's next CHUNK rooms in id
// order. A step is one statement — the rooms of all its items priced (UNION ALL), the bills inserted
// (INSERT ... SELECT), the batch counters updated — plus the task's cursor in the same transaction,
// so a run cut off by a crash resumes at the next step and never duplicates a bill.
import type { Db, DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { periodProblem, dueDateOf } from "../../common/payment/period.ts";
import { enqueueTask, finishTask, type TaskRow } from "../platform/tasks/store.ts";
import { registerTaskHandler, type StepContext, type TaskHandler } from "../platform/tasks/runner.ts";
import { registerTaskSummary } from "../tasks/task-centre.ts";
import { fen, nextCounter, notFound, optionalIds, refused, say } from "./common.ts";
import type { GenerateBillsBody } from "../../../generated/operation-types.ts";
import { loadSettings } from "./settings.ts";
import { pricingSql } from "./pricing-sql.ts";
import { formulaUsesMeter } from "./fee-formula.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { Shared, join, raw, sharing, sql, when, type Sql } from "../platform/db/sql.ts";
// The run's arrays (up to 50 000 room ids) are Shared: passed once per statement, not once per item of a step.
import { BillBatchStatus, BillStatus, MeterReadingStatus, ParkingPlaceStatus, PaymentItemCategory, PricingMethod, RoomOccupancy } from "../../../generated/states.ts";
import { apiError } from "../platform/http/envelope.ts";
import { refreshStaleStatistics } from "../platform/db/statistics.ts";
import { fillErrorCode } from "../../../generated/fill-errors.ts";

export const GENERATION_TASK = "billGeneration";
/**
 * The tables a run grows or rewrites. A run on a near-empty bills table (a new office, the first
 * month) would otherwise keep, for the connection's life, the reference triggers' plans made at its
 * first step: the readings' check of their new bills then hashed the whole, growing bills table at
 * every step instead of looking the step's bills up by key.
 */
const GROWN = ["bills", "meter_readings"];
/** Rooms per step (one transaction); the rooms, not the items, set what a step costs. */
export const CHUNK = 5000;
/**
 * An item's rooms of a step that takes CHUNK of them: the limit is written into the text (a constant,
 * not a value), so that the planner knows it and reads the rooms in id order from their key.
 */
const CHUNK_LIMIT = raw(` limit ${CHUNK}`);

export interface GenerationItem {
  itemId: number;
  itemName: string;
  communityId: number;
  batchId: number;
  batchNo: string;
  pricingMethod: number;
  billingCycle: number;
  unitPriceFen: number | null;
  meterMultiplier: string | null;
  /** Pricing by meter use: the type of the room's meters whose approved readings it bills. */
  meterTypeId?: number | null;
  /** Method 5: the formula, 附加费 (fen) and 系数 of the pricing type (fee-formula.ts). */
  formula?: string | null;
  surchargeFen?: number | null;
  coefficient?: string | null;
  roundingMode: number;
  dueDate: string;
  /** The 房屋状态 (rooms.occupancy_status) the item bills; absent in a task planned before occupancy (then the default). */
  occupancyStatuses?: number[];
  /** The item's own building restriction (null = all). */
  itemBuildingIds: number[] | null;
  /** Its rooms when the run was planned: whole items are grouped into steps by it. */
  plannedRooms?: number;
  /** Category 停车月租类: only the rooms a parking place is rented (出租) to by this item (docs/parking.md). */
  parkingRent?: boolean;
}

export interface GenerationPayload {
  period: string;
  items: GenerationItem[];
  buildingIds: number[] | null;
  roomIds: number[] | null;
  manualAmountFen: number | null;
}

interface Cursor {
  item: number;
  lastRoomId: number;
  /** The end (exclusive) of the items this cursor works through; absent: all of them. */
  end?: number;
}

/**
 * A run's cursor: its lanes, each a range of the items worked through in order, step by step. On
 * PostgreSQL two lanes run side by side (a transaction and a connection each, the CPUs shared), so
 * that a run over many items takes about the time of its larger half. Each lane's step commits its
 * bills with its own part of the cursor, so a run cut off resumes every lane where it stood. A run
 * stored before lanes has a single Cursor.
 */
interface RunCursor {
  lanes: Cursor[];
}

/** Lanes side by side on PostgreSQL; PGlite is one connection. */
const LANES = { postgres: 2, pglite: 1 } as const;

/** The items cut into up to `count` ranges of about the same planned rooms, in order. */
function planLanes(items: GenerationItem[], count: number): Cursor[] {
  const rooms = items.map((i) => i.plannedRooms ?? CHUNK);
  const total = rooms.reduce((a, b) => a + b, 0);
  const lanes: Cursor[] = [];
  let start = 0;
  let sum = 0;
  rooms.forEach((n, i) => {
    sum += n;
    if (lanes.length < count - 1 && i + 1 < items.length && sum >= (total * (lanes.length + 1)) / count) {
      lanes.push({ item: start, lastRoomId: 0, end: i + 1 });
      start = i + 1;
    }
  });
  return [...lanes, { item: start, lastRoomId: 0, end: items.length }];
}

export interface ItemRow {
  id: number;
  communityId: number;
  name: string;
  category: number | null;
  enabled: boolean | null;
  occupancyStatuses: unknown;
  buildingIds: unknown;
  dueDay: number;
  pricingMethod: number;
  billingCycle: number;
  unitPrice: number | null;
  meterMultiplier: string | null;
  meterTypeId: number | null;
  formula: string | null;
  surcharge: string | number | null;
  coefficient: string | null;
  priceTypeName: string;
  priceEnabled: boolean | null;
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

/** The run's parameters (tenant, the request's buildings and rooms, the period): once per statement however many items it covers. */
interface RunParams {
  tenantId: Shared;
  buildingIds: Shared;
  roomIds: Shared;
  period: Shared;
}
const runParams = (tenantId: number, payload: GenerationPayload): RunParams => ({
  tenantId: new Shared(tenantId),
  buildingIds: new Shared(payload.buildingIds),
  roomIds: new Shared(payload.roomIds),
  period: new Shared(payload.period),
});

/** What an item bills when it names no state of its own: every house whatever its 房屋状态. */
const EVERY_OCCUPANCY: number[] = Object.values(RoomOccupancy);
/** What a task planned before items billed by occupancy bills: the items' default (every house but 未交付). */
const DEFAULT_OCCUPANCY: number[] = EVERY_OCCUPANCY.filter((s) => s !== RoomOccupancy.NotDelivered);

/** An item's parameters the room filter uses (its community, 房屋状态 and own buildings), once per item. */
interface ItemParams {
  communityId: Shared;
  occupancyStatuses: number[];
  buildingIds: Shared;
  /** A parking rent item's id (null for any other item): the rooms a place is rented to by it. */
  rentItemId: Shared;
}
const itemParams = (item: GenerationItem): ItemParams => ({
  communityId: new Shared(item.communityId),
  occupancyStatuses: item.occupancyStatuses ?? DEFAULT_OCCUPANCY,
  buildingIds: new Shared(item.itemBuildingIds),
  rentItemId: new Shared(item.parkingRent ? item.itemId : null),
});

/** The rooms a generation item looks at (shared by counting and generating). */
function roomFilter(run: RunParams, item: ItemParams): Sql {
  return sql`r.tenant_id = ${run.tenantId}::bigint and r.community_id = ${item.communityId}::bigint
     and r.occupancy_status = any(${item.occupancyStatuses}::int[])
     and (${item.buildingIds}::bigint[] is null or r.building_id = any(${item.buildingIds}::bigint[]))
     and (${run.buildingIds}::bigint[] is null or r.building_id = any(${run.buildingIds}::bigint[]))
     and (${run.roomIds}::bigint[] is null or r.id = any(${run.roomIds}::bigint[]))
     and (${item.rentItemId}::bigint is null or exists (select 1 from parking_places pp where pp.tenant_id = r.tenant_id and pp.room_id = r.id
                                                        and pp.rent_item_id = ${item.rentItemId}::bigint and pp.status = ${ParkingPlaceStatus.Rented}::int))`;
}

/** What a generation is asked for: the generateBills operation's body (the demo seed passes the same). */
export type GenerationRequest = GenerateBillsBody;

/** The payment items with their pricing types, by community and id (rows missing from the tenant are left out). */
export function itemRows(db: DbSession, tenantId: number, itemIds: number[]): Promise<ItemRow[]> {
  return camelRows<ItemRow>(
    db,
    sql`select i.id, i.community_id, i.name, i.category, i.enabled, i.occupancy_statuses, i.building_ids,
            i.due_day, p.pricing_method, p.billing_cycle, p.unit_price,
            p.meter_multiplier, i.meter_type_id, p.formula, p.surcharge, p.coefficient, p.name as price_type_name, p.enabled as price_enabled
       from payment_items i join price_types p on p.tenant_id = i.tenant_id and p.id = i.price_type_id
      where i.tenant_id = ${tenantId} and i.id = any(${itemIds}::bigint[]) order by i.community_id, i.id`,
  );
}

/**
 * An item as generation bills it in `period` (no batch yet), after the checks generation makes: the
 * item and its pricing type enabled, the period suits its cycle, a unit price unless entered by hand.
 */
export function generationItemOf(r: ItemRow, period: string, roundingMode: number): GenerationItem {
  if (r.enabled === false) throw refused("itemDisabled", "paymentItemIds", { name: r.name });
  if (r.priceEnabled === false) throw refused("priceTypeDisabled", "paymentItemIds", { name: r.priceTypeName });
  const problem = periodProblem(period, r.billingCycle);
  if (problem) throw refused("itemPeriodProblem", "period", { name: r.name, problem });
  if (r.pricingMethod !== PricingMethod.ManualEntry && (r.unitPrice === null || r.unitPrice === undefined)) {
    throw refused("priceTypeNoPrice", "paymentItemIds", { name: r.priceTypeName });
  }
  const byMeter = r.pricingMethod === PricingMethod.ByMeterReading || (r.pricingMethod === PricingMethod.Formula && formulaUsesMeter(r.formula));
  if (byMeter && !r.meterTypeId) throw apiError("METER_TYPE_REQUIRED", { message: fillErrorCode.METER_TYPE_REQUIRED({ name: r.name }) });
  const statuses = idsOf(r.occupancyStatuses);
  const ownBuildings = idsOf(r.buildingIds);
  return {
    itemId: r.id,
    itemName: r.name,
    communityId: r.communityId,
    batchId: 0,
    batchNo: "",
    pricingMethod: r.pricingMethod,
    billingCycle: r.billingCycle,
    unitPriceFen: r.unitPrice === null ? null : fen(r.unitPrice),
    meterMultiplier: r.meterMultiplier,
    meterTypeId: r.meterTypeId === null ? null : Number(r.meterTypeId),
    formula: r.formula,
    surchargeFen: r.surcharge === null ? null : fen(r.surcharge),
    coefficient: r.coefficient,
    roundingMode,
    dueDate: dueDateOf(period, r.dueDay),
    // No restriction: houses in every state.
    occupancyStatuses: statuses.length ? statuses : EVERY_OCCUPANCY,
    itemBuildingIds: ownBuildings.length ? ownBuildings : null,
    parkingRent: r.category === PaymentItemCategory.Parking,
  };
}

/** Checks a request and builds the task's payload (no writes but the batch numbers). */
async function buildPayload(tx: DbSession, session: SessionInfo, body: GenerationRequest): Promise<GenerationPayload> {
  // The operation's validator refused a period that is no YYYY-MM (请选择账期) and lists empty or too long.
  const period = body.period;
  const itemIds = [...new Set(body.paymentItemIds)];
  const communityIds = optionalIds(body.communityIds);
  const buildingIds = optionalIds(body.buildingIds);
  const roomIds = optionalIds(body.roomIds);
  const rows = await itemRows(tx, session.tenantId, itemIds);
  if (rows.length !== itemIds.length) throw notFound();
  let manualAmountFen: number | null = null;
  const items: GenerationItem[] = [];
  const rounding = new Map<number, number>();
  for (const r of rows) {
    if (communityIds && !communityIds.includes(r.communityId)) throw refused("itemNotInCommunity", "paymentItemIds", { name: r.name });
    if (!rounding.has(r.communityId)) rounding.set(r.communityId, (await loadSettings(tx, session.tenantId, r.communityId)).roundingMode);
    const item = generationItemOf(r, period, rounding.get(r.communityId)!);
    if (r.pricingMethod === PricingMethod.ManualEntry && manualAmountFen === null) {
      if (body.manualAmount === undefined || body.manualAmount === null) throw refused("manualAmountRequired", "manualAmount");
      manualAmountFen = body.manualAmount;
    }
    items.push(item);
  }
  return { period, items, buildingIds, roomIds, manualAmountFen };
}

export interface PlannedRun {
  task: TaskRow;
  batches: { id: number; batchNo: string; paymentItemId: number; communityId: number }[];
  total: number;
}

/** Creates the run's task and its bill batches (status 生成中); the worker does the rest. */
export async function planGeneration(tx: DbSession, session: SessionInfo, body: GenerationRequest): Promise<PlannedRun> {
  const payload = await buildPayload(tx, session, body);
  let total = 0;
  for (const item of payload.items) {
    const count = sharing(sql`select count(*)::int as n from rooms r where ${roomFilter(runParams(session.tenantId, payload), itemParams(item))}`);
    const { rows } = await tx.query<{ n: number }>(count);
    item.plannedRooms = rows[0].n;
    total += rows[0].n;
  }
  const names = payload.items.map((i) => i.itemName);
  const name = say("generationTaskName", { period: payload.period, items: names.slice(0, 3).join("、") + (names.length > 3 ? say("generationItemsMore", { count: names.length }) : "") });
  const task = await enqueueTask(tx, { tenantId: session.tenantId, userId: session.userId, type: GENERATION_TASK, name, total, payload: {} });
  const batches: PlannedRun["batches"] = [];
  for (const item of payload.items) {
    const seq = await nextCounter(tx, session.tenantId, "billBatch");
    item.batchNo = `G${payload.period.replace("-", "")}${String(seq).padStart(6, "0")}`;
    const { rows } = await tx.query<{ id: number }>(
      sql`insert into bill_batches (tenant_id, community_id, batch_no, payment_item_id, period, status, task_id, created_by, updated_by)
       values (${session.tenantId}, ${item.communityId}, ${item.batchNo}, ${item.itemId}, ${payload.period}, ${BillBatchStatus.Generating}, ${task.id},
               ${session.userId}, ${session.userId}) returning id`,
    );
    item.batchId = rows[0].id;
    batches.push({ id: item.batchId, batchNo: item.batchNo, paymentItemId: item.itemId, communityId: item.communityId });
  }
  await tx.query(sql`update tasks set payload = ${JSON.stringify(payload)}::jsonb where id = ${task.id}`);
  task.payload = payload as unknown as TaskRow["payload"];
  return { task, batches, total };
}

/**
 * One item's rooms after `afterRoomId` (CHUNK of them when `limited`, or all), priced: one SELECT of
 * the step's UNION ALL, and whether it reads meter readings (the step then marks them 已计费).
 */
function itemSelect(run: RunParams, payload: GenerationPayload, item: GenerationItem, afterRoomId: number, limited: boolean): { select: Sql; needsMeter: boolean } {
  const priced = pricingSql({ ...item, manualAmountFen: payload.manualAmountFen });
  const it = itemParams(item);
  const itemId = new Shared(item.itemId);
  // The use of the room's meters of the item's type in the period, from approved readings only (none: null, the room is skipped).
  const meterJoin = when(
    priced.needsMeter,
    () => sql`left join lateral (select sum(x.usage) as usage, array_agg(x.id) as reading_ids from meter_readings x
                 where x.tenant_id = ${run.tenantId}::bigint and x.room_id = c.id and x.meter_type_id = ${item.meterTypeId ?? null}::bigint
                   and x.period = ${run.period}::varchar and x.status = ${MeterReadingStatus.Approved}::int) m on true`,
  );
  const select = sql`select c.id as room_id, ${it.communityId}::bigint as community_id, ${itemId}::bigint as item_id, ${item.batchId}::bigint as batch_id, ${priced.quantity}::numeric as quantity, ${priced.amount}::bigint as amount, ${item.dueDate}::date as due_date,
            ${priced.needsMeter ? sql`m.reading_ids` : sql`null::bigint[]`} as reading_ids
       from (select r.id, coalesce(r.charge_area, r.building_area) as charge_area, r.tenant_id, r.community_id, r.building_id, r.unit_id, r.building_area, r.floor from rooms r where ${roomFilter(run, it)} and r.id > ${afterRoomId}::bigint order by r.id${when(limited, CHUNK_LIMIT)}) c ${meterJoin}`;
  return { select, needsMeter: priced.needsMeter };
}

/**
 * A bill's number reads as the period and the bill's id: ZD202611-00001035 (unique, as the id is; the id
 * is drawn first so that the number can carry it; a bill that already exists draws one and skips it).
 */
export const billNoPrefix = (period: string) => `ZD${period.replace("-", "")}-`;

/**
 * One room priced for an item in a period exactly as a generation step prices it (the same SELECT):
 * null when the item does not bill the room (its 房屋状态 or building), an amount of null when the
 * room lacks what the pricing needs (an area, a meter reading).
 */
export async function priceRoom(db: DbSession, tenantId: number, item: GenerationItem, roomId: number, period: string): Promise<{ quantity: string | null; amount: number | null } | null> {
  const payload: GenerationPayload = { period, items: [item], buildingIds: null, roomIds: [roomId], manualAmountFen: null };
  const statement = sharing(itemSelect(runParams(tenantId, payload), payload, item, 0, false).select);
  const rows = await camelRows<{ quantity: string | null; amount: string | number | null }>(db, statement);
  if (!rows.length) return null;
  return { quantity: rows[0].quantity === null ? null : String(rows[0].quantity), amount: rows[0].amount === null ? null : fen(rows[0].amount) };
}

interface BatchCount {
  batchId: number;
  scanned: number;
  lastId: number | null;
}

/**
 * One step: the bills of `items` (whole items, or one item's next `limit` = CHUNK rooms after
 * `afterRoomId`) in a single statement — the rooms priced, the missing bills inserted, and each
 * batch's counters updated from what the statement saw. Returns the rooms scanned per batch.
 */
async function generateStep(
  tx: DbSession,
  tenantId: number,
  userId: number | null,
  payload: GenerationPayload,
  items: GenerationItem[],
  afterRoomId: number,
  limit: typeof CHUNK | null,
): Promise<BatchCount[]> {
  const run = runParams(tenantId, payload);
  const parts = items.map((item, k) => itemSelect(run, payload, item, k === 0 ? afterRoomId : 0, limit !== null));
  const selects = parts.map((p) => p.select);
  const metered = parts.some((p) => p.needsMeter);
  const user = new Shared(userId);
  const max = new Shared(limit);
  // A batch is finished when its item's rooms are all seen: always for whole items, else when the
  // item had fewer rooms left than the limit.
  const step = sharing(sql`with priced as materialized (
       ${join(selects, "\n       union all\n       ")}
     ), ins as (
       insert into bills (id, tenant_id, community_id, bill_no, room_id, payment_item_id, batch_id, period, quantity, amount_due, due_date, status, created_by, updated_by)
       select p.id, ${run.tenantId}::bigint, p.community_id, ${billNoPrefix(payload.period)}::text || lpad(p.id::text, 8, '0'), p.room_id, p.item_id, p.batch_id,
              ${run.period}::varchar, p.quantity, p.amount, p.due_date, ${BillStatus.Draft}::int, ${user}::bigint, ${user}::bigint
         from (select nextval(pg_get_serial_sequence('bills', 'id')) as id, p.* from priced p where p.amount is not null) p
       on conflict do nothing
       returning id, room_id, payment_item_id, batch_id, amount_due
     )${when(metered, () => billedReadings(run))}, seen as (
       select batch_id, count(*)::int as scanned, count(amount)::int as priced, max(room_id) as last_id from priced group by batch_id
     ), made as (
       select batch_id, count(*)::int as inserted, coalesce(sum(amount_due), 0)::bigint as amount from ins group by batch_id
     ), counts as (
       select g.batch_id, coalesce(s.scanned, 0) as scanned, coalesce(s.priced, 0) as priced, s.last_id,
              coalesce(m.inserted, 0) as inserted, coalesce(m.amount, 0) as amount,
              (${max}::int is null or coalesce(s.scanned, 0) < ${max}::int) as finished
         from unnest(${items.map((i) => i.batchId)}::bigint[]) as g(batch_id) left join seen s on s.batch_id = g.batch_id left join made m on m.batch_id = g.batch_id
     ), upd as (
       update bill_batches b set room_count = room_count + c.scanned, bill_count = bill_count + c.inserted, existing_count = existing_count + c.priced - c.inserted,
              skipped_count = skipped_count + c.scanned - c.priced, total_amount = total_amount + c.amount,
              status = case when c.finished then ${BillBatchStatus.Generated}::int else b.status end, updated_at = now(), version = version + 1
         from counts c where b.tenant_id = ${run.tenantId}::bigint and b.id = c.batch_id
       returning b.id
     )
     select c.batch_id, c.scanned, c.last_id from counts c`);
  const rows = await camelRows<{ batchId: number; scanned: number; lastId: number | null }>(tx, step);
  const byBatch = new Map(rows.map((r) => [Number(r.batchId), r]));
  return items.map((i) => {
    const r = byBatch.get(i.batchId);
    return { batchId: i.batchId, scanned: r ? Number(r.scanned) : 0, lastId: r?.lastId == null ? null : Number(r.lastId) };
  });
}

/**
 * The readings a step's new bills priced by use became 已计费 (locked), each naming its bill: the
 * readings each priced row summed (their ids carried in `reading_ids`), found by key.
 */
function billedReadings(run: RunParams): Sql {
  // The readings by their key (`= any(array(…))`: an index scan of the step's rows, where a join
  // would hash the whole table for each step).
  return sql`, billing as (
       select i.id as bill_id, unnest(p.reading_ids) as reading_id
         from ins i join priced p on p.room_id = i.room_id and p.item_id = i.payment_item_id where p.reading_ids is not null
     ), billed as (
       update meter_readings x set status = ${MeterReadingStatus.Billed}::int, bill_id = r.bill_id, updated_at = now(), version = x.version + 1
         from billing r
        where x.tenant_id = ${run.tenantId}::bigint and x.id = any(array(select reading_id from billing)) and x.id = r.reading_id
          and x.status = ${MeterReadingStatus.Approved}::int
       returning x.id
     )`;
}

/**
 * The step at `cursor`: whole items while their planned rooms fit in CHUNK (at least one), or, for
 * an item larger than CHUNK or one resumed mid-way, its next CHUNK rooms. Returns the rooms scanned
 * and the next cursor.
 */
async function runStep(tx: DbSession, tenantId: number, userId: number | null, payload: GenerationPayload, cursor: Cursor): Promise<{ scanned: number; next: Cursor }> {
  await refreshStaleStatistics(tx, GROWN);
  const first = payload.items[cursor.item];
  const last = cursor.end ?? payload.items.length;
  const bounded = (c: Cursor): Cursor => (cursor.end === undefined ? c : { ...c, end: cursor.end });
  if (cursor.lastRoomId > 0 || (first.plannedRooms ?? CHUNK + 1) > CHUNK) {
    const [r] = await generateStep(tx, tenantId, userId, payload, [first], cursor.lastRoomId, CHUNK);
    const next = r.scanned < CHUNK ? { item: cursor.item + 1, lastRoomId: 0 } : { item: cursor.item, lastRoomId: r.lastId ?? cursor.lastRoomId };
    return { scanned: r.scanned, next: bounded(next) };
  }
  let end = cursor.item + 1;
  let rooms = first.plannedRooms ?? 0;
  while (end < last) {
    const n = payload.items[end].plannedRooms;
    if (n === undefined || rooms + n > CHUNK) break;
    rooms += n;
    end++;
  }
  const counts = await generateStep(tx, tenantId, userId, payload, payload.items.slice(cursor.item, end), 0, null);
  return { scanned: counts.reduce((s, c) => s + c.scanned, 0), next: bounded({ item: end, lastRoomId: 0 }) };
}

export interface GenerationResult {
  billCount: number;
  existingCount: number;
  skippedCount: number;
  totalAmount: number;
  batches: number;
}

async function runResult(db: DbSession, tenantId: number, taskId: number): Promise<GenerationResult> {
  const rows = await camelRows<GenerationResult>(
    db,
    sql`select coalesce(sum(bill_count), 0)::int as bill_count, coalesce(sum(existing_count), 0)::int as existing_count,
            coalesce(sum(skipped_count), 0)::int as skipped_count, coalesce(sum(total_amount), 0)::bigint as total_amount, count(*)::int as batches
       from bill_batches where tenant_id = ${tenantId} and task_id = ${taskId}`,
  );
  const r = rows[0];
  return { billCount: Number(r.billCount), existingCount: Number(r.existingCount), skippedCount: Number(r.skippedCount), totalAmount: fen(r.totalAmount), batches: Number(r.batches) };
}

/** The worker's handler: one chunk per lane and step, the lanes side by side. */
export const generationHandler: TaskHandler = {
  async step(ctx: StepContext) {
    const { task, db } = ctx;
    const payload = task.payload as unknown as GenerationPayload;
    const stored = task.cursor as unknown as RunCursor | Cursor | null;
    // First the lanes (a run stored before lanes goes on as one): each lane then saves only its own part.
    if (stored === null || !("lanes" in stored)) {
      const lanes = stored === null ? planLanes(payload.items, LANES[db.kind]) : [stored];
      await db.transaction((tx) => ctx.save(tx, 0, { lanes } satisfies RunCursor));
      return { finished: false };
    }
    const open = stored.lanes.flatMap((lane, i) => (lane.item < (lane.end ?? payload.items.length) ? [{ lane, i }] : []));
    if (!open.length) return { finished: true, result: await runResult(db, task.tenantId, task.id) };
    const steps = await Promise.allSettled(
      open.map(({ lane, i }) =>
        db.transaction(async (tx) => {
          const r = await runStep(tx, task.tenantId, task.userId, payload, lane);
          await ctx.save(tx, r.scanned, r.next, ["lanes", String(i)]);
        }),
      ),
    );
    // Both lanes have ended their transactions before a failure is reported.
    const failed = steps.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    return { finished: false };
  },
  async onFail(db: Db, task: TaskRow, message: string) {
    await db.query(
      sql`update bill_batches set status = ${BillBatchStatus.Failed}, error_message = ${message}, updated_at = now()
           where tenant_id = ${task.tenantId} and task_id = ${task.id} and status = ${BillBatchStatus.Generating}`,
    );
  },
};

/** The whole run inside the caller's transaction (demo seed): plan, every chunk, task completed. */
export async function generateInline(tx: DbSession, session: SessionInfo, body: GenerationRequest): Promise<GenerationResult & { taskId: number }> {
  const run = await planGeneration(tx, session, body);
  const payload = run.task.payload as unknown as GenerationPayload;
  let done = 0;
  let cursor: Cursor = { item: 0, lastRoomId: 0 };
  while (cursor.item < payload.items.length) {
    const r = await runStep(tx, session.tenantId, session.userId, payload, cursor);
    done += r.scanned;
    cursor = r.next;
  }
  const result = await runResult(tx, session.tenantId, run.task.id);
  await tx.query(sql`update tasks set state = 'active', started_at = now(), done = ${done} where id = ${run.task.id}`);
  await finishTask(tx, run.task.id, "completed", result);
  return { ...result, taskId: run.task.id };
}

export const generationSummary = (r: Record<string, unknown>): string =>
  say("generationSummary", { billCount: Number(r.billCount ?? 0), existingCount: Number(r.existingCount ?? 0), skippedCount: Number(r.skippedCount ?? 0) });

// Any process that loads the generation code can run its tasks (the server's worker, the benchmark).
registerTaskHandler(GENERATION_TASK, generationHandler);
registerTaskSummary(GENERATION_TASK, generationSummary);

interface BatchRow {
  id: number;
  batchNo: string;
  paymentItemId: number;
  itemName: string;
  communityId: number;
  period: string;
  status: number;
  roomCount: number;
  billCount: number;
  existingCount: number;
  skippedCount: number;
  totalAmount: string | number;
  errorMessage: string | null;
}

/** The batches a generation run made (its task), in order: the run's progress page lists them. */
export function generationBatches(db: DbSession, tenantId: number, taskId: number): Promise<BatchRow[]> {
  return camelRows<BatchRow>(
    db,
    sql`select b.id, b.batch_no, b.payment_item_id, i.name as item_name, b.community_id,
            b.period, b.status, b.room_count, b.bill_count, b.existing_count,
            b.skipped_count, b.total_amount, b.error_message
       from bill_batches b left join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
      where b.tenant_id = ${tenantId} and b.task_id = ${taskId} order by b.id`,
  );
}
