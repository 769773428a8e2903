// Refine auth provider (spec §3, §6, §7; docs/api.md "Login and session"):
//   login   POST /api/auth/login {username, password} → the session keys in sessionStorage, then the
//           current user (its authorities) from GET {system}/homepage/user;
//   check   a stored signature and a working GET {system}/homepage/user; a 500 / network failure
//           of that call is the startup failure of spec §4 (error page 500);
//   logout  GET {system}/homepage/web/logout (tenantId), then the session is cleared.
import type { AuthProvider } from "@refinedev/core";
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";
import type { RouteDef } from "../../../generated/model-types.ts";
import { routes } from "../../../generated/routes.ts";
import { RequestError } from "../http/request.ts";
import { notices } from "../ui/notices.ts";
// Refine's contract for an auth provider is a set of async functions: they call the client itself, and
// Refine's own hooks (useLogin, useLogout, useIsAuthenticated, useGetIdentity) run them as react-query
// mutations and queries; the login page, outside Refine, calls login directly.
import { api } from "../http/api.ts";
import { getCurrentCommunity, getCurrentCommunityId, setCurrentCommunity } from "../state/community.ts";
import { setSceneName } from "../state/scene.ts";
import {
  clearSession,
  endLocalSession,
  getAuthorities,
  getCurrentUser,
  getTenantId,
  hasSession,
  parseAuthorityCodes,
  saveLogin,
  setCurrentUser,
  type CurrentUser,
  type LoginResult,
} from "../state/session.ts";

export const LOGIN_PATH = "/login";
export const HOME_PATH = "/workbench/benchlayout";
export const STARTUP_ERROR_PATH = "/error/500";

let userLoading: Promise<CurrentUser> | null = null;

/**
 * Loads the current user (once; `force` reloads, e.g. after the community changes) and keeps it in
 * the session state; also takes the scene name and, when none is chosen yet, the user's community.
 */
export function loadCurrentUser(options: { force?: boolean; showError?: (text: string) => void } = {}): Promise<CurrentUser> {
  const cached = getCurrentUser();
  if (cached && !options.force) return Promise.resolve(cached);
  if (userLoading && !options.force) return userLoading;
  const communityId = getCurrentCommunityId();
  const loading = api
    .getCurrentUser({ query: communityId == null ? {} : { communityId: Number(communityId) } }, options.showError ? { showError: options.showError } : undefined)
    .then((data) => {
      const user = data as unknown as CurrentUser;
      if (!user || typeof user !== "object") throw new RequestError({ kind: "business", message: messages.startupFailed, code: null, status: 200 });
      setCurrentUser(user);
      setSceneName(user.applicationSceneName || constants.defaultSceneName);
      if (!getCurrentCommunity()?.communityId && user.communityId != null) {
        setCurrentCommunity({ communityId: user.communityId, communityName: user.communityName ?? "" });
      }
      return user;
    })
    .finally(() => {
      if (userLoading === loading) userLoading = null;
    });
  userLoading = loading;
  return loading;
}

/**
 * Where to go after login: the workbench when the user may open it, else the first menu route the
 * user may open (a staff account without the workbench code would otherwise land on 403).
 */
export function homePath(authorities: readonly string[] | null = getAuthorities()): string {
  const codes = authorities ?? [];
  const allowed = (r: RouteDef) => {
    const code = r.code ?? r.authority;
    return !code || codes.includes(code);
  };
  const workbench = routes.find((r) => r.path === HOME_PATH);
  if (workbench && allowed(workbench)) return HOME_PATH;
  const first = routes.find((r) => r.inMenu && !r.outsideFrame && !r.external && !r.path.includes(":") && allowed(r));
  return first?.path ?? HOME_PATH;
}

/**
 * A same-origin path: "/" followed by neither "/" nor "\" (browsers read "/\evil.com" as "//evil.com"),
 * without control characters (the URL parser drops tabs and newlines: "/\t/evil.com"), and the
 * same once decoded (a target that is decoded again: "/%5Cevil.com").
 */
const samePath = (target: string) => /^\/(?![/\\])/.test(target) && ![...target].some((c) => c <= "\u001f" || c === "\u007f");

/** A redirect target from the URL, kept only when it is a path inside the app (no open redirect). */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== "string" || !samePath(target)) return undefined;
  try {
    if (!samePath(decodeURIComponent(target))) return undefined;
  } catch {
    return undefined; // not decodable: no path of ours
  }
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return undefined;
  return target;
}

function failureKind(error: unknown): string {
  return error instanceof RequestError ? error.kind : "network";
}

export const authProvider: AuthProvider = {
  /**
   * On failure the wrapper has shown why (with params.showError: there, the login page's alert, with no
   * loading mask: the page shows its button busy); a failing user call after a good login is the
   * startup failure (→ /error/500).
   */
  async login(params: { username?: string; password?: string; redirect?: string; showError?: (text: string) => void } = {}) {
    const failed = (error: unknown, redirectTo?: string) => ({
      success: false,
      ...(redirectTo ? { redirectTo } : {}),
      error: { name: "登录失败", message: (error as Error).message, statusCode: (error as RequestError).status ?? 0 },
    });
    let result: LoginResult;
    try {
      const shown = params.showError ? { showError: params.showError } : { loading: "登录中..." };
      result = await api.login({ body: { username: params.username?.trim(), password: params.password } }, shown);
      if (!result?.signature) throw new RequestError({ kind: "business", message: messages.startupFailed, code: null, status: 200 });
    } catch (error) {
      return failed(error);
    }
    clearSession();
    saveLogin(result);
    try {
      const user = await loadCurrentUser({ force: true, showError: params.showError });
      const codes = parseAuthorityCodes(JSON.stringify(user.authorities ?? []));
      return { success: true, redirectTo: safeRedirect(params.redirect) ?? homePath(codes) };
    } catch (error) {
      return failed(error, failureKind(error) === "unauthorized" ? undefined : STARTUP_ERROR_PATH);
    }
  },

  async check() {
    if (!hasSession()) return { authenticated: false, redirectTo: LOGIN_PATH, logout: true };
    try {
      await loadCurrentUser();
      return { authenticated: true };
    } catch (error) {
      const kind = failureKind(error);
      // spec §8: the session ended → login (the wrapper has already said so and will redirect).
      if (kind === "unauthorized") return { authenticated: false, redirectTo: LOGIN_PATH, logout: true };
      // spec §4 / §8: startup failure → error page 500, 服务器异常，请联系管理员.
      return { authenticated: false, redirectTo: STARTUP_ERROR_PATH, error: { name: "500", message: messages.startupFailed, statusCode: 500 } };
    }
  },

  /** Ends the session. With notify (default), shows 已登出 and waits 1 s before the redirect (spec §4). */
  async logout(params: { notify?: boolean } = {}) {
    const tenantId = getTenantId();
    try {
      await api.logout({ query: tenantId ? { tenantId: Number(tenantId) } : {} }, { silent: true });
    } catch {
      // The session is ended on this side whatever the server says.
    }
    endLocalSession();
    if (params.notify !== false) {
      notices.success(messages.loggedOut);
      await new Promise((resolve) => setTimeout(resolve, constants.logoutRedirectDelayMs));
    }
    return { success: true, redirectTo: LOGIN_PATH };
  },

  // The request wrapper already handles 401 (message, redirect, 1 s suppression): nothing more here.
  async onError(error: unknown) {
    return { error: error as Error };
  },

  async getIdentity() {
    if (!hasSession()) return null;
    try {
      return await loadCurrentUser();
    } catch {
      return null;
    }
  },

  async getPermissions() {
    return getAuthorities() ?? [];
  },
};
