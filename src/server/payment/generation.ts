// Bill generation: for a period, payment items (each of one community) and optionally buildings or
// rooms, one draft bill per room × item × period from the item's pricing type. Idempotent: the
// unique key (tenant, room, item, period) plus ON CONFLICT DO NOTHING — a second run creates none
// and counts the bills that already existed.
//
// A run is a background task (tasks table, type billGeneration) with one bill batch per item. It
// works through the rooms in id order, CHUNK rooms per transaction: each chunk inserts its bills
// with one INSERT ... SELECT and commits the batch counters and the task's cursor with them, so a
// run cut off by a crash resumes at the next chunk and never duplicates a bill.
import type { Db, DbSession } from "../db/types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { isPeriod, periodProblem, dueDateOf } from "../../common/payment/period.ts";
import { PRICING } from "../../common/payment/pricing.ts";
import { enqueueTask, finishTask, type TaskRow } from "../tasks/store.ts";
import { registerTaskHandler, type StepContext, type TaskHandler } from "../tasks/runner.ts";
import { registerTaskSummary } from "../tasks/task-centre.ts";
import { amountFen, fen, idList, nextCounter, notFound, optionalIdList, refused } from "./common.ts";
import { loadSettings } from "./settings.ts";
import { pricingSql } from "./pricing-sql.ts";

export const GENERATION_TASK = "billGeneration";
/** Rooms per transaction. */
export const CHUNK = 5000;

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
  roundingMode: number;
  dueDate: string;
  roomStatuses: number[];
  /** The item's own building restriction (null = all). */
  itemBuildingIds: number[] | null;
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
}

