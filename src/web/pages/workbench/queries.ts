// The workbench's reads and writes (spec §7 Workbench and the advert calls) as react-query options of
// the generated client. Card and banner calls are silent: a failing card says so in itself
// (数据加载失败，请刷新重试). A card or layout never shows another community's answer while its own
// loads (no previous data kept, unlike the app's default).
import { queryOptions } from "@tanstack/react-query";
import { constants } from "../../../../generated/constants.ts";
import { queries } from "../../http/query-client.ts";

type Id = string | number;

const card = (communityId: Id) => ({ query: { communityId: Number(communityId) } });
const silent = { silent: true };
const ownAnswerOnly = { placeholderData: undefined };
const advertPosition = { positionCode: constants.advertPositionCode };

export const workbenchQueries = {
  layout: (communityId: Id) => queryOptions({ ...queries.getWorkbenchLayout.queryOptions(card(communityId)), ...ownAnswerOnly }),
  moduleItem: (moduleId: string) => queries.getWorkbenchModule.queryOptions({ params: { moduleId } }),
  adverts: () => queries.getAdvertPosition.queryOptions({ query: advertPosition }, silent),
  communityStatistics: (communityId: Id) => queryOptions({ ...queries.getWorkbenchCommunityStatistics.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  roomAudits: (communityId: Id) => queryOptions({ ...queries.getWorkbenchRoomAudits.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  repairs: (communityId: Id) => queryOptions({ ...queries.getWorkbenchRepairs.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  notices: (communityId: Id) => queryOptions({ ...queries.getWorkbenchNotices.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  roomStatistics: (communityId: Id) => queryOptions({ ...queries.getWorkbenchRoomStatistics.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  residentStatistics: (communityId: Id) => queryOptions({ ...queries.getWorkbenchResidentStatistics.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  openDoorStatistics: (communityId: Id) => queryOptions({ ...queries.getWorkbenchOpenDoorStatistics.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
  vehicleStatistics: (communityId: Id) => queryOptions({ ...queries.getWorkbenchVehicleStatistics.queryOptions(card(communityId), silent), ...ownAnswerOnly }),
};

export const workbenchMutations = {
  saveLayout: () => queries.saveWorkbenchLayout.mutationOptions({ loading: "保存中..." }),
  deleteLayout: () => queries.deleteWorkbenchLayout.mutationOptions(),
  /** spec §7: closes the banner for this user; a silent call. */
  silenceAdverts: () => queries.silenceAdvertPosition.mutationOptions(silent),
};

/** The keys a workbench write makes stale. */
export const workbenchKeys = {
  layout: queries.getWorkbenchLayout.key,
  adverts: queries.getAdvertPosition.key,
};
