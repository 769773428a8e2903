// The house cascade of the forms that pick a room (docs/api.md):
//   POST {system}/buildings/actions/listByCommunityId {communityId} -> [{id, name}]
//   POST {system}/units/actions/listByBuildingId {buildingId}       -> [{id, name}]
//   POST {system}/rooms/actions/listByUnitId {unitId}               -> [{id, roomNo, status}]
//   POST {system}/rooms/actions/pageListSimpleRooms {communityId?, pageNo, pageSize, keyword?}
//        -> {list: [{id, roomNo, buildingId, buildingName, unitId, unitName, status}], total, pageNo, pageSize}
//        keyword matches the room number, building or unit name.
// Every query is inside the session's tenant: another tenant's id gives an empty list. Who may call
// them: the houseReaders codes of schemas/operations/community.yaml (houseReaderCodes of access.ts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { buildingsOfCommunity, pageSimpleRooms, roomsOfUnit, unitsOfBuilding } from "./houses.ts";

export async function housesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.listBuildingsByCommunity, async ({ body: { communityId }, session }) => buildingsOfCommunity(app.db, session.tenantId, communityId));
  route(app, operations.listUnitsByBuilding, async ({ body: { buildingId }, session }) => unitsOfBuilding(app.db, session.tenantId, buildingId));
  route(app, operations.listRoomsByUnit, async ({ body: { unitId }, session }) => roomsOfUnit(app.db, session.tenantId, unitId));
  route(app, operations.pageListSimpleRooms, async ({ body, session }) => pageSimpleRooms(app.db, session.tenantId, body));
}
