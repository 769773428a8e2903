// The authority codes of a user: the main account (userType "0") has every code of
// generated/permissions.ts; any other user has its role's (characters.authorities).
import { allAuthorityCodes } from "../../../../generated/permissions.ts";

export const MAIN_ACCOUNT = "0";

/** characters.authorities holds codes, as strings or as {code} objects. */
export function roleCodes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item === "string") out.push(item);
    else if (item && typeof item === "object" && typeof (item as { code?: unknown }).code === "string") out.push((item as { code: string }).code);
  }
  return out;
}

export function authoritiesOf(userType: string | null, role: unknown): string[] {
  if (userType === MAIN_ACCOUNT) return [...allAuthorityCodes];
  return [...new Set(roleCodes(role))];
}
