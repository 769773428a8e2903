// The generic fee resources (pageList, create, update, delete) and the house cascade through the
// request wrapper; the fee operations themselves are called through the generated client (api.*).
// Money travels as yuan text with two decimals; the wrapper shows error messages.
import { http } from "../../http/request.ts";
import type { PageResult } from "./types.ts";

const P = "/api/property";

export const paymentApi = {
  /** The generic list of a fee resource (pageList). */
  pageList: <T = Record<string, unknown>>(resource: string, body: Record<string, unknown>) => http.post<PageResult<T>>(`${P}/${resource}/actions/pageList`, body),
  create: (resource: string, body: Record<string, unknown>) => http.post<Record<string, unknown>>(`${P}/${resource}`, body),
  update: (resource: string, id: number, body: Record<string, unknown>) => http.put<Record<string, unknown>>(`${P}/${resource}/${id}`, body),
  remove: (resource: string, id: number) => http.delete(`${P}/${resource}/${id}`),
};

/** The house cascade and room search of spec §7. */
export const houseApi = {
  buildings: (communityId: number | string) => http.post<{ id: number; name: string }[]>("/api/system/buildings/actions/listByCommunityId", { communityId }),
  units: (buildingId: number) => http.post<{ id: number; name: string }[]>("/api/system/units/actions/listByBuildingId", { buildingId }),
  rooms: (unitId: number) => http.post<{ id: number; roomNo: string; status: number }[]>("/api/system/rooms/actions/listByUnitId", { unitId }),
  search: (communityId: number | string, keyword: string) =>
    http.post<PageResult<{ id: number; roomNo: string; buildingName: string; unitName: string }>>("/api/system/rooms/actions/pageListSimpleRooms", {
      communityId,
      keyword,
      pageNo: 1,
      pageSize: 20,
    }),
  communities: () => http.get<{ communityId: number; communityName: string }[]>("/api/system/communities", { areaId: 1 }),
};
