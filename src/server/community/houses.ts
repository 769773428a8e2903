// The statements behind the house cascade's operations (houses-routes.ts), inside the session's
// tenant: another tenant's id gives an empty list.
import type { PageListSimpleRoomsBody, PageListSimpleRoomsData } from "../../../generated/operation-types.ts";
import type { DbSession } from "../platform/db/types.ts";
import { ilikeContains, sql, when } from "../platform/db/sql.ts";
import { pageArgs, textOf } from "../platform/http/request-input.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

export async function buildingsOfCommunity(db: DbSession, tenantId: number, communityId: number) {
  const { rows } = await db.query<{ id: number; name: string }>(
    sql`select id, name from buildings where tenant_id = ${tenantId} and community_id = ${communityId} order by sort_no nulls last, name, id`,
  );
  return rows;
}

export async function unitsOfBuilding(db: DbSession, tenantId: number, buildingId: number) {
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from units where tenant_id = ${tenantId} and building_id = ${buildingId} order by name, id`);
  return rows;
}

export async function roomsOfUnit(db: DbSession, tenantId: number, unitId: number) {
  const rows = await camelRows<{ id: number; roomNo: string; status: number | null }>(
    db,
    sql`select id, room_no, status from rooms where tenant_id = ${tenantId} and unit_id = ${unitId} order by floor nulls last, room_no, id`,
  );
  return rows;
}

export async function pageSimpleRooms(db: DbSession, tenantId: number, body: PageListSimpleRoomsBody) {
  const { pageNo, pageSize, offset } = pageArgs(body);
  const communityId = body.communityId ?? null;
  const keyword = textOf(body.keyword, 32);
  const from = sql`rooms r
    join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
    join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
   where r.tenant_id = ${tenantId}
     ${when(communityId !== null, () => sql`and r.community_id = ${communityId}`)}
     ${when(keyword, () => sql`and ${ilikeContains(sql`r.full_name`, keyword)}`)}`;
  const rows = await camelRows<PageListSimpleRoomsData["list"][number]>(
    db,
    sql`select r.id, r.room_no, r.full_name as room_name, r.building_id, b.name as building_name,
            r.unit_id, u.name as unit_name, r.status
       from ${from}
      order by b.sort_no nulls last, b.name, u.name, r.floor nulls last, r.room_no, r.id
      limit ${pageSize} offset ${offset}`,
  );
  let total: number;
  if (rows.length > 0 && rows.length < pageSize) total = offset + rows.length;
  else if (rows.length === 0 && offset === 0) total = 0;
  else total = Number((await db.query<{ n: number }>(sql`select count(*)::int as n from ${from}`)).rows[0].n);
  return { list: rows, total, pageNo, pageSize };
}
