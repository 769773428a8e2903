// The fee endpoints (src/server/payment/routes) through the request wrapper. Money travels as yuan
// text with two decimals; the wrapper shows error messages.
import { http } from "../../http/request.ts";
import { api } from "../../http/api.ts";
import type { ArrearsRow, BillView, DunningNoticeView, DaySummary, GenerationTask, PageResult, PaySettings, PayResult, ReceiptView, ReportResult, RoomBills, RoomHistory, SteerFlags } from "./types.ts";

const P = "/api/property";

export const paymentApi = {
  settings: (communityId: number | string) => http.get<PaySettings>(`${P}/paymentSettings/actions/get`, { communityId }),
  saveSettings: (body: Record<string, unknown>) => http.post<PaySettings>(`${P}/paymentSettings/actions/save`, body),
  steer: (communityId: number | string) => http.get<SteerFlags>(`${P}/bill/steer`, { communityId }),

  generate: (body: Record<string, unknown>) => http.post<{ taskId: number; total: number }>(`${P}/bills/actions/generate`, body),
  generationTask: (id: number) => http.get<GenerationTask>(`${P}/bills/actions/generationTask`, { id }, { silent: true }),

  queryBills: (body: Record<string, unknown>) => http.post<PageResult<BillView>>(`${P}/bills/actions/query`, body),
  approve: (body: Record<string, unknown>) => http.post<{ changed: number; skipped: number }>(`${P}/bills/actions/approve`, body),
  reject: (body: Record<string, unknown>) => http.post<{ changed: number; skipped: number }>(`${P}/bills/actions/reject`, body),

  roomBills: (roomId: number) => http.get<RoomBills>(`${P}/bills/actions/roomBills`, { roomId }),
  pay: (body: Record<string, unknown>) => http.post<PayResult>(`${P}/bills/actions/pay`, body, { loading: "正在收款..." }),
  /** Silent: the receipt page says itself when a receipt does not exist. */
  receipt: (id: number | string) => http.get<ReceiptView>(`${P}/receipts/${id}/actions/print`, undefined, { silent: true }),
  roomHistory: (roomId: number) => http.get<RoomHistory>(`${P}/bills/actions/roomHistory`, { roomId }),

  refundable: (paymentId: number) => http.get<{ amount: string; refunded: string; pending: string; refundable: string }>(`${P}/payments/${paymentId}/actions/refundable`),
  applyRefund: (body: Record<string, unknown>) => http.post(`${P}/refunds/actions/apply`, body),
  approveRefund: (id: number) => http.post(`${P}/refunds/${id}/actions/approve`, {}),
  rejectRefund: (id: number, reason: string) => http.post(`${P}/refunds/${id}/actions/reject`, { reason }),
  applyWaiver: (body: Record<string, unknown>) => http.post<{ id: number; status: number; amount: string }>(`${P}/waivers/actions/apply`, body),
  approveWaiver: (id: number) => http.post(`${P}/waivers/${id}/actions/approve`, {}),
  rejectWaiver: (id: number, reason: string) => http.post(`${P}/waivers/${id}/actions/reject`, { reason }),

  day: (communityId: number | string, day: string) => http.get<DaySummary>(`${P}/reconciliations/actions/day`, { communityId, day }),
  declare: (body: Record<string, unknown>) => http.post(`${P}/reconciliations/actions/declare`, body),
  closeDay: (body: Record<string, unknown>) => http.post(`${P}/reconciliations/actions/close`, body),

  report: (body: Record<string, unknown>) => http.post<ReportResult>(`${P}/reports/actions/payment`, body),
  arrears: (body: Record<string, unknown>) => http.post<PageResult<ArrearsRow> & { totalOwed: string }>(`${P}/arrears/actions/pageList`, body),
  generateDunning: (body: Record<string, unknown>) => http.post<{ taskId: number; total: number }>(`${P}/dunningNotices/actions/generate`, body),
  dunningTemplate: () => http.get<{ title: string; template: string }>(`${P}/dunningNotices/actions/template`),
  dunningTask: (id: number) => http.get<{ id: number; state: string; done: number; total: number; result: unknown; error: string | null }>(`${P}/dunningNotices/actions/generationTask`, { id }, { silent: true }),
  dunningNotice: (id: number | string) => http.get<DunningNoticeView>(`${P}/dunningNotices/${id}/actions/print`, undefined, { silent: true }),
  payFromBalance: (body: Record<string, unknown>) => http.post<PayResult & { balance: string }>(`${P}/bills/actions/payFromBalance`, body, { loading: "正在从预存款扣款..." }),

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
  search: (communityId: number | string, keyword: string) =>
    api.pageListSimpleRooms({ body: { communityId: Number(communityId), keyword, pageNo: 1, pageSize: 20 } }),
  communities: () => api.listCommunities({ query: { areaId: 1 } }),
};
