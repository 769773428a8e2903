// spec §4 Navigation, as one pure decision per navigation; use-navigation-guards.ts applies it.
//   1. the workbench editing flag resets to false before every navigation;
//   2. error paths pass straight through;
//   3. the login route goes to the built-in login page /login, or to an outside safe-center login
//      page when one is configured (a keyed variant when the current URL contains /open/key);
//   4. with the local key-open flag set, every target but /open/key goes to /open/key;
//   5. off-patrol paths set patrolType 4, patrol paths 1;
//   6. a route with lc sends a click-tracking message;
//   7. a missing authority list goes to /login, a route whose code the user lacks to /error/403.
// Patrol type and tracking are only applied when the navigation goes ahead (not redirected).
import type { RouteDef } from "../../../generated/model-types.ts";
import { patrolTypeForPath, type PatrolType } from "./patrol-type.ts";
import { findRoute, routeAuthority } from "./route-match.ts";

export const LOGIN_PATH = "/login";
export const KEY_OPEN_PATH = "/open/key";
export const FORBIDDEN_PATH = "/error/403";

export interface NavigationTarget {
  /** Hash path without the query, e.g. /community/house. */
  path: string;
}

export interface NavigationState {
  routes: readonly RouteDef[];
  /** Authority codes from session storage; null when none are stored. */
  authorities: readonly string[] | null;
  /** The local key-open flag (storageKeys.keyOpen). */
  keyOpen: boolean;
  /** The whole current URL, to tell the keyed login variant (…/open/key…). */
  currentUrl: string;
  /** Outside safe-center login pages; absent by default, so /login is the built-in page. */
  safeCenterLoginUrl?: string;
  safeCenterKeyLoginUrl?: string;
}

export type NavigationEffect = { type: "resetWorkbenchEditing" } | { type: "setPatrolType"; patrolType: PatrolType } | { type: "track"; lc: string };

export type NavigationRedirect = { path: string } | { url: string };

export interface NavigationDecision {
  redirect?: NavigationRedirect;
  effects: NavigationEffect[];
}

export function isErrorPath(path: string): boolean {
  return path === "/error" || path.startsWith("/error/");
}

export function decideNavigation(to: NavigationTarget, state: NavigationState): NavigationDecision {
  const effects: NavigationEffect[] = [{ type: "resetWorkbenchEditing" }];
  const path = to.path || "/";

  if (isErrorPath(path)) return { effects };

  if (path === LOGIN_PATH) {
    const keyed = state.currentUrl.includes(KEY_OPEN_PATH);
    const outside = keyed ? state.safeCenterKeyLoginUrl || state.safeCenterLoginUrl : state.safeCenterLoginUrl;
    return outside ? { redirect: { url: outside }, effects } : { effects };
  }

  if (state.keyOpen && path !== KEY_OPEN_PATH) return { redirect: { path: KEY_OPEN_PATH }, effects };

  const route = findRoute(path, state.routes);
  if (route && !route.public) {
    if (!state.authorities) return { redirect: { path: LOGIN_PATH }, effects };
    const code = routeAuthority(route);
    if (code && !state.authorities.includes(code)) return { redirect: { path: FORBIDDEN_PATH }, effects };
  }

  const patrolType = patrolTypeForPath(path);
  if (patrolType !== null) effects.push({ type: "setPatrolType", patrolType });
  if (route?.lc) effects.push({ type: "track", lc: route.lc });
  return { effects };
}
