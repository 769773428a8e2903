// Every call the shell makes (spec §7, shapes in docs/api.md), through the one request wrapper.
import { http } from "../http/request.ts";
import { api } from "../http/api.ts";
import type { LoginConfiguration } from "./api-types.ts";
import type { MenuThemeConfig } from "./menu-state.ts";
import type { Id } from "./picker-state.ts";

export type * from "./api-types.ts";

export const fetchLoginConfiguration = () => api.getLoginConfiguration({ query: { domainUrl: window.location.host } }, { silent: true }) as Promise<LoginConfiguration>;

/** spec §7: the theme configuration call never ends the session on a 401. */
export const fetchThemeConfiguration = () => api.getMenuTheme({}, { silent: true, noAuthRedirect: true }) as Promise<MenuThemeConfig>;

export const fetchTicket = (type: string) => api.getTicket({ query: { type } });

export const fetchChargeWebUrl = () => api.getChargeWebUrl();

export const fetchCommunities = (areaId: Id) => api.listCommunities({ query: { areaId: Number(areaId) } });

export const fetchEdgeService = (communityId: Id) => api.getEdgeServiceByCommunityId({ query: { communityId: Number(communityId) } }, { silent: true });

export const fetchEdgeAuth = (edgeId: Id) => api.getEdgeAuth({ body: { edgeId } });

export const authorizeEdge = (edgeId: Id) => api.updateAuthLogin({ body: { edgeId } });

export const fetchEdgeJumpAddress = (edgeId: Id, jumpType = 1) =>
  // Silent: a failure shows the 进入智慧平台失败 dialog instead (spec §8).
  api.getFrpsAuth({ body: { edgeId, jumpType } }, { silent: true });

/** spec §7: reported when opening the cockpit, task centre or menu configuration; never in the way. */
export const reportOperation = (body: { source: 2; operationCode: string; operationType: 1 }) => api.reportOperation({ body }, { silent: true }).catch(() => null);

export const fetchLogos = () => api.getLogos(undefined, { silent: true });

export const fetchHelpDialogUrl = () => http.get<string | { url: string }>("/tenantApi/crain/help/web/faqrobot/actions/getDialogBoxUrl", { platformCode: "hbl" });

/** The session ends on this side whatever the server answers, so no error is shown. */
export const logout = (tenantId?: Id | null) => api.logout({ query: tenantId != null ? { tenantId: Number(tenantId) } : {} }, { silent: true });

export const modifyPassword = (oldPassword: string, newPassword: string) => api.modifyPassword({ body: { oldPassword, newPassword } });
