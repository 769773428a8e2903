// The house cascade of the fee pages through the generated client (api.*); the generic fee
// resources go through Refine's data provider (src/web/generic/table/useResourcePage.ts).
import { api } from "../../http/api.ts";

/** The house cascade and room search of spec §7 (declared operations of the community domain). */
export const houseApi = {
  buildings: (communityId: number | string) => api.listBuildingsByCommunity({ body: { communityId: Number(communityId) } }),
  units: (buildingId: number) => api.listUnitsByBuilding({ body: { buildingId } }),
  rooms: (unitId: number) => api.listRoomsByUnit({ body: { unitId } }),
  search: (communityId: number | string, keyword: string) => api.pageListSimpleRooms({ body: { communityId: Number(communityId), keyword, pageNo: 1, pageSize: 20 } }),
  communities: () => api.listCommunities({ query: { areaId: 1 } }),
};
