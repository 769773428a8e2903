// Meter readings (docs/payment.md "Meters and readings"): whoever writes a reading (the generic
// form, the Excel import, the grid), the server works out in the write's transaction its previous
// reading (when none is given: the meter's last earlier reading, else its initial one), its use
// (rollover, replacements, 倍率: common/payment/meter-usage.ts) and its anomaly, and copies the
// meter's type, room and building onto it for billing and the grid. A reading goes 待审核 → 已审核
// → 已计费 (bill generation); a billed one is locked. Editing an approved one sends it back to 待审核.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { registerResourceHooks, type ActionHookContext } from "../crud/hooks.ts";
import { isPeriod } from "../../common/payment/period.ts";
import { isUseSpike, meterUsage } from "../../common/payment/meter-usage.ts";
import { MeterAnomaly, MeterReadingStatus, MeterStatus } from "../../../generated/states.ts";
import { say } from "./common.ts";
import type { MeterReadingGridData, MeterReadingGridQuery, SaveMeterReadingsBody, SaveMeterReadingsData, ApproveMeterReadingsData } from "../../../generated/operation-types.ts";

/** Earlier readings whose average a use is compared with. */
const SPIKE_PERIODS = 6;

interface ReadingRow {
  id: number;
  communityId: number;
  meterId: number;
  period: string;
  previousReading: string | null;
  currentReading: string;
  status: number;
}

interface MeterRow {
  id: number;
  communityId: number;
  meterTypeId: number;
  roomId: number | null;
  buildingId: number | null;
  multiplier: string;
  maxReading: string | null;
  initialReading: string;
  status: number;
}

async function meterOf(tx: DbSession, tenantId: number, meterId: number): Promise<MeterRow | undefined> {
  const rows = await camelRows<MeterRow>(
    tx,
    sql`select m.id, m.community_id, m.meter_type_id, m.room_id, coalesce(r.building_id, m.building_id) as building_id,
            m.multiplier::text as multiplier, m.max_reading::text as max_reading, m.initial_reading::text as initial_reading, m.status
       from meters m left join rooms r on r.tenant_id = m.tenant_id and r.id = m.room_id
      where m.tenant_id = ${tenantId} and m.id = ${meterId}`,
  );
  return rows[0];
}

/** The reading before `period` of a meter: its current reading and period, or none. */
async function previousOf(tx: DbSession, tenantId: number, meterId: number, period: string): Promise<{ reading: string; period: string } | undefined> {
  const rows = await camelRows<{ reading: string; period: string }>(
    tx,
    sql`select current_reading::text as reading, period from meter_readings
      where tenant_id = ${tenantId} and meter_id = ${meterId} and period < ${period} order by period desc limit 1`,
  );
  return rows[0];
}

