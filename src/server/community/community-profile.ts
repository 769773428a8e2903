// Data of three pages outside the frame (schemas/modules/pages.yaml), over the session's tenant:
//   GET {system}/communities/actions/propertyDetail?communityId=          HBL01001 (/propertyDetail)
//       -> {tenantName, companyShortName, community: {id, name, areaName, address, administrativeCode,
//           contactName, contactPhone, totalArea, longitude, latitude}, totals: {buildings, units, rooms,
//           inhabitants}, roomsByStatus}; without communityId the tenant's first community (null when none)
//   GET {system}/inhabitants/actions/preventionStatistics?communityId=    HBL01005 (/Eprevention)
//       -> {communityId, communityName, inhabitants, newResidents (moved in within 14 days),
//           residentsByIdentity, keyPersons: {total, watching, byCategory}, visitorDays, openDoorDays (7 days)}
//   GET {system}/inhabitants/{id}/actions/profile                         HBL01005 (/personnel/personnelInfo)
//       -> {inhabitant (as the generic GET), room: {buildingName, unitName, roomNo}, cards, accessEvents
//           (the 10 newest), keyPerson: {category, watching} | null, faceCount}
// Another tenant's community or inhabitant is a 404. Values are raw; the pages mask by the schema.
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../generated/resources.ts";
import { operations } from "../../../generated/operations.ts";
import type { GetInhabitantProfileData, GetPropertyDetailData } from "../../../generated/operation-types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { DbSession } from "../db/types.ts";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { buildModel } from "../crud/model.ts";
import { findById } from "../crud/repository.ts";
import { ownCommunity } from "../auth/access.ts";
import { countsByMapping } from "../workbench/workbench-stats.ts";
import { chinaDays, chinaDaysAgo, chinaDaySql } from "../../common/china-time.ts";
import { camelRows } from "../db/camel-rows.ts";

const inhabitants = buildModel(resourceByName.inhabitants);

/** The requested community of the tenant (404 when not its), else its first one, else null. */
async function communityOf(db: DbSession, session: SessionInfo, requested: number | undefined): Promise<{ id: number; name: string } | null> {
  if (requested !== undefined) return ownCommunity(db, session, requested);
  const { rows } = await db.query<{ id: number; name: string }>("select id, name from communities where tenant_id = $1 order by id limit 1", [session.tenantId]);
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : null;
}

const n = async (db: DbSession, sql: string, params: unknown[]) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);

async function byMapping(db: DbSession, table: string, column: string, mapping: string, tenantId: number, communityId: number) {
  const { rows } = await db.query<{ value: number | null; count: number }>(`select ${column} as value, count(*)::int as count from ${table} where tenant_id = $1 and community_id = $2 group by 1`, [
    tenantId,
    communityId,
  ]);
  return countsByMapping(mapping, rows);
}

