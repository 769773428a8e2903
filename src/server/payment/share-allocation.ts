// 公摊 (docs/payment.md "Formulas and 公摊"): a shared amount — given in yuan, or a shared meter's use
// × its unit price — split among the rooms of a building, a unit, the community or a choice, in
// proportion to their area, one share per household, or a formula's weight, by the largest
// remainder (common/payment/formula/share.ts): the shares add up to the total to the fen.
// previewShareAllocation answers the sheet; allocateShare stores it (share_allocations, its lines in
// one JSON column) with one bill batch of 草稿 bills, which 账单审核, the desk, 日结 and the reports
// take like generated ones. A shared meter's reading feeds it as `usage` (本期 − 上期, × 倍率).
import { fenToYuan } from "../../common/money.ts";
import { decimalRational, evaluateFormula, FormulaError, largestRemainder, rationalText, variablesOf, type Expr, type Rational, type VariableName } from "../../common/payment/formula/index.ts";
import { roundScaled } from "../../common/payment/formula/rational.ts";
import { dueDateOf } from "../../common/payment/period.ts";
import type { AllocateShareResult, PreviewShareAllocationBody, PreviewShareAllocationResult } from "../../../generated/operation-types.ts";
import { errorCodes } from "../../../generated/errors.ts";
import { mappings } from "../../../generated/mappings.ts";
import { BillBatchStatus, BillStatus, MeterReadingStatus, MeterScope, ShareBasis } from "../../../generated/states.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { texts } from "../../../generated/texts.ts";
import { apiError } from "../platform/http/envelope.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { DbSession } from "../platform/db/types.ts";
import { empty, join, raw, sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { audit, nextCounter, notFound } from "./common.ts";
import { formulaRefusal, parsedOrRefused, roomValueSql } from "./fee-formula.ts";
import { billNoPrefix } from "./generation.ts";

export const SHARE_CODE = "HBL1917";
/** Rooms listed in a SHARE_BILL_EXISTS message. */
const NAMED_ROOMS = 5;

interface RoomRow {
  id: number;
  fullName: string | null;
  roomNo: string;
  area: string | null;
  [value: `v${number}`]: string | null;
}

interface SheetLine {
  roomId: number;
  roomName: string;
  basisValue: string;
  amount: number;
}

interface Sheet {
  item: { id: number; name: string; dueDay: number };
  /** The use the total came from (the shared reading's, else the one given), null for an amount. */
  usage: string | null;
  totalAmount: number;
  basisTotal: string;
  roomCount: number;
  scopeName: string;
  formula: string | null;
  lines: SheetLine[];
}

/**
 * The use of the shared meter's reading a 公摊 names (`meterReadingId`), or null when it names none:
 * the reading must be of the community, of a building, unit or community meter, approved and not yet
 * billed. Another tenant's or community's reading is not found.
 */
async function sharedReadingUse(db: DbSession, tenantId: number, communityId: number, readingId: number | null | undefined): Promise<string | null> {
  if (!readingId) return null;
  const [r] = await camelRows<{ communityId: number; usage: string | null; status: number; scopeKind: number }>(
    db,
    sql`select x.community_id, x.usage::text as usage, x.status, m.scope_kind
          from meter_readings x join meters m on m.tenant_id = x.tenant_id and m.id = x.meter_id
         where x.tenant_id = ${tenantId} and x.id = ${readingId}`,
  );
  if (!r || Number(r.communityId) !== communityId) throw notFound();
  if (Number(r.scopeKind) === MeterScope.Room || Number(r.status) !== MeterReadingStatus.Approved || r.usage === null || r.usage.startsWith("-")) {
    throw apiError("SHARE_READING_REFUSED");
  }
  return r.usage;
}

/** The total in fen: the amount given, else the use (the shared reading's, else the one given) × the unit price (half up), else refused. */
function totalFen(body: PreviewShareAllocationBody, readingUse: string | null): number {
  if (body.totalAmount !== undefined && body.totalAmount !== null) return Number(body.totalAmount);
  const usage = readingUse ?? body.usage;
  if (usage && body.unitPrice !== undefined && body.unitPrice !== null) {
    const use = decimalRational(usage);
    const fen = roundScaled({ n: use.n * BigInt(Number(body.unitPrice)), d: use.d }, 0);
    if (fen > BigInt(Number.MAX_SAFE_INTEGER)) throw apiError("SHARE_TOTAL_REQUIRED");
    return Number(fen);
  }
  throw apiError("SHARE_TOTAL_REQUIRED");
}

/** The scope's name: the unit's or building's name, 全小区, or the chosen rooms. */
async function scopeNameOf(db: DbSession, tenantId: number, body: PreviewShareAllocationBody, count: number): Promise<string> {
  if (body.roomIds?.length) return fillTexts.share.chosenRooms({ count });
  if (body.unitId) {
    const [u] = await camelRows<{ name: string }>(
      db,
      sql`select concat_ws('-', b.name, u.name) as name from units u left join buildings b on b.tenant_id = u.tenant_id and b.id = u.building_id where u.tenant_id = ${tenantId} and u.id = ${body.unitId}`,
    );
    return u?.name ?? "";
  }
  if (body.buildingId) {
    const [b] = await camelRows<{ name: string }>(db, sql`select name from buildings where tenant_id = ${tenantId} and id = ${body.buildingId}`);
    return b?.name ?? "";
  }
  return texts.share.community;
}

/** The sheet of a 公摊 as asked (nothing written). */
export async function shareSheet(db: DbSession, session: SessionInfo, communityId: number, body: PreviewShareAllocationBody): Promise<Sheet> {
  const [item] = await camelRows<{ id: number; name: string; communityId: number; dueDay: number }>(
    db,
    sql`select id, name, community_id, due_day from payment_items where tenant_id = ${session.tenantId} and id = ${body.paymentItemId}`,
  );
  if (!item || Number(item.communityId) !== communityId) throw notFound();
  const readingUse = body.totalAmount == null ? await sharedReadingUse(db, session.tenantId, communityId, body.meterReadingId) : null;
  const total = totalFen(body, readingUse);
  const basis = body.basis;
  let tree: Expr | null = null;
  if (basis === ShareBasis.ByFormula) tree = parsedOrRefused(body.formula ?? "", "share");
  // The room's own names a formula uses (its area sums), read by the same fragments as bill generation.
  const roomNames = tree ? variablesOf(tree).filter((n) => roomValueSql(n, sql`r`) !== null) : [];
  const r = sql`r`;
  const values = roomNames.length ? sql`, ${join(roomNames.map((n, i) => sql`(${roomValueSql(n, r)!})::text as ${raw(`v${i}`)}`))}` : empty;
  const rooms = await camelRows<RoomRow>(
    db,
    sql`select r.id, r.full_name, r.room_no, coalesce(r.charge_area, r.building_area)::text as area${values}
       from rooms r
      where r.tenant_id = ${session.tenantId} and r.community_id = ${communityId}
        ${body.buildingId ? sql`and r.building_id = ${body.buildingId}` : empty}
        ${body.unitId ? sql`and r.unit_id = ${body.unitId}` : empty}
        ${body.roomIds?.length ? sql`and r.id = any(${body.roomIds}::bigint[])` : empty}
      order by r.id`,
  );
  if (!rooms.length) throw apiError("SHARE_NO_ROOMS");
  const areaTotal = rooms.reduce((s, x) => s + roundScaled(decimalRational(x.area ?? "0"), 2), 0n);
  const weights: Rational[] = rooms.map((room) => {
    if (basis === ShareBasis.ByHousehold) return decimalRational("1");
    if (basis === ShareBasis.ByArea || !tree) return decimalRational(room.area ?? "0");
    const own: Partial<Record<VariableName, string | null>> = {
      面积: room.area,
      公摊总额: fenToYuan(total),
      总面积: fenToYuan(areaTotal),
      户数: String(rooms.length),
    };
    roomNames.forEach((n, i) => (own[n] = room[`v${i}`] ?? null));
    try {
      const w = evaluateFormula(tree, own);
      if (w.n < 0n) throw new FormulaError("FORMULA_NEGATIVE", { value: rationalText(w, 4) });
      return w;
    } catch (e) {
      if (e instanceof FormulaError) throw formulaRefusal(e);
      throw e;
    }
  });
  const weightSum = weights.reduce((s, w) => ({ n: s.n * w.d + w.n * s.d, d: s.d * w.d }), { n: 0n, d: 1n });
  if (weightSum.n === 0n) throw apiError("SHARE_ZERO_BASIS", { message: apiErrorText("SHARE_ZERO_BASIS", { basis: basisLabel(basis) }) });
  const shares = largestRemainder(
    total,
    rooms.map((room, i) => ({ roomId: Number(room.id), weight: weights[i] })),
  );
  const lines = rooms.map((room, i) => ({
    roomId: Number(room.id),
    roomName: room.fullName ?? room.roomNo,
    basisValue: rationalText(weights[i], basis === ShareBasis.ByHousehold ? 0 : basis === ShareBasis.ByArea ? 2 : 4),
    amount: shares[i].amountFen,
  }));
  return {
    item: { id: Number(item.id), name: item.name, dueDay: Number(item.dueDay) },
    usage: body.totalAmount == null ? (readingUse ?? body.usage ?? null) : null,
    totalAmount: total,
    basisTotal: rationalText(weightSum, basis === ShareBasis.ByHousehold ? 0 : basis === ShareBasis.ByArea ? 2 : 4),
    roomCount: rooms.length,
    scopeName: await scopeNameOf(db, session.tenantId, body, rooms.length),
    formula: tree ? (body.formula ?? "").trim() : null,
    lines,
  };
}

const basisLabel = (basis: number): string => (mappings.shareBasis.values as Record<string, { label: string }>)[String(basis)]?.label ?? String(basis);

const apiErrorText = (name: keyof typeof errorCodes, values: Record<string, string>): string => errorCodes[name].message.replace(/\{(\w+)\}/g, (w, k: string) => values[k] ?? w);

export async function previewShareAllocation(db: DbSession, session: SessionInfo, communityId: number, body: PreviewShareAllocationBody): Promise<PreviewShareAllocationResult> {
  const s = await shareSheet(db, session, communityId, body);
  return { totalAmount: s.totalAmount, basisTotal: s.basisTotal, roomCount: s.roomCount, scopeName: s.scopeName, lines: s.lines };
}

/** Stores the sheet and its bills (草稿, one batch), in the caller's transaction. */
export async function allocateShare(tx: DbSession, session: SessionInfo, ip: string, communityId: number, body: PreviewShareAllocationBody): Promise<AllocateShareResult> {
  const s = await shareSheet(tx, session, communityId, body);
  const roomIds = s.lines.map((l) => l.roomId);
  const existing = await camelRows<{ roomId: number }>(
    tx,
    sql`select room_id from bills where tenant_id = ${session.tenantId} and payment_item_id = ${s.item.id} and period = ${body.period} and room_id = any(${roomIds}::bigint[]) order by room_id`,
  );
  if (existing.length) {
    const have = new Set(existing.map((e) => Number(e.roomId)));
    const names = s.lines.filter((l) => have.has(l.roomId)).map((l) => l.roomName);
    const rooms = names.slice(0, NAMED_ROOMS).join("、") + (names.length > NAMED_ROOMS ? "…" : "");
    throw apiError("SHARE_BILL_EXISTS", { message: apiErrorText("SHARE_BILL_EXISTS", { rooms }) });
  }
  const billed = s.lines.filter((l) => l.amount > 0);
  const period = body.period;
  const batchNo = `S${period.replace("-", "")}${String(await nextCounter(tx, session.tenantId, "billBatch")).padStart(6, "0")}`;
  const [batch] = await camelRows<{ id: number }>(
    tx,
    sql`insert into bill_batches (tenant_id, community_id, batch_no, payment_item_id, period, room_count, bill_count, existing_count, skipped_count, total_amount, status, created_by, updated_by)
        values (${session.tenantId}, ${communityId}, ${batchNo}, ${s.item.id}, ${period}, ${s.lines.length}, ${billed.length}, 0, ${s.lines.length - billed.length}, ${s.totalAmount},
                ${BillBatchStatus.Generated}, ${session.userId}, ${session.userId}) returning id`,
  );
  const batchId = Number(batch.id);
  const billIds = new Map<number, number>();
  if (billed.length) {
    const quantity = body.basis === ShareBasis.ByArea ? billed.map((l) => l.basisValue) : billed.map(() => (body.basis === ShareBasis.ByHousehold ? "1" : null));
    const made = await camelRows<{ id: number; roomId: number }>(
      tx,
      sql`insert into bills (id, tenant_id, community_id, bill_no, room_id, payment_item_id, batch_id, period, quantity, amount_due, due_date, status, created_by, updated_by)
          select n.id, ${session.tenantId}, ${communityId}, ${billNoPrefix(period)}::text || lpad(n.id::text, 8, '0'), n.room_id, ${s.item.id}, ${batchId}, ${period}, n.quantity, n.amount,
                 ${dueDateOf(period, s.item.dueDay)}::date, ${BillStatus.Draft}, ${session.userId}, ${session.userId}
            from (select nextval(pg_get_serial_sequence('bills', 'id')) as id, l.*
                    from unnest(${billed.map((l) => l.roomId)}::bigint[], ${quantity}::numeric[], ${billed.map((l) => l.amount)}::bigint[]) as l(room_id, quantity, amount)) n
          returning id, room_id`,
    );
    for (const m of made) billIds.set(Number(m.roomId), Number(m.id));
  }
  const sheetNo = `GT${period.replace("-", "")}${String(await nextCounter(tx, session.tenantId, "shareAllocation")).padStart(6, "0")}`;
  const lines = s.lines.map((l) => ({ ...l, billId: billIds.get(l.roomId) ?? null }));
  const [row] = await camelRows<{ id: number }>(
    tx,
    sql`insert into share_allocations (tenant_id, community_id, sheet_no, payment_item_id, period, scope_name, basis, formula, usage, unit_price, total_amount, basis_total,
                                       room_count, bill_count, batch_id, lines, remark, created_by, updated_by)
        values (${session.tenantId}, ${communityId}, ${sheetNo}, ${s.item.id}, ${period}, ${s.scopeName.slice(0, 128)}, ${body.basis}, ${s.formula}, ${s.usage},
                ${body.totalAmount == null ? (body.unitPrice ?? null) : null}, ${s.totalAmount}, ${s.basisTotal}, ${s.lines.length}, ${billed.length}, ${batchId},
                ${JSON.stringify(lines)}::jsonb, ${body.remark ?? null}, ${session.userId}, ${session.userId}) returning id`,
  );
  const id = Number(row.id);
  // The shared reading split is billed: locked as a reading a bill used (a second 公摊 of it is refused).
  const readingId = body.totalAmount == null ? (body.meterReadingId ?? null) : null;
  if (readingId) {
    const marked = await tx.query(
      sql`update meter_readings set status = ${MeterReadingStatus.Billed}, updated_at = now(), updated_by = ${session.userId}, version = version + 1
           where tenant_id = ${session.tenantId} and id = ${readingId} and status = ${MeterReadingStatus.Approved}`,
    );
    if (!marked.rowCount) throw apiError("SHARE_READING_REFUSED");
  }
  await audit(
    tx,
    session,
    ip,
    "shareAllocations",
    "allocate",
    id,
    { sheetNo, batchId, communityId, paymentItemId: s.item.id, period, totalAmount: s.totalAmount, bills: billed.length, meterReadingId: readingId },
    SHARE_CODE,
  );
  return { id, sheetNo, batchId, billCount: billed.length, totalAmount: s.totalAmount };
}
