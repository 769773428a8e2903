// Meter readings from the residents' app (listMyMeters, sendMyMeterReading; docs/residents.md
// "Meter readings"): a bound room's own meters in use, with the month's reading, China time. From the
// community's window day (缴费设置 → 其他设置 住户自助抄表起始日) to the month's end a resident sends
// the month's reading; it is settled as an entered one (previous reading, use, rollover, anomaly) and
// waits for staff approval. Sent again while pending, it replaces the value; once approved it is staff's.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { apiError } from "../platform/http/envelope.ts";
import { chinaDay } from "../../common/china-time.ts";
import { texts } from "../../../generated/texts.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { MeterReadingStatus, MeterScope, MeterStatus } from "../../../generated/states.ts";
import type { ListMyMetersData, SendMyMeterReadingData } from "../../../generated/operation-types.ts";
import type { ResidentInfo } from "../platform/session/resident-session.ts";
import { loadSettings, settleReading } from "../payment/public.ts";
import { assertBoundRoom } from "./bindings.ts";

type Resident = Pick<ResidentInfo, "residentId" | "tenantId">;

/** The month, whether a reading may be sent now, and the window as a sentence. */
async function windowOf(db: DbSession, tenantId: number, communityId: number, today: string) {
  const { residentReadingFromDay: fromDay } = await loadSettings(db, tenantId, communityId);
  const open = fromDay > 0 && Number(today.slice(8, 10)) >= fromDay;
  const window = fromDay > 0 ? fillTexts.residentReading.notYet({ day: fromDay }) : texts.residentReading.closed;
  return { period: today.slice(0, 7), open, window };
}

async function communityOf(db: DbSession, tenantId: number, roomId: number): Promise<number> {
  const { rows } = await db.query<{ communityId: number }>(sql`select community_id as "communityId" from rooms where tenant_id = ${tenantId} and id = ${roomId}`);
  if (!rows.length) throw apiError("NOT_FOUND");
  return Number(rows[0].communityId);
}

export async function myMeters(db: DbSession, resident: Resident, roomId: number, today = chinaDay()): Promise<ListMyMetersData> {
  await assertBoundRoom(db, resident, roomId);
  const { tenantId } = resident;
  const w = await windowOf(db, tenantId, await communityOf(db, tenantId, roomId), today);
  const rows = await camelRows<{ meterId: number; meterNo: string; typeName: string; unit: string; lastReading: string | null; currentReading: string | null; status: number | null }>(
    db,
    sql`select m.id as meter_id, m.meter_no, t.name as type_name, t.unit,
               coalesce((select y.current_reading::text from meter_readings y where y.tenant_id = m.tenant_id and y.meter_id = m.id and y.period < ${w.period}
                          order by y.period desc limit 1), m.initial_reading::text) as last_reading,
               x.current_reading::text as current_reading, x.status
          from meters m
          join meter_types t on t.tenant_id = m.tenant_id and t.id = m.meter_type_id
          left join meter_readings x on x.tenant_id = m.tenant_id and x.meter_id = m.id and x.period = ${w.period}
         where m.tenant_id = ${tenantId} and m.room_id = ${roomId} and m.scope_kind = ${MeterScope.Room} and m.status = ${MeterStatus.InUse}
         order by t.sort_no, m.meter_no, m.id`,
  );
  return {
    ...w,
    list: rows.map((r) => ({
      meterId: Number(r.meterId),
      meterNo: r.meterNo,
      typeName: r.typeName,
      unit: r.unit,
      lastReading: r.lastReading,
      reading: r.currentReading === null ? null : { currentReading: r.currentReading, status: Number(r.status) },
    })),
  };
}

export async function sendMyReading(tx: DbSession, resident: Resident, roomId: number, meterId: number, currentReading: string, today = chinaDay()): Promise<SendMyMeterReadingData> {
  await assertBoundRoom(tx, resident, roomId);
  const { tenantId } = resident;
  const [meter] = await camelRows<{ communityId: number; status: number }>(
    tx,
    sql`select community_id, status from meters where tenant_id = ${tenantId} and id = ${meterId} and room_id = ${roomId} and scope_kind = ${MeterScope.Room} for update`,
  );
  if (!meter) throw apiError("NOT_FOUND");
  if (Number(meter.status) === MeterStatus.Stopped) throw apiError("METER_STOPPED");
  const w = await windowOf(tx, tenantId, Number(meter.communityId), today);
  if (!w.open) throw apiError("RESIDENT_READING_CLOSED", { message: w.window });
  const [existing] = await camelRows<{ id: number; status: number }>(tx, sql`select id, status from meter_readings where tenant_id = ${tenantId} and meter_id = ${meterId} and period = ${w.period}`);
  if (existing && Number(existing.status) !== MeterReadingStatus.Pending) throw apiError("RESIDENT_READING_APPROVED");
  const [row] = existing
    ? await camelRows<{ id: number }>(
        tx,
        sql`update meter_readings set current_reading = ${currentReading}::numeric, read_at = ${today}::date, updated_at = now(), version = version + 1
             where tenant_id = ${tenantId} and id = ${existing.id} returning id`,
      )
    : await camelRows<{ id: number }>(
        tx,
        sql`insert into meter_readings (tenant_id, community_id, meter_id, period, current_reading, read_at, status)
            values (${tenantId}, ${meter.communityId}, ${meterId}, ${w.period}, ${currentReading}::numeric, ${today}::date, ${MeterReadingStatus.Pending}) returning id`,
      );
  const id = Number(row.id);
  await settleReading(tx, { tenantId, sceneName: texts.common.defaultScene }, id);
  return { id, status: MeterReadingStatus.Pending };
}
