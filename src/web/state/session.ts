// What the session keeps (spec §3, §9): the signature, tenant id, user type, authorities, platform
// type (default hbl) and tenant home page in sessionStorage under the generated session keys; and
// the current user (GET {system}/homepage/user) in memory, observable by the shell and the pages.
import { useSyncExternalStore } from "react";
import { constants } from "../../../generated/constants.ts";
import { session } from "./storage.ts";
import { setCurrentCommunity } from "./community.ts";
import { scalarText } from "../../common/scalar-text.ts";

const keys = constants.sessionKeys;

export interface Authority {
  code: string;
  [key: string]: unknown;
}

/** GET {system}/homepage/user (docs/api.md). */
export interface CurrentUser {
  tenantId: number | string;
  tenantName?: string;
  userId: number | string;
  username: string;
  userType: string;
  signature?: string;
  applicationSceneName?: string;
  authorities: Authority[];
  webMenuList?: unknown[];
  enabledKanban?: boolean;
  phoneNumber?: string;
  companyShortName?: string;
  platformImg?: string;
  code?: string[];
  communityId?: number | string | null;
  communityName?: string | null;
  [key: string]: unknown;
}

/** POST /api/auth/login (docs/api.md). */
export interface LoginResult {
  signature: string;
  userId?: number | string;
  tenantId?: number | string;
  userType?: string;
  tenantHomePage?: string | null;
  platformType?: string | null;
}

function set(key: string, value: unknown): void {
  const storage = session();
  if (value === undefined || value === null || value === "") storage.removeItem(key);
  else storage.setItem(key, scalarText(value));
}

export const getSignature = (): string => session().getItem(keys.signature) ?? "";
export const getTenantId = (): string | null => session().getItem(keys.tenantId);
export const getUserType = (): string | null => session().getItem(keys.userType);
export const getPlatformType = (): string => session().getItem(keys.platformType) || constants.defaultPlatformType;
export const getTenantHomePage = (): string | null => session().getItem(keys.tenantHomePage);
export const hasSession = (): boolean => getSignature() !== "";

/** Stores what the login call returned (spec §3 "Session keeps ..."). */
export function saveLogin(result: LoginResult): void {
  set(keys.signature, result.signature);
  set(keys.tenantId, result.tenantId);
  set(keys.userType, result.userType);
  set(keys.platformType, result.platformType || constants.defaultPlatformType);
  set(keys.tenantHomePage, result.tenantHomePage);
}

/**
 * Authority codes from a list of {code} (spec §3; permissionCode also appears) or plain strings.
 * null when the entry is missing or unreadable (spec §6: a missing list redirects to login).
 */
export function parseAuthorityCodes(raw: string | null | undefined): string[] | null {
  if (raw == null || raw === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const codes: string[] = [];
  for (const item of value) {
    if (typeof item === "string") codes.push(item);
    else if (item && typeof item === "object") {
      const { code, permissionCode } = item as { code?: unknown; permissionCode?: unknown };
      if (typeof code === "string") codes.push(code);
      else if (typeof permissionCode === "string") codes.push(permissionCode);
    }
  }
  return codes;
}

/** The user's authority codes; null when none are stored. */
export const getAuthorities = (): string[] | null => parseAuthorityCodes(session().getItem(keys.authorities));

export function saveAuthorities(authorities: readonly (Authority | string)[]): void {
  const list = authorities.map((a) => (typeof a === "string" ? { code: a } : a));
  session().setItem(keys.authorities, JSON.stringify(list));
}

// ---- the current user ------------------------------------------------------------------------------

type Listener = (user: CurrentUser | null) => void;
const listeners = new Set<Listener>();
let currentUser: CurrentUser | null = null;

export const getCurrentUser = (): CurrentUser | null => currentUser;

export function setCurrentUser(user: CurrentUser | null): void {
  currentUser = user;
  if (user) {
    set(keys.tenantId, user.tenantId);
    set(keys.userType, user.userType);
    if (Array.isArray(user.authorities)) saveAuthorities(user.authorities);
  }
  for (const listener of [...listeners]) listener(user);
}

export function subscribeCurrentUser(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribeCurrentUser, getCurrentUser, getCurrentUser);
}

/** Ends the session on this side: storage and the cached user. */
export function clearSession(): void {
  session().clear();
  setCurrentUser(null);
}

/** Signing out on this side (the shell's 退出登录 and the auth provider's logout): the session ends and the current community is forgotten. */
export function endLocalSession(): void {
  clearSession();
  // The next person on this browser may be of another tenant: it starts from its own last
  // community, never with this one's name in the header (or its id sent along).
  setCurrentCommunity(null);
}
