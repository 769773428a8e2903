// The house cascade of the forms that pick a room (docs/api.md):
//   POST {system}/buildings/actions/listByCommunityId {communityId} -> [{id, name}]
//   POST {system}/units/actions/listByBuildingId {buildingId}       -> [{id, name}]
//   POST {system}/rooms/actions/listByUnitId {unitId}               -> [{id, roomNo, status}]
//   POST {system}/rooms/actions/pageListSimpleRooms {communityId?, pageNo, pageSize, keyword?}
//        -> {list: [{id, roomNo, buildingId, buildingName, unitId, unitName, status}], total, pageNo, pageSize}
//        keyword matches the room number, building or unit name.
// Every query is inside the session's tenant: another tenant's id gives an empty list. Who may call
// them: houseReaderCodes (access.ts).
import type { FastifyInstance } from "fastify";
import { ok } from "../http/envelope.ts";
import { sessionOf } from "../auth/guard.ts";
import { likeContains } from "../crud/sql.ts";
import { houseReaderCodes, requireAnyOf } from "../auth/access.ts";
import { bodyOf, optionalId, pageArgs, requiredId, textOf } from "../http/request-input.ts";

export async function housesModule(app: FastifyInstance): Promise<void> {
  const preHandler = requireAnyOf(houseReaderCodes);

  app.post("/api/system/buildings/actions/listByCommunityId", { preHandler }, async (request) => {
    const session = sessionOf(request);
    const communityId = requiredId(bodyOf(request).communityId);
    const { rows } = await app.db.query(
      "select id, name from buildings where tenant_id = $1 and community_id = $2 order by sort_no nulls last, name, id",
      [session.tenantId, communityId],
    );
    return ok(rows);
  });

  app.post("/api/system/units/actions/listByBuildingId", { preHandler }, async (request) => {
    const session = sessionOf(request);
    const buildingId = requiredId(bodyOf(request).buildingId);
    const { rows } = await app.db.query("select id, name from units where tenant_id = $1 and building_id = $2 order by name, id", [
      session.tenantId,
      buildingId,
    ]);
    return ok(rows);
  });

  app.post("/api/system/rooms/actions/listByUnitId", { preHandler }, async (request) => {
    const session = sessionOf(request);
    const unitId = requiredId(bodyOf(request).unitId);
    const { rows } = await app.db.query(
      `select id, room_no as "roomNo", status from rooms where tenant_id = $1 and unit_id = $2 order by floor nulls last, room_no, id`,
      [session.tenantId, unitId],
    );
    return ok(rows);
  });

  app.post("/api/system/rooms/actions/pageListSimpleRooms", { preHandler }, async (request) => {
    const session = sessionOf(request);
    const body = bodyOf(request);
    const { pageNo, pageSize, offset } = pageArgs(body);
    const communityId = optionalId(body.communityId);
    const keyword = textOf(body.keyword, 32);
    const params: unknown[] = [session.tenantId];
    const where = ["r.tenant_id = $1"];
    if (communityId !== null) {
      params.push(communityId);
      where.push(`r.community_id = $${params.length}`);
    }
    if (keyword) {
      params.push(likeContains(keyword));
      const p = `$${params.length}`;
      where.push(`(r.room_no ilike ${p} escape '\\' or b.name ilike ${p} escape '\\' or u.name ilike ${p} escape '\\')`);
    }
    const from = `rooms r
      join buildings b on b.tenant_id = r.tenant_id and b.id = r.building_id
      join units u on u.tenant_id = r.tenant_id and u.id = r.unit_id
     where ${where.join(" and ")}`;
    const { rows } = await app.db.query(
      `select r.id, r.room_no as "roomNo", r.building_id as "buildingId", b.name as "buildingName",
              r.unit_id as "unitId", u.name as "unitName", r.status
         from ${from}
        order by b.sort_no nulls last, b.name, u.name, r.floor nulls last, r.room_no, r.id
        limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, pageSize, offset],
    );
    let total: number;
    if (rows.length > 0 && rows.length < pageSize) total = offset + rows.length;
    else if (rows.length === 0 && offset === 0) total = 0;
    else total = Number((await app.db.query<{ n: number }>(`select count(*)::int as n from ${from}`, params)).rows[0].n);
    return ok({ list: rows, total, pageNo, pageSize });
  });
}
