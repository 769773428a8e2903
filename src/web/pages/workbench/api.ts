// The workbench's calls (spec §7 Workbench and the advert calls), through the request wrapper. Card
// and banner calls are silent: a failing card says so in itself (数据加载失败，请刷新重试).
import { constants } from "../../../../generated/constants.ts";
import type { LayoutItem } from "../../../common/workbench-modules.ts";
import http from "../../http/request.ts";
import type { AdvertPosition } from "./advert-state.ts";

type Id = string | number;

export interface SavedLayout {
  layoutId: number | null;
  communityId: number;
  layout: LayoutItem[];
  isDefault: boolean;
}

export interface ModuleItem {
  moduleId: string;
  name: string;
  description: string;
  width: 1 | 2;
  available: boolean;
}

export const fetchLayout = (communityId: Id) => http.get<SavedLayout>("/api/management/layout", { communityId });
export const saveLayout = (communityId: Id, layout: LayoutItem[]) => http.post<SavedLayout>("/api/management/layout", { communityId, layout }, { loading: "保存中..." });
export const deleteLayout = (layoutId: Id) => http.delete<{ layoutId: number }>(`/api/management/layout/${layoutId}`);
export const fetchModuleItem = (moduleId: string) => http.get<ModuleItem>(`/api/management/item/${encodeURIComponent(moduleId)}`);

export const fetchAdverts = () =>
  http.get<AdvertPosition>("/api/crain/help/web/promotionPositions/actions/getNamedByPositionCode", { positionCode: constants.advertPositionCode }, { silent: true });

/** spec §7: closes the banner for this user; a silent call. */
export const silenceAdverts = () =>
  http.put<unknown>("/api/crain/help/web/promotionPositions/actions/silent", { positionCode: constants.advertPositionCode }, { silent: true });

const stat = <T,>(url: string) => (communityId: Id) => http.get<T>(url, { communityId }, { silent: true });

export interface CommunityStatistics {
  communityName: string;
  address: string | null;
  buildingCount: number;
  unitCount: number;
  roomCount: number;
  occupiedRoomCount: number;
  inhabitantCount: number;
}
export interface PendingList<T> {
  pendingCount: number;
  processingCount?: number;
  list: T[];
}
export interface AuditItem {
  id: number;
  applicantName: string;
  roomName: string;
  applyTime: string;
  status: number;
}
export interface RepairItem {
  id: number;
  content: string;
  reporterName: string;
  roomName: string;
  reportTime: string;
  status: number;
}
export interface NoticeList {
  publishedCount: number;
  list: { id: number; title: string; noticeType: number; publishTime: string | null; pinned: boolean }[];
}
export interface Counted {
  label: string;
  count: number;
}
export interface RoomStatistics {
  total: number;
  occupied: number;
  vacant: number;
  byStatus: (Counted & { status: number })[];
}
export interface ResidentStatistics {
  total: number;
  newThisMonth: number;
  byIdentity: (Counted & { identity: number })[];
}
export interface OpenDoorStatistics {
  today: number;
  total: number;
  failed: number;
  days: { date: string; count: number }[];
  byMethod: (Counted & { openMethod: number })[];
}
export interface VehicleStatistics {
  todayIn: number;
  todayOut: number;
  plateCount: number;
  days: { date: string; in: number; out: number }[];
}

export const fetchCommunityStatistics = stat<CommunityStatistics>("/api/system/communities/actions/workBenchGetCommunityStatistics");
export const fetchRoomAudits = stat<PendingList<AuditItem>>("/api/system/roomAuditOrders/actions/workBenchQueryList");
export const fetchRepairs = stat<PendingList<RepairItem>>("/api/property/repairs/actions/workBenchQueryList");
export const fetchNotices = stat<NoticeList>("/api/property/notices/actions/workBenchQueryList");
export const fetchRoomStatistics = stat<RoomStatistics>("/api/system/rooms/actions/workBenchGetRoomStatistics");
export const fetchResidentStatistics = stat<ResidentStatistics>("/api/system/inhabitants/actions/workBenchGetResidentStatistics");
export const fetchOpenDoorStatistics = stat<OpenDoorStatistics>("/api/accesscontrol/accessEvents/actions/workBenchGetOpenDoorEventStatistics");
export const fetchVehicleStatistics = stat<VehicleStatistics>("/api/vehicle/vehicle/actions/workBenchGetVehicleStatistics");