interface ItemRow {
  id: number;
  communityId: number;
  name: string;
  enabled: boolean | null;
  roomStatuses: unknown;
  buildingIds: unknown;
  dueDay: number;
  pricingMethod: number;
  billingCycle: number;
  unitPrice: number | null;
  meterMultiplier: string | null;
  priceTypeName: string;
  priceEnabled: boolean | null;
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

/** The rooms a generation item looks at (shared by counting and generating). */
function roomFilter(first: number): string {
  const p = (n: number) => `$${first + n}`;
  return `r.tenant_id = ${p(0)}::bigint and r.community_id = ${p(1)}::bigint
     and r.status = any(${p(2)}::int[])
     and (${p(3)}::bigint[] is null or r.building_id = any(${p(3)}::bigint[]))
     and (${p(4)}::bigint[] is null or r.building_id = any(${p(4)}::bigint[]))
     and (${p(5)}::bigint[] is null or r.id = any(${p(5)}::bigint[]))`;
}
const roomParams = (tenantId: number, payload: GenerationPayload, item: GenerationItem) => [
  tenantId,
  item.communityId,
  item.roomStatuses,
  item.itemBuildingIds,
  payload.buildingIds,
  payload.roomIds,
];

export interface GenerationRequest {
  period?: unknown;
  paymentItemIds?: unknown;
  communityIds?: unknown;
  buildingIds?: unknown;
  roomIds?: unknown;
  manualAmount?: unknown;
}

/** Checks a request and builds the task's payload (no writes but the batch numbers). */
async function buildPayload(tx: DbSession, session: SessionInfo, body: GenerationRequest): Promise<GenerationPayload> {
  if (!isPeriod(body.period)) throw refused("请选择账期", "period");
  const period = body.period;
  const itemIds = idList(body.paymentItemIds, "paymentItemIds", 200);
  const communityIds = optionalIdList(body.communityIds, "communityIds", 500);
  const buildingIds = optionalIdList(body.buildingIds, "buildingIds");
  const roomIds = optionalIdList(body.roomIds, "roomIds", 50_000);
  const { rows } = await tx.query<ItemRow>(
    `select i.id, i.community_id as "communityId", i.name, i.enabled, i.room_statuses as "roomStatuses", i.building_ids as "buildingIds",
            i.due_day as "dueDay", p.pricing_method as "pricingMethod", p.billing_cycle as "billingCycle", p.unit_price as "unitPrice",
            p.meter_multiplier as "meterMultiplier", p.name as "priceTypeName", p.enabled as "priceEnabled"
       from payment_items i join price_types p on p.tenant_id = i.tenant_id and p.id = i.price_type_id
      where i.tenant_id = $1 and i.id = any($2::bigint[]) order by i.community_id, i.id`,
    [session.tenantId, itemIds],
  );
  if (rows.length !== itemIds.length) throw notFound();
  let manualAmountFen: number | null = null;
  const items: GenerationItem[] = [];
  const rounding = new Map<number, number>();
  for (const r of rows) {
    if (communityIds && !communityIds.includes(r.communityId)) throw refused(`缴费项目「${r.name}」不属于所选社区`, "paymentItemIds");
    if (r.enabled === false) throw refused(`缴费项目「${r.name}」已停用`, "paymentItemIds");
    if (r.priceEnabled === false) throw refused(`计价类型「${r.priceTypeName}」已停用`, "paymentItemIds");
    const problem = periodProblem(period, r.billingCycle);
    if (problem) throw refused(`${r.name}：${problem}`, "period");
    if (r.pricingMethod === PRICING.MANUAL) {
      if (manualAmountFen === null) {
        if (body.manualAmount === undefined || body.manualAmount === null || body.manualAmount === "") throw refused("手工录入的计价类型请填写金额", "manualAmount");
        manualAmountFen = amountFen(body.manualAmount, "manualAmount");
      }
    } else if (r.unitPrice === null || r.unitPrice === undefined) {
      throw refused(`计价类型「${r.priceTypeName}」未设置单价`, "paymentItemIds");
    }
    if (!rounding.has(r.communityId)) rounding.set(r.communityId, (await loadSettings(tx, session.tenantId, r.communityId)).roundingMode);
    const statuses = idsOf(r.roomStatuses);
    const ownBuildings = idsOf(r.buildingIds);
    items.push({
      itemId: r.id,
      itemName: r.name,
      communityId: r.communityId,
      batchId: 0,
      batchNo: "",
      pricingMethod: r.pricingMethod,
      billingCycle: r.billingCycle,
      unitPriceFen: r.unitPrice === null ? null : fen(r.unitPrice),
      meterMultiplier: r.meterMultiplier,
      roundingMode: rounding.get(r.communityId)!,
      dueDate: dueDateOf(period, r.dueDay),
      roomStatuses: statuses.length ? statuses : [1, 2, 3, 4, 5],
      itemBuildingIds: ownBuildings.length ? ownBuildings : null,
    });
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
    const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from rooms r where ${roomFilter(1)}`, roomParams(session.tenantId, payload, item));
    total += rows[0].n;
  }
  const names = payload.items.map((i) => i.itemName);
  const name = `账单生成 ${payload.period} ${names.slice(0, 3).join("、")}${names.length > 3 ? `等${names.length}项` : ""}`;
  const task = await enqueueTask(tx, { tenantId: session.tenantId, userId: session.userId, type: GENERATION_TASK, name, total, payload: {} });
  const batches: PlannedRun["batches"] = [];
  for (const item of payload.items) {
    const seq = await nextCounter(tx, session.tenantId, "billBatch");
    item.batchNo = `G${payload.period.replace("-", "")}${String(seq).padStart(6, "0")}`;
    const { rows } = await tx.query<{ id: number }>(
      `insert into bill_batches (tenant_id, community_id, batch_no, payment_item_id, period, status, task_id, created_by, updated_by)
       values ($1, $2, $3, $4, $5, 1, $6, $7, $7) returning id`,
      [session.tenantId, item.communityId, item.batchNo, item.itemId, payload.period, task.id, session.userId],
    );
    item.batchId = rows[0].id;
    batches.push({ id: item.batchId, batchNo: item.batchNo, paymentItemId: item.itemId, communityId: item.communityId });
  }
  await tx.query("update tasks set payload = $2::jsonb where id = $1", [task.id, JSON.stringify(payload)]);
  task.payload = payload as unknown as Record<string, unknown>;
  return { task, batches, total };
}

export interface ChunkResult {
  scanned: number;
  lastId: number | null;
  priced: number;
  inserted: number;
  amount: number;
}

/** One chunk of rooms of one item: inserts the missing bills, updates the batch counters. */
export async function generateChunk(tx: DbSession, tenantId: number, userId: number | null, payload: GenerationPayload, item: GenerationItem, afterRoomId: number, limit = CHUNK): Promise<ChunkResult> {
  const sql = pricingSql({ ...item, manualAmountFen: payload.manualAmountFen });
  const params = [...roomParams(tenantId, payload, item), afterRoomId, limit, payload.period.replace("-", ""), item.itemId, item.batchId, payload.period, item.dueDate, userId];
  const meterJoin = sql.needsMeter
    ? "left join meter_readings m on m.tenant_id = $1::bigint and m.room_id = c.id and m.payment_item_id = $10::bigint and m.period = $12::varchar"
    : "";
  const { rows } = await tx.query<ChunkResult>(
    `with cand as (
       select r.id, r.building_area from rooms r
        where ${roomFilter(1)} and r.id > $7::bigint
        order by r.id limit $8::int
     ), priced as (
       select c.id as room_id, ${sql.quantity} as quantity, ${sql.amount} as amount from cand c ${meterJoin}
     ), ins as (
       insert into bills (tenant_id, community_id, bill_no, room_id, payment_item_id, batch_id, period, quantity, amount_due, due_date, status, created_by, updated_by)
       select $1::bigint, $2::bigint, 'B' || $9::text || 'I' || ($10::bigint)::text || 'R' || p.room_id::text, p.room_id, $10::bigint, $11::bigint,
              $12::varchar, p.quantity, p.amount, $13::date, 1, $14::bigint, $14::bigint
         from priced p where p.amount is not null
       on conflict do nothing
       returning amount_due
     )
     select (select count(*)::int from cand) as scanned, (select max(id) from cand) as "lastId",
            (select count(*)::int from priced where amount is not null) as priced,
            (select count(*)::int from ins) as inserted, (select coalesce(sum(amount_due), 0)::bigint from ins) as amount`,
    params,
  );
  const r = rows[0];
  const result = { scanned: r.scanned, lastId: r.lastId === null ? null : Number(r.lastId), priced: r.priced, inserted: r.inserted, amount: fen(r.amount) };
  const finished = result.scanned < limit;
  await tx.query(
    `update bill_batches set room_count = room_count + $3, bill_count = bill_count + $4, existing_count = existing_count + $5,
            skipped_count = skipped_count + $6, total_amount = total_amount + $7, status = case when $8 then 2 else status end,
            updated_at = now(), version = version + 1
      where tenant_id = $1 and id = $2`,
    [tenantId, item.batchId, result.scanned, result.inserted, result.priced - result.inserted, result.scanned - result.priced, result.amount, finished],
  );
  return result;
}

export interface GenerationResult {
  billCount: number;
  existingCount: number;
  skippedCount: number;
  totalAmount: number;
  batches: number;
}

async function runResult(db: DbSession, tenantId: number, taskId: number): Promise<GenerationResult> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select coalesce(sum(bill_count), 0)::int as "billCount", coalesce(sum(existing_count), 0)::int as "existingCount",
            coalesce(sum(skipped_count), 0)::int as "skippedCount", coalesce(sum(total_amount), 0)::bigint as "totalAmount", count(*)::int as batches
       from bill_batches where tenant_id = $1 and task_id = $2`,
    [tenantId, taskId],
  );
  const r = rows[0];
  return { billCount: Number(r.billCount), existingCount: Number(r.existingCount), skippedCount: Number(r.skippedCount), totalAmount: fen(r.totalAmount), batches: Number(r.batches) };
}

/** The worker's handler: one chunk per step. */
export const generationHandler: TaskHandler = {
  async step(ctx: StepContext) {
    const { task, db } = ctx;
    const payload = task.payload as unknown as GenerationPayload;
    const cursor = (task.cursor as unknown as Cursor | null) ?? { item: 0, lastRoomId: 0 };
    if (cursor.item >= payload.items.length) return { finished: true, result: await runResult(db, task.tenantId, task.id) };
    const item = payload.items[cursor.item];
    await db.transaction(async (tx) => {
      const r = await generateChunk(tx, task.tenantId, task.userId, payload, item, cursor.lastRoomId);
      const next: Cursor = r.scanned < CHUNK ? { item: cursor.item + 1, lastRoomId: 0 } : { item: cursor.item, lastRoomId: r.lastId ?? cursor.lastRoomId };
      await ctx.save(tx, r.scanned, next);
    });
    return { finished: false };
  },
  async onFail(db: Db, task: TaskRow, message: string) {
    await db.query(`update bill_batches set status = 3, error_message = $3, updated_at = now() where tenant_id = $1 and task_id = $2 and status = 1`, [
      task.tenantId,
      task.id,
      message,
    ]);
  },
};

/** The whole run inside the caller's transaction (demo seed): plan, every chunk, task completed. */
export async function generateInline(tx: DbSession, session: SessionInfo, body: GenerationRequest): Promise<GenerationResult & { taskId: number }> {
  const run = await planGeneration(tx, session, body);
  const payload = run.task.payload as unknown as GenerationPayload;
  let done = 0;
  for (const item of payload.items) {
    let after = 0;
    for (;;) {
      const r = await generateChunk(tx, session.tenantId, session.userId, payload, item, after);
      done += r.scanned;
      if (r.scanned < CHUNK) break;
      after = r.lastId ?? after;
    }
  }
  const result = await runResult(tx, session.tenantId, run.task.id);
  await tx.query("update tasks set state = 'active', started_at = now(), done = $2 where id = $1", [run.task.id, done]);
  await finishTask(tx, run.task.id, "completed", result);
  return { ...result, taskId: run.task.id };
}

export const generationSummary = (r: Record<string, unknown>): string =>
  `已生成${Number(r.billCount ?? 0)}张账单，已存在${Number(r.existingCount ?? 0)}张，数据不全跳过${Number(r.skippedCount ?? 0)}户`;

// Any process that loads the generation code can run its tasks (the server's worker, the benchmark).
registerTaskHandler(GENERATION_TASK, generationHandler);
registerTaskSummary(GENERATION_TASK, generationSummary);
