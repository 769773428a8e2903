// The workbench's statistics cards: the counts of the rows of one community, days in China time
// (UTC+8). The operations are declared in workbench-stats-routes.ts.
import { mappingLabel, mappingOptions } from "../../common/mappings.ts";
import type { DbSession } from "../platform/db/types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { chinaDays, chinaDaySql, chinaMonthStart } from "../../common/china-time.ts";
import { NoticePublishStatus, OpenResult, RepairStatus, RoomAuditStatus, RoomOccupancy } from "../../../generated/states.ts";

/** Counts per mapping value, every value of the mapping listed (0 when absent), others appended. */
export function countsByMapping(mapping: string, rows: { value: number | string | null; count: number }[]): { value: number | string; label: string; count: number }[] {
  const counts = new Map(rows.map((r) => [String(r.value), Number(r.count)]));
  const out = mappingOptions(mapping).map((o) => ({ value: o.value, label: o.label, count: counts.get(String(o.value)) ?? 0 }));
  const known = new Set(out.map((o) => String(o.value)));
  for (const r of rows) if (!known.has(String(r.value)) && r.value !== null) out.push({ value: r.value, label: mappingLabel(mapping, r.value), count: Number(r.count) });
  return out;
}

const ROOM_NAME = sql`coalesce(r.full_name, '')`;
const ROOM_JOIN = (alias: string) => sql`left join rooms r on r.tenant_id = ${raw(alias)}.tenant_id and r.id = ${raw(alias)}.room_id`;

/** The community a card counts the rows of (the session's tenant's). */
export interface CardCommunity {
  tenantId: number;
  communityId: number;
  communityName: string;
}

async function count(db: DbSession, statement: Sql): Promise<number> {
  const { rows } = await db.query<{ n: number }>(statement);
  return Number(rows[0]?.n ?? 0);
}

export async function communityStatistics(db: DbSession, s: CardCommunity) {
  const { rows } = await db.query<{ address: string | null }>(sql`select address from communities where tenant_id = ${s.tenantId} and id = ${s.communityId}`);
  const ofCommunity = sql`tenant_id = ${s.tenantId} and community_id = ${s.communityId}`;
  const counts = await camelRows<{ buildingCount: number; unitCount: number; roomCount: number; occupiedRoomCount: number; inhabitantCount: number }>(
    db,
    sql`select (select count(*)::int from buildings where ${ofCommunity}) as building_count,
            (select count(*)::int from units where ${ofCommunity}) as unit_count,
            (select count(*)::int from rooms where ${ofCommunity}) as room_count,
            (select count(distinct room_id)::int from inhabitants where ${ofCommunity}) as occupied_room_count,
            (select count(*)::int from inhabitants where ${ofCommunity}) as inhabitant_count`,
  );
  return { communityId: s.communityId, communityName: s.communityName, address: rows[0]?.address ?? null, ...counts[0] };
}

export async function roomAuditCard(db: DbSession, s: CardCommunity) {
  const pendingCount = await count(
    db,
    sql`select count(*)::int as n from room_audit_orders where tenant_id = ${s.tenantId} and community_id = ${s.communityId} and status = ${RoomAuditStatus.Pending}`,
  );
  const rows = await camelRows<{ id: number; applicantName: string; roomName: string; applyTime: string; status: number }>(
    db,
    sql`select o.id, o.applicant_name, ${ROOM_NAME} as room_name, o.apply_time, o.status
       from room_audit_orders o ${ROOM_JOIN("o")}
      where o.tenant_id = ${s.tenantId} and o.community_id = ${s.communityId} and o.status = ${RoomAuditStatus.Pending}
      order by o.apply_time, o.id limit 5`,
  );
  return { pendingCount, list: rows };
}

export async function repairCard(db: DbSession, s: CardCommunity) {
  const counts = await camelRows<{ pendingCount: number; processingCount: number }>(
    db,
    sql`select count(*) filter (where status = ${RepairStatus.AwaitingDispatch})::int as pending_count,
            count(*) filter (where status in (${RepairStatus.Dispatched}, ${RepairStatus.Processing}))::int as processing_count
       from repairs where tenant_id = ${s.tenantId} and community_id = ${s.communityId}`,
  );
  const rows = await camelRows<{ id: number; content: string; reporterName: string; roomName: string; reportTime: string; status: number }>(
    db,
    sql`select o.id, o.content, o.reporter_name, ${ROOM_NAME} as room_name, o.report_time, o.status
       from repairs o ${ROOM_JOIN("o")}
      where o.tenant_id = ${s.tenantId} and o.community_id = ${s.communityId} and o.status in (${RepairStatus.AwaitingDispatch}, ${RepairStatus.Dispatched}, ${RepairStatus.Processing})
      order by o.report_time desc, o.id desc limit 5`,
  );
  return { pendingCount: Number(counts[0].pendingCount), processingCount: Number(counts[0].processingCount), list: rows };
}