/** Works out the reading's previous reading (when empty), use, flags and copied meter columns. */
export async function settleReading(tx: DbSession, session: Pick<SessionInfo, "tenantId" | "sceneName">, id: number, imported = false): Promise<void> {
  const [r] = await camelRows<ReadingRow>(
    tx,
    sql`select id, community_id, meter_id, period, previous_reading::text as previous_reading, current_reading::text as current_reading, status
       from meter_readings where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  if (!r) return;
  if (!isPeriod(r.period)) throw apiError("METER_READING_PERIOD");
  const meter = await meterOf(tx, session.tenantId, r.meterId);
  if (!meter || meter.communityId !== r.communityId) throw validationError([{ field: "meterId", message: say("meterNotInCommunity", { scene: session.sceneName }) }]);
  // An imported row of a stopped meter is kept (the file said so) and settled like the others.
  if (meter.status === MeterStatus.Stopped && !imported) throw apiError("METER_STOPPED");
  const before = await previousOf(tx, session.tenantId, r.meterId, r.period);
  const previousReading = r.previousReading ?? before?.reading ?? meter.initialReading;
  const replacements = await camelRows<{ oldFinalReading: string; newInitialReading: string }>(
    tx,
    sql`select old_final_reading::text as old_final_reading, new_initial_reading::text as new_initial_reading from meter_replacements
      where tenant_id = ${session.tenantId} and meter_id = ${r.meterId}
        and to_char(replaced_on, 'YYYY-MM') <= ${r.period} and (${before?.period ?? null}::varchar is null or to_char(replaced_on, 'YYYY-MM') > ${before?.period ?? null}::varchar)
      order by replaced_on, id`,
  );
  const use = meterUsage({ previousReading, currentReading: r.currentReading, multiplier: meter.multiplier, maxReading: meter.maxReading, replacements });
  const earlier = await camelRows<{ usage: string }>(
    tx,
    sql`select usage::text as usage from meter_readings
      where tenant_id = ${session.tenantId} and meter_id = ${r.meterId} and period < ${r.period} and usage is not null order by period desc limit ${SPIKE_PERIODS}`,
  );
  const anomaly = use.usage.startsWith("-")
    ? MeterAnomaly.NegativeUse
    : isUseSpike(
          use.usage,
          earlier.map((e) => e.usage),
        )
      ? MeterAnomaly.UseSpike
      : MeterAnomaly.None;
  await tx.query(
    sql`update meter_readings set previous_reading = ${previousReading}::numeric, usage = ${use.usage}::numeric, rolled_over = ${use.rolledOver}, replaced = ${use.replaced},
            anomaly = ${anomaly}, meter_type_id = ${meter.meterTypeId}, room_id = ${meter.roomId}, building_id = ${meter.buildingId}
      where tenant_id = ${session.tenantId} and id = ${id}`,
  );
}

async function refuseBilled(tx: DbSession, tenantId: number, ids: number[]): Promise<void> {
  const { rows } = await tx.query(sql`select 1 from meter_readings where tenant_id = ${tenantId} and id = any(${ids}::bigint[]) and status = ${MeterReadingStatus.Billed} limit 1`);
  if (rows.length) throw apiError("METER_READING_BILLED");
}

async function approveOne(ctx: ActionHookContext): Promise<void> {
  const note = typeof ctx.inputs.reviewNote === "string" ? ctx.inputs.reviewNote.trim() : "";
  if (ctx.row.anomaly !== MeterAnomaly.None && !note) throw apiError("METER_READING_REVIEW_NOTE");
}

export function registerMeterReadingHooks(): void {
  registerResourceHooks("meterReadings", {
    async beforeWrite({ db, session, mode, id, columns }) {
      if (mode === "update" && id !== undefined) {
        await refuseBilled(db, session.tenantId, [id]);
        // A changed reading is reviewed again.
        columns.set("status", MeterReadingStatus.Pending);
        columns.set("approved_by", null);
        columns.set("approved_at", null);
      }
    },
    async beforeUpdate(tx, session, id) {
      await refuseBilled(tx, session.tenantId, [id]);
    },
    afterWrite: (tx, session, id) => settleReading(tx, session, id),
    // The import writes rows set-wise: its new rows (no use yet) are settled in period order, so each finds its previous one.
    async afterImport(tx, session, communityId) {
      const rows = await camelRows<{ id: number }>(
        tx,
        sql`select id from meter_readings where tenant_id = ${session.tenantId} and community_id = ${communityId} and usage is null order by meter_id, period`,
      );
      for (const r of rows) await settleReading(tx, session, Number(r.id), true);
    },
    beforeDelete: (tx, session, ids) => refuseBilled(tx, session.tenantId, ids),
    lockedRows: async (db, session, ids) => {
      const rows = await camelRows<{ id: number }>(
        db,
        sql`select id from meter_readings where tenant_id = ${session.tenantId} and id = any(${ids}::bigint[]) and status = ${MeterReadingStatus.Billed}`,
      );
      return new Set(rows.map((r) => Number(r.id)));
    },
    beforeAction: {
      approve: approveOne,
    },
  });
  // 换表: the meter takes the new number; the replacement keeps the old one.
  registerResourceHooks("meterReplacements", {
    async afterWrite(tx, session, id, mode) {
      if (mode !== "create") return;
      await tx.query(
        sql`with r as (select meter_id, new_meter_no from meter_replacements where tenant_id = ${session.tenantId} and id = ${id}),
             old as (select m.id, m.meter_no from meters m join r on m.tenant_id = ${session.tenantId} and m.id = r.meter_id),
             upd as (update meters m set meter_no = coalesce(r.new_meter_no, m.meter_no), updated_at = now(), version = version + 1
                       from r where m.tenant_id = ${session.tenantId} and m.id = r.meter_id and r.new_meter_no is not null)
           update meter_replacements x set old_meter_no = old.meter_no from old where x.tenant_id = ${session.tenantId} and x.id = ${id}`,
      );
    },
  });
}

/** The grid: every meter of the type in the building (its rooms' and its own), with this period's reading if any. */
export async function readingGrid(db: DbSession, session: SessionInfo, q: MeterReadingGridQuery): Promise<MeterReadingGridData> {
  const rows = await camelRows<MeterReadingGridData["rows"][number]>(
    db,
    sql`select m.id as meter_id, m.meter_no, m.scope_kind, m.room_id, r.full_name as room_name,
            coalesce(x.previous_reading, p.current_reading, m.initial_reading)::text as previous_reading,
            x.id as reading_id, x.current_reading::text as current_reading, x.usage::text as usage, x.anomaly, x.status
       from meters m
       left join rooms r on r.tenant_id = m.tenant_id and r.id = m.room_id
       left join meter_readings x on x.tenant_id = m.tenant_id and x.meter_id = m.id and x.period = ${q.period}
       left join lateral (select current_reading from meter_readings y
                           where y.tenant_id = m.tenant_id and y.meter_id = m.id and y.period < ${q.period} order by y.period desc limit 1) p on true
      where m.tenant_id = ${session.tenantId} and m.community_id = ${q.communityId} and m.meter_type_id = ${q.meterTypeId}
        and m.status = ${MeterStatus.InUse} and coalesce(r.building_id, m.building_id) = ${q.buildingId}
      order by m.scope_kind, r.full_name, m.meter_no, m.id`,
  );
  return { rows, missing: rows.filter((r) => r.readingId === null).length };
}

/** Saves the grid's readings: each new one inserted, each existing one changed unless billed, all settled. */
export async function saveGrid(tx: DbSession, session: SessionInfo, body: SaveMeterReadingsBody): Promise<SaveMeterReadingsData> {
  const meterIds = [...new Set(body.readings.map((r) => r.meterId))];
  const known = await camelRows<{ id: number }>(tx, sql`select id from meters where tenant_id = ${session.tenantId} and community_id = ${body.communityId} and id = any(${meterIds}::bigint[])`);
  if (known.length !== meterIds.length) throw validationError([{ field: "readings", message: say("meterNotInCommunity", { scene: session.sceneName }) }]);
  const ids: number[] = [];
  for (const r of body.readings) {
    const [row] = await camelRows<{ id: number; status: number }>(
      tx,
      sql`insert into meter_readings (tenant_id, community_id, meter_id, period, current_reading, read_at, status, created_by, updated_by)
          values (${session.tenantId}, ${body.communityId}, ${r.meterId}, ${body.period}, ${r.currentReading}::numeric, ${body.readAt ?? null}::date, ${MeterReadingStatus.Pending}, ${session.userId}, ${session.userId})
          on conflict (tenant_id, meter_id, period) do update
            set current_reading = excluded.current_reading, read_at = coalesce(excluded.read_at, meter_readings.read_at), status = ${MeterReadingStatus.Pending},
                approved_by = null, approved_at = null, updated_by = excluded.updated_by, updated_at = now(), version = meter_readings.version + 1
            where meter_readings.status <> ${MeterReadingStatus.Billed}
          returning id, status`,
    );
    if (!row) throw apiError("METER_READING_BILLED");
    ids.push(Number(row.id));
    await settleReading(tx, session, Number(row.id));
  }
  const { rows } = await tx.query<{ n: number }>(
    sql`select count(*)::int as n from meter_readings where tenant_id = ${session.tenantId} and id = any(${ids}::bigint[]) and anomaly <> ${MeterAnomaly.None}`,
  );
  return { saved: ids.length, anomalies: rows[0].n };
}

/** Batch approval: pending readings without an anomaly; the others are skipped and counted. */
export async function approveBatch(tx: DbSession, session: SessionInfo, ids: number[]): Promise<ApproveMeterReadingsData> {
  const unique = [...new Set(ids)];
  const { rows } = await tx.query<{ id: number }>(
    sql`update meter_readings set status = ${MeterReadingStatus.Approved}, approved_by = ${session.userId}, approved_at = now(), updated_at = now(), updated_by = ${session.userId}, version = version + 1
      where tenant_id = ${session.tenantId} and id = any(${unique}::bigint[]) and status = ${MeterReadingStatus.Pending} and anomaly = ${MeterAnomaly.None}
        and (${session.communityIds}::bigint[] is null or community_id = any(${session.communityIds}::bigint[]))
      returning id`,
  );
  return { approved: rows.length, skipped: unique.length - rows.length };
}
