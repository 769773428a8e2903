// What the residents' app keeps in the browser (localStorage): the tenant of its address (so the
// installed app, opened at /neptune/h5/ without one, still knows it) and who signed in (name and
// masked phone, for 我的). The session itself is the httpOnly cookie the server sets.
import { mask } from "../common/masks.ts";

const TENANT_KEY = "neptune-h5-tenant";
const RESIDENT_KEY = "neptune-h5-resident";

export interface SignedIn {
  tenantId: number;
  name: string | null;
  phone: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the app still works, it asks again next time.
  }
}

/** The tenant of ?tenant=<id> (a positive integer), else the one remembered; null when neither. */
export function tenantFrom(search: URLSearchParams): number | null {
  const given = search.get("tenant");
  if (given && /^[1-9]\d{0,9}$/.test(given)) {
    write(TENANT_KEY, given);
    return Number(given);
  }
  const kept = read(TENANT_KEY);
  return kept ? Number(kept) : null;
}

export function signedIn(): SignedIn | null {
  try {
    return JSON.parse(read(RESIDENT_KEY) ?? "null") as SignedIn | null;
  } catch {
    return null;
  }
}

export function rememberSignIn(who: { tenantId: number; name: string | null; phone: string }): void {
  write(RESIDENT_KEY, JSON.stringify({ tenantId: who.tenantId, name: who.name, phone: mask("phone", who.phone) }));
}

export function forgetSignIn(): void {
  write(RESIDENT_KEY, null);
}
