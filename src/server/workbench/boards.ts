// The cockpit boards' counts (the operations: boards-routes.ts), from the rows of the session's
// tenant; days in China time (UTC+8).
import type { DbSession } from "../platform/db/types.ts";
import { countsByMapping } from "./workbench-stats.ts";
import { chinaDays, chinaDaySql } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql } from "../platform/db/sql.ts";
import { andInScope } from "../platform/session/community-scope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { ParkingEventDirection } from "../../../generated/states.ts";

/** Which communities a board counts: one (the project board), a limited user's, or all of the tenant's (null). */
type Communities = readonly number[] | null;

/** The rows of the tenant in the board's communities. */
const scope = (tenantId: number, communities: Communities, column = "community_id") => sql`tenant_id = ${tenantId} ${andInScope({ communityIds: communities }, raw(column))}`;

async function count(db: DbSession, table: string, tenantId: number, communities: Communities): Promise<number> {
  const column = table === "communities" ? "id" : "community_id";
  const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from ${raw(table)} where ${scope(tenantId, communities, column)}`);
  return Number(rows[0].n);
}

async function grouped(db: DbSession, table: string, column: string, mapping: string, tenantId: number, communities: Communities) {
  const { rows } = await db.query<{ value: number | string | null; count: number }>(
    sql`select ${raw(column)} as value, count(*)::int as count from ${raw(table)} where ${scope(tenantId, communities)} group by 1`,
  );
  return countsByMapping(mapping, rows);
}

async function openDoorDays(db: DbSession, tenantId: number, communities: Communities) {
  const { days, since } = chinaDays(new Date(), 7);
  const { rows } = await db.query<{ day: string; count: number }>(
    sql`select ${raw(chinaDaySql("event_time"))} as day, count(*)::int as count from access_events
      where ${scope(tenantId, communities)} and event_time >= ${since.toISOString()}::timestamptz group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

async function parkingDays(db: DbSession, tenantId: number, communities: Communities) {
  const { days, since } = chinaDays(new Date(), 7);
  const { rows } = await db.query<{ day: string; direction: number; count: number }>(
    sql`select ${raw(chinaDaySql("event_time"))} as day, direction, count(*)::int as count from parking_events
      where ${scope(tenantId, communities)} and event_time >= ${since.toISOString()}::timestamptz group by 1, 2`,
  );
  const total = (date: string, direction: number) => rows.filter((r) => r.day === date && Number(r.direction) === direction).reduce((n, r) => n + Number(r.count), 0);
  return days.map((date) => ({ date, in: total(date, ParkingEventDirection.Entry), out: total(date, ParkingEventDirection.Exit) }));
}

async function deviceTotals(db: DbSession, tenantId: number, communities: Communities) {
  const { rows } = await db.query<{ total: number; online: number }>(
    sql`select count(*)::int as total, count(*) filter (where online)::int as online from devices where ${scope(tenantId, communities)}`,
  );
  return { devices: Number(rows[0].total), devicesOnline: Number(rows[0].online) };
}

/** The global board of the session's communities (every one of the tenant's, or a limited user's). */
export async function globalBoard(db: DbSession, session: Pick<SessionInfo, "tenantId" | "communityIds">) {
  const { tenantId, communityIds: scoped } = session;
  const communities = await camelRows<{ communityId: number; communityName: string; rooms: number; occupiedRooms: number; inhabitants: number }>(
    db,
    sql`select c.id as community_id, c.name as community_name,
            (select count(*)::int from rooms r where r.tenant_id = c.tenant_id and r.community_id = c.id) as rooms,
            (select count(distinct i.room_id)::int from inhabitants i where i.tenant_id = c.tenant_id and i.community_id = c.id) as occupied_rooms,
            (select count(*)::int from inhabitants i where i.tenant_id = c.tenant_id and i.community_id = c.id) as inhabitants
       from communities c where ${scope(tenantId, scoped, "c.id")} order by inhabitants desc, c.id limit 10`,
  );
  return {
    totals: {
      communities: await count(db, "communities", tenantId, scoped),
      buildings: await count(db, "buildings", tenantId, scoped),
      rooms: await count(db, "rooms", tenantId, scoped),
      inhabitants: await count(db, "inhabitants", tenantId, scoped),
      ...(await deviceTotals(db, tenantId, scoped)),
    },
    communities: communities.map((c) => ({ ...c, rooms: Number(c.rooms), occupiedRooms: Number(c.occupiedRooms), inhabitants: Number(c.inhabitants) })),
    alarms: await grouped(db, "alarms", "handle_status", "alarmHandleStatus", tenantId, scoped),
    repairs: await grouped(db, "repairs", "status", "repairStatus", tenantId, scoped),
    openDoorDays: await openDoorDays(db, tenantId, scoped),
    parkingDays: await parkingDays(db, tenantId, scoped),
  };
}

export async function projectBoard(db: DbSession, tenantId: number, community: { id: number; name: string }) {
  const id = community.id;
  const one = [id];
  const { rows } = await db.query<{ address: string | null }>(sql`select address from communities where tenant_id = ${tenantId} and id = ${id}`);
  const occupied = await db.query<{ n: number }>(sql`select count(distinct room_id)::int as n from inhabitants where tenant_id = ${tenantId} and community_id = ${id}`);
  return {
    communityId: id,
    communityName: community.name,
    address: rows[0]?.address ?? null,
    totals: {
      buildings: await count(db, "buildings", tenantId, one),
      units: await count(db, "units", tenantId, one),
      rooms: await count(db, "rooms", tenantId, one),
      occupiedRooms: Number(occupied.rows[0].n),
      inhabitants: await count(db, "inhabitants", tenantId, one),
      ...(await deviceTotals(db, tenantId, one)),
    },
    roomsByStatus: await grouped(db, "rooms", "occupancy_status", "roomOccupancy", tenantId, one),
    residentsByIdentity: await grouped(db, "inhabitants", "identity", "residentIdentity", tenantId, one),
    openDoorByMethod: await grouped(db, "access_events", "open_method", "openMethod", tenantId, one),
    alarms: await grouped(db, "alarms", "handle_status", "alarmHandleStatus", tenantId, one),
    repairs: await grouped(db, "repairs", "status", "repairStatus", tenantId, one),
    openDoorDays: await openDoorDays(db, tenantId, one),
    parkingDays: await parkingDays(db, tenantId, one),
  };
}

/** The first of the user's communities, or null when the tenant has none. */
export async function firstCommunity(db: DbSession, session: SessionInfo): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where ${scope(session.tenantId, session.communityIds, "id")} order by id limit 1`);
  return rows[0] ?? null;
}
