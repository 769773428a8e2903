// The statements behind the three outside-frame pages' operations (community-profile-routes.ts), over
// the session's tenant.
import { resourceByName } from "../../../generated/resources.ts";
import type { GetInhabitantProfileData, GetPropertyDetailData } from "../../../generated/operation-types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import { buildModel } from "../crud/model.ts";
import { findById } from "../crud/repository.ts";
import type { CheckedCommunity } from "../platform/http/operation-scope.ts";
import { countsByMapping } from "../workbench/public.ts";
import { chinaDays, chinaDaysAgo, chinaDaySql } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";

const inhabitants = buildModel(resourceByName.inhabitants);

/** The requested community (checked at the edge: 404 when not the tenant's), else the tenant's first one, else null. */
async function communityOf(db: DbSession, session: SessionInfo, requested: CheckedCommunity | null): Promise<{ id: number; name: string } | null> {
  if (requested) return requested;
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where tenant_id = ${session.tenantId} order by id limit 1`);
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : null;
}

const n = async (db: DbSession, statement: Sql) => Number((await db.query<{ n: number }>(statement)).rows[0].n);

async function byMapping(db: DbSession, table: string, column: string, mapping: string, tenantId: number, communityId: number) {
  const { rows } = await db.query<{ value: number | null; count: number }>(
    sql`select ${raw(column)} as value, count(*)::int as count from ${raw(table)} where tenant_id = ${tenantId} and community_id = ${communityId} group by 1`,
  );
  return countsByMapping(mapping, rows);
}

async function perDay(db: DbSession, table: string, column: string, tenantId: number, communityId: number) {
  const { days, since } = chinaDays(new Date(), 7);
  const { rows } = await db.query<{ day: string; count: number }>(
    sql`select ${raw(chinaDaySql(column))} as day, count(*)::int as count from ${raw(table)}
      where tenant_id = ${tenantId} and community_id = ${communityId} and ${raw(column)} >= ${since.toISOString()}::timestamptz group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

export async function propertyDetail(db: DbSession, session: SessionInfo, requested: CheckedCommunity | null) {
  const community = await communityOf(db, session, requested);
  const tenant = await camelRows<{ name: string; companyShortName: string | null }>(db, sql`select name, company_short_name from tenants where id = ${session.tenantId}`);
  if (!community) return { tenantName: tenant[0]?.name ?? "", companyShortName: tenant[0]?.companyShortName ?? null, community: null, totals: null, roomsByStatus: [] };
  const rows = await camelRows<NonNullable<GetPropertyDetailData["community"]>>(
    db,
    sql`select c.id, c.name, a.name as area_name, c.address, c.administrative_code, c.contact_name,
            c.contact_phone, c.total_area::text as total_area, c.longitude::text as longitude, c.latitude::text as latitude
       from communities c left join areas a on a.tenant_id = c.tenant_id and a.id = c.area_id
      where c.tenant_id = ${session.tenantId} and c.id = ${community.id}`,
  );
  const ofCommunity = sql`tenant_id = ${session.tenantId} and community_id = ${community.id}`;
  return {
    tenantName: tenant[0]?.name ?? "",
    companyShortName: tenant[0]?.companyShortName ?? null,
    community: rows[0],
    totals: {
      buildings: await n(db, sql`select count(*)::int as n from buildings where ${ofCommunity}`),
      units: await n(db, sql`select count(*)::int as n from units where ${ofCommunity}`),
      rooms: await n(db, sql`select count(*)::int as n from rooms where ${ofCommunity}`),
      inhabitants: await n(db, sql`select count(*)::int as n from inhabitants where ${ofCommunity}`),
    },
    roomsByStatus: await byMapping(db, "rooms", "occupancy_status", "roomOccupancy", session.tenantId, community.id),
  };
}

export async function preventionStatistics(db: DbSession, session: SessionInfo, requested: CheckedCommunity | null) {
  const community = await communityOf(db, session, requested);
  if (!community) return null;
  const ofCommunity = sql`tenant_id = ${session.tenantId} and community_id = ${community.id}`;
  const since = chinaDaysAgo(14);
  return {
    communityId: community.id,
    communityName: community.name,
    inhabitants: await n(db, sql`select count(*)::int as n from inhabitants where ${ofCommunity}`),
    newResidents: await n(db, sql`select count(*)::int as n from inhabitants where ${ofCommunity} and move_in_date >= ${since}::date`),
    residentsByIdentity: await byMapping(db, "inhabitants", "identity", "residentIdentity", session.tenantId, community.id),
    keyPersons: {
      total: await n(db, sql`select count(*)::int as n from key_persons where ${ofCommunity}`),
      watching: await n(db, sql`select count(*)::int as n from key_persons where ${ofCommunity} and watching`),
      byCategory: await byMapping(db, "key_persons", "category", "keyPersonCategory", session.tenantId, community.id),
    },
    visitorDays: await perDay(db, "visitors", "visit_time", session.tenantId, community.id),
    openDoorDays: await perDay(db, "access_events", "event_time", session.tenantId, community.id),
  };
}

export async function inhabitantProfile(db: DbSession, session: SessionInfo, id: number) {
  const inhabitant = await findById(db, inhabitants, session, id);
  if (!inhabitant) throw apiError("NOT_FOUND");
  const ofInhabitant = sql`tenant_id = ${session.tenantId} and inhabitant_id = ${inhabitant.id}`;
  const room = await camelRows<{ buildingName: string | null; unitName: string | null; roomNo: string | null }>(
    db,
    sql`select b.name as building_name, u.name as unit_name, r.room_no from rooms r
       left join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
       left join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
      where r.tenant_id = ${session.tenantId} and r.id = ${inhabitant.roomId}`,
  );
  const cards = await camelRows<GetInhabitantProfileData["cards"][number]>(
    db,
    sql`select id, card_no, card_type, valid_until::text as valid_until, enabled from cards where ${ofInhabitant} order by id`,
  );
  const events = await camelRows<GetInhabitantProfileData["accessEvents"][number]>(
    db,
    sql`select id, event_time, device_name, open_method, result from access_events
      where ${ofInhabitant} order by event_time desc nulls last, id desc limit 10`,
  );
  const keyPerson = await db.query<{ category: number; watching: boolean }>(sql`select category, watching from key_persons where ${ofInhabitant} order by id limit 1`);
  return {
    inhabitant,
    room: room[0] ?? null,
    cards: cards,
    accessEvents: events,
    keyPerson: keyPerson.rows[0] ?? null,
    faceCount: await n(db, sql`select count(*)::int as n from face_profiles where ${ofInhabitant}`),
  };
}