async function perDay(db: DbSession, table: string, column: string, tenantId: number, communityId: number) {
  const { days, since } = chinaDays(new Date(), 7);
  const { rows } = await db.query<{ day: string; count: number }>(
    `select ${chinaDaySql(column)} as day, count(*)::int as count from ${table}
      where tenant_id = $1 and community_id = $2 and ${column} >= $3::timestamptz group by 1`,
    [tenantId, communityId, since.toISOString()],
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

export async function communityProfileModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getPropertyDetail, async ({ query, session }) => {
    const community = await communityOf(app.db, session, query.communityId);
    const tenant = await camelRows<{ name: string; companyShortName: string | null }>(app.db, `select name, company_short_name from tenants where id = $1`, [session.tenantId]);
    if (!community) return { tenantName: tenant[0]?.name ?? "", companyShortName: tenant[0]?.companyShortName ?? null, community: null, totals: null, roomsByStatus: [] };
    const rows = await camelRows<NonNullable<GetPropertyDetailData["community"]>>(
      app.db,
      `select c.id, c.name, a.name as area_name, c.address, c.administrative_code, c.contact_name,
              c.contact_phone, c.total_area::text as total_area, c.longitude::text as longitude, c.latitude::text as latitude
         from communities c left join areas a on a.tenant_id = c.tenant_id and a.id = c.area_id
        where c.tenant_id = $1 and c.id = $2`,
      [session.tenantId, community.id],
    );
    const p = [session.tenantId, community.id];
    return {
      tenantName: tenant[0]?.name ?? "",
      companyShortName: tenant[0]?.companyShortName ?? null,
      community: rows[0],
      totals: {
        buildings: await n(app.db, "select count(*)::int as n from buildings where tenant_id = $1 and community_id = $2", p),
        units: await n(app.db, "select count(*)::int as n from units where tenant_id = $1 and community_id = $2", p),
        rooms: await n(app.db, "select count(*)::int as n from rooms where tenant_id = $1 and community_id = $2", p),
        inhabitants: await n(app.db, "select count(*)::int as n from inhabitants where tenant_id = $1 and community_id = $2", p),
      },
      roomsByStatus: await byMapping(app.db, "rooms", "occupancy_status", "roomOccupancy", session.tenantId, community.id),
    };
  });

  route(app, operations.getPreventionStatistics, async ({ query, session }) => {
    const community = await communityOf(app.db, session, query.communityId);
    if (!community) return null;
    const p = [session.tenantId, community.id];
    const since = chinaDaysAgo(14);
    return {
      communityId: community.id,
      communityName: community.name,
      inhabitants: await n(app.db, "select count(*)::int as n from inhabitants where tenant_id = $1 and community_id = $2", p),
      newResidents: await n(app.db, "select count(*)::int as n from inhabitants where tenant_id = $1 and community_id = $2 and move_in_date >= $3::date", [...p, since]),
      residentsByIdentity: await byMapping(app.db, "inhabitants", "identity", "residentIdentity", session.tenantId, community.id),
      keyPersons: {
        total: await n(app.db, "select count(*)::int as n from key_persons where tenant_id = $1 and community_id = $2", p),
        watching: await n(app.db, "select count(*)::int as n from key_persons where tenant_id = $1 and community_id = $2 and watching", p),
        byCategory: await byMapping(app.db, "key_persons", "category", "keyPersonCategory", session.tenantId, community.id),
      },
      visitorDays: await perDay(app.db, "visitors", "visit_time", session.tenantId, community.id),
      openDoorDays: await perDay(app.db, "access_events", "event_time", session.tenantId, community.id),
    };
  });

  route(app, operations.getInhabitantProfile, async ({ params, session }) => {
    const inhabitant = await findById(app.db, inhabitants, session, params.id);
    if (!inhabitant) throw apiError("NOT_FOUND");
    const p = [session.tenantId, inhabitant.id];
    const room = await camelRows<{ buildingName: string | null; unitName: string | null; roomNo: string | null }>(
      app.db,
      `select b.name as building_name, u.name as unit_name, r.room_no from rooms r
         left join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
         left join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
        where r.tenant_id = $1 and r.id = $2`,
      [session.tenantId, inhabitant.roomId],
    );
    const cards = await camelRows<GetInhabitantProfileData["cards"][number]>(
      app.db,
      `select id, card_no, card_type, valid_until::text as valid_until, enabled from cards where tenant_id = $1 and inhabitant_id = $2 order by id`,
      p,
    );
    const events = await camelRows<GetInhabitantProfileData["accessEvents"][number]>(
      app.db,
      `select id, event_time, device_name, open_method, result from access_events
        where tenant_id = $1 and inhabitant_id = $2 order by event_time desc nulls last, id desc limit 10`,
      p,
    );
    const keyPerson = await app.db.query<{ category: number; watching: boolean }>("select category, watching from key_persons where tenant_id = $1 and inhabitant_id = $2 order by id limit 1", p);
    return {
      inhabitant,
      room: room[0] ?? null,
      cards: cards,
      accessEvents: events,
      keyPerson: keyPerson.rows[0] ?? null,
      faceCount: await n(app.db, "select count(*)::int as n from face_profiles where tenant_id = $1 and inhabitant_id = $2", p),
    };
  });
}
