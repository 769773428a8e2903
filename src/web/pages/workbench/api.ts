// The workbench's calls (spec §7 Workbench and the advert calls), through the generated client over
// the request wrapper. Card and banner calls are silent: a failing card says so in itself
// (数据加载失败，请刷新重试).
import { constants } from "../../../../generated/constants.ts";
import type { GetWorkbenchLayoutData } from "../../../../generated/operation-types.ts";
import type { LayoutItem } from "../../../common/workbench-modules.ts";
import { api } from "../../http/api.ts";

type Id = string | number;

export type SavedLayout = GetWorkbenchLayoutData;

export const fetchLayout = (communityId: Id) => api.getWorkbenchLayout({ query: { communityId: Number(communityId) } });
export const saveLayout = (communityId: Id, layout: LayoutItem[]) => api.saveWorkbenchLayout({ body: { communityId, layout } }, { loading: "保存中..." });
export const deleteLayout = (layoutId: Id) => api.deleteWorkbenchLayout({ params: { layoutId } });
export const fetchModuleItem = (moduleId: string) => api.getWorkbenchModule({ params: { moduleId } });

export const fetchAdverts = () => api.getAdvertPosition({ query: { positionCode: constants.advertPositionCode } }, { silent: true });

/** spec §7: closes the banner for this user; a silent call. */
export const silenceAdverts = () => api.silenceAdvertPosition({ body: { positionCode: constants.advertPositionCode } }, { silent: true });

const card = (communityId: Id) => ({ query: { communityId: Number(communityId) } });
const silent = { silent: true };

export const fetchCommunityStatistics = (communityId: Id) => api.getWorkbenchCommunityStatistics(card(communityId), silent);
export const fetchRoomAudits = (communityId: Id) => api.getWorkbenchRoomAudits(card(communityId), silent);
export const fetchRepairs = (communityId: Id) => api.getWorkbenchRepairs(card(communityId), silent);
export const fetchNotices = (communityId: Id) => api.getWorkbenchNotices(card(communityId), silent);
export const fetchRoomStatistics = (communityId: Id) => api.getWorkbenchRoomStatistics(card(communityId), silent);
export const fetchResidentStatistics = (communityId: Id) => api.getWorkbenchResidentStatistics(card(communityId), silent);
export const fetchOpenDoorStatistics = (communityId: Id) => api.getWorkbenchOpenDoorStatistics(card(communityId), silent);
export const fetchVehicleStatistics = (communityId: Id) => api.getWorkbenchVehicleStatistics(card(communityId), silent);
