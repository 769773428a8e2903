// The shell's reads and writes (spec §7, shapes in docs/api.md) as react-query options of the
// generated client over the one request wrapper; the community picker's are in queries.ts.
//   const theme = useQuery(shellQueries.menuTheme()).data;
//   const report = useMutation(shellMutations.reportOperation());
import { queryOptions } from "@tanstack/react-query";
import { queries } from "../http/query-client.ts";
import { http } from "../http/request.ts";
import type { LoginConfiguration } from "./api-types.ts";
import type { MenuThemeConfig } from "./menu-state.ts";
import type { Id } from "./picker-state.ts";

export type * from "./api-types.ts";

const silent = { silent: true };

export const shellQueries = {
  loginConfiguration: () => {
    const options = queries.getLoginConfiguration.queryOptions({ query: { domainUrl: window.location.host } }, silent);
    return queryOptions({ ...options, queryFn: () => options.queryFn() as Promise<LoginConfiguration> });
  },
  /** spec §7: the theme configuration call never ends the session on a 401. */
  menuTheme: () => {
    const options = queries.getMenuTheme.queryOptions({}, { silent: true, noAuthRedirect: true });
    return queryOptions({ ...options, queryFn: () => options.queryFn() as Promise<MenuThemeConfig> });
  },
  chargeWebUrl: () => queries.getChargeWebUrl.queryOptions(),
  /** The edge service of a community (never another community's while it loads). */
  edgeService: (communityId: Id) => queryOptions({ ...queries.getEdgeServiceByCommunityId.queryOptions({ query: { communityId: Number(communityId) } }, silent), placeholderData: undefined }),
  edgeAuth: (edgeId: Id) => queries.getEdgeAuth.queryOptions({ body: { edgeId } }),
  /** Silent: a failure shows the 进入智慧平台失败 dialog instead (spec §8). */
  edgeJumpAddress: (edgeId: Id, jumpType = 1) => queries.getFrpsAuth.queryOptions({ body: { edgeId, jumpType } }, silent),
  logos: () => queries.getLogos.queryOptions(undefined, silent),
  // The help centre's robot is a third-party address, no declared operation.
  helpDialogUrl: () =>
    queryOptions({ queryKey: ["helpDialogUrl"], queryFn: () => http.get<string | { url: string }>("/tenantApi/crain/help/web/faqrobot/actions/getDialogBoxUrl", { platformCode: "hbl" }) }),
  /** The session ends on this side whatever the server answers, so no error is shown (a GET operation). */
  logout: (tenantId?: Id | null) => queries.logout.queryOptions({ query: tenantId != null ? { tenantId: Number(tenantId) } : {} }, silent),
};

export const shellMutations = {
  /** A one-time ticket for another application (each call issues a new one). */
  ticket: () => queries.getTicket.mutationOptions(),
  authorizeEdge: () => queries.updateAuthLogin.mutationOptions(),
  /** spec §7: reported when opening the cockpit, task centre or menu configuration; never in the way. */
  reportOperation: () => queries.reportOperation.mutationOptions(silent),
  modifyPassword: () => queries.modifyPassword.mutationOptions(),
};

/** The keys a shell write makes stale. */
export const shellKeys = {
  edgeService: queries.getEdgeServiceByCommunityId.key,
};