export async function noticeCard(db: DbSession, s: CardCommunity) {
  // The community's announcement card: notices addressed to one room (a dunning notice) are not the community's.
  const live = sql`tenant_id = ${s.tenantId} and community_id = ${s.communityId} and room_id is null and publish_status = ${NoticePublishStatus.Published} and (expire_time is null or expire_time > now())`;
  const publishedCount = await count(db, sql`select count(*)::int as n from notices where ${live}`);
  const rows = await camelRows<{ id: number; title: string; noticeType: number; publishTime: string | null; pinned: boolean }>(
    db,
    sql`select id, title, notice_type, publish_time, coalesce(pinned, false) as pinned
       from notices where ${live}
      order by coalesce(pinned, false) desc, publish_time desc nulls last, id desc limit 5`,
  );
  return { publishedCount, list: rows };
}

export async function roomStatistics(db: DbSession, s: CardCommunity) {
  const { rows } = await db.query<{ value: number; count: number }>(
    sql`select occupancy_status as value, count(*)::int as count from rooms where tenant_id = ${s.tenantId} and community_id = ${s.communityId} group by occupancy_status`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
  // By 房屋状态 (the property office's occupancy): 已入住 = 自住 + 出租, 空置 = 空置 (装修 and 未交付 are neither).
  const byStatus = countsByMapping("roomOccupancy", rows).map((r) => ({ status: r.value as number, label: r.label, count: r.count }));
  const countOf = (...states: number[]) => byStatus.filter((r) => states.includes(r.status)).reduce((sum, r) => sum + r.count, 0);
  return { total, occupied: countOf(RoomOccupancy.OwnerOccupied, RoomOccupancy.Rented), vacant: countOf(RoomOccupancy.Vacant), byStatus };
}

export async function residentStatistics(db: DbSession, s: CardCommunity) {
  const { rows } = await db.query<{ value: number | null; count: number }>(
    sql`select identity as value, count(*)::int as count from inhabitants where tenant_id = ${s.tenantId} and community_id = ${s.communityId} group by identity`,
  );
  const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
  const newThisMonth = await count(
    db,
    sql`select count(*)::int as n from inhabitants where tenant_id = ${s.tenantId} and community_id = ${s.communityId} and created_at >= ${chinaMonthStart(new Date()).toISOString()}`,
  );
  const byIdentity = countsByMapping("residentIdentity", rows).map((r) => ({ identity: r.value as number, label: r.label, count: r.count }));
  return { total, newThisMonth, byIdentity };
}

export async function openDoorStatistics(db: DbSession, s: CardCommunity) {
  const { days, since } = chinaDays(new Date(), 7);
  const recent = sql`tenant_id = ${s.tenantId} and community_id = ${s.communityId} and event_time >= ${since.toISOString()}`;
  const { rows: perDay } = await db.query<{ day: string; count: number }>(sql`select ${raw(chinaDaySql("event_time"))} as day, count(*)::int as count from access_events where ${recent} group by 1`);
  const { rows: perMethod } = await db.query<{ value: number; count: number }>(sql`select open_method as value, count(*)::int as count from access_events where ${recent} group by open_method`);
  const failed = await count(db, sql`select count(*)::int as n from access_events where ${recent} and result = ${OpenResult.Failed}`);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.count)]));
  const series = days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
  return {
    today: series[series.length - 1].count,
    total: series.reduce((sum, d) => sum + d.count, 0),
    failed,
    days: series,
    byMethod: countsByMapping("openMethod", perMethod).map((r) => ({ openMethod: r.value as number, label: r.label, count: r.count })),
  };
}

export async function vehicleStatistics(db: DbSession, s: CardCommunity) {
  const { days, since } = chinaDays(new Date(), 7);
  const { rows } = await db.query<{ day: string; direction: number; count: number }>(
    sql`select ${raw(chinaDaySql("event_time"))} as day, direction, count(*)::int as count
         from parking_events where tenant_id = ${s.tenantId} and community_id = ${s.communityId} and event_time >= ${since.toISOString()} group by 1, 2`,
  );
  const plateCount = await count(db, sql`select count(*)::int as n from licence_plates where tenant_id = ${s.tenantId} and community_id = ${s.communityId} and coalesce(enabled, true)`);
  const series = days.map((date) => ({
    date,
    in: Number(rows.find((r) => r.day === date && Number(r.direction) === 1)?.count ?? 0),
    out: Number(rows.find((r) => r.day === date && Number(r.direction) === 2)?.count ?? 0),
  }));
  const today = series[series.length - 1];
  return { todayIn: today.in, todayOut: today.out, plateCount, days: series };
}
