// The generic fee resources (pageList, create, update, delete) and the house cascade through the
// request wrapper; the fee operations themselves are called through the generated client (api.*).
// Money travels as yuan text with two decimals; the wrapper shows error messages.
import { http } from "../../http/request.ts";
import { api } from "../../http/api.ts";
import type { PageResult } from "./types.ts";

const P = "/api/property";

export const paymentApi = {
  /** The generic list of a fee resource (pageList). */
  pageList: <T = Record<string, unknown>>(resource: string, body: Record<string, unknown>) => http.post<PageResult<T>>(`${P}/${resource}/actions/pageList`, body),
  create: (resource: string, body: Record<string, unknown>) => http.post<Record<string, unknown>>(`${P}/${resource}`, body),
  update: (resource: string, id: number, body: Record<string, unknown>) => http.put<Record<string, unknown>>(`${P}/${resource}/${id}`, body),
  remove: (resource: string, id: number) => http.delete(`${P}/${resource}/${id}`),
};

/** The house cascade and room search of spec §7 (declared operations of the community domain). */
export const houseApi = {
  buildings: (communityId: number | string) => api.listBuildingsByCommunity({ body: { communityId: Number(communityId) } }),
  units: (buildingId: number) => api.listUnitsByBuilding({ body: { buildingId } }),
  rooms: (unitId: number) => api.listRoomsByUnit({ body: { unitId } }),
  search: (communityId: number | string, keyword: string) => api.pageListSimpleRooms({ body: { communityId: Number(communityId), keyword, pageNo: 1, pageSize: 20 } }),
  communities: () => api.listCommunities({ query: { areaId: 1 } }),
};
