// Login limits from the login_attempts table (shared by every app server on one database, so every
// server counts the same failures), within LOGIN_WINDOW_MS:
// - an address that failed LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS times for a username is locked
//   for that username (HTTP 429 LOGIN_LOCKED, before the password is even checked);
// - an address that failed LOGIN_MAX_FAILURES_PER_ADDRESS times, whatever the usernames, is locked
//   for all of them;
// - failures for a username spread over many addresses never lock it: that would let anyone who
//   knows a username lock its owner out. Past LOGIN_SLOWDOWN_AFTER_FAILURES each login of that
//   username waits (a timer: no connection, transaction or thread is held meanwhile) before the
//   password is checked, LOGIN_SLOWDOWN_BASE_MS doubling with every further failure up to
//   LOGIN_SLOWDOWN_MAX_MS, so the owner, from an address that has not failed, still gets in.
// Addresses are compared as given (IPv4) or by their /64 (IPv6): a host rotating addresses inside
// its own network counts as one address.
import { setTimeout as sleep } from "node:timers/promises";
import { isIPv6 } from "node:net";
import type { DbSession } from "../db/types.ts";
import {
  LOGIN_IPV6_PREFIX_HEXTETS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS,
  LOGIN_SLOWDOWN_AFTER_FAILURES,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
  LOGIN_WINDOW_MS,
} from "./settings.ts";

export const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 64);

/** The address as counted: IPv4 (an IPv4-mapped IPv6 address too) as is, IPv6 by its /64. */
export function addressKey(ip: string): string {
  const text = (ip ?? "").trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped) return mapped[1];
  if (!isIPv6(text)) return text.slice(0, 64);
  const [head, tail = ""] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = text.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, LOGIN_IPV6_PREFIX_HEXTETS)
    .map((g) => (g.includes(".") ? g : g.replace(/^0+(?=.)/, "")))
    .join(":")}::/64`;
}

/** How long a login of a username waits after this many failures for it (any addresses) in the window. */
export function loginDelayMs(failures: number): number {
  if (!(failures >= LOGIN_SLOWDOWN_AFTER_FAILURES)) return 0;
  const steps = Math.min(failures - LOGIN_SLOWDOWN_AFTER_FAILURES, 30);
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_BASE_MS * 2 ** steps);
}

export interface LoginThrottle {
  /** This address may not try this username now (HTTP 429). */
  locked: boolean;
  /** Else: wait this long before checking the password. */
  delayMs: number;
}

export async function loginThrottle(db: DbSession, username: string, ip: string): Promise<LoginThrottle> {
  const { rows } = await db.query<{ pair: number; per_user: number; per_ip: number }>(
    `select count(*) filter (where username_key = $1 and ip = $2)::int as pair,
            count(*) filter (where username_key = $1)::int as per_user,
            count(*) filter (where ip = $2)::int as per_ip
       from login_attempts
      where (username_key = $1 or ip = $2) and attempted_at > now() - ($3 || ' milliseconds')::interval`,
    [usernameKey(username), addressKey(ip), String(LOGIN_WINDOW_MS)],
  );
  const r = rows[0];
  const locked = r.pair >= LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS || r.per_ip >= LOGIN_MAX_FAILURES_PER_ADDRESS;
  return { locked, delayMs: locked ? 0 : loginDelayMs(r.per_user) };
}

/** Waits out a login's delay on a timer (nothing else is held meanwhile). */
export async function waitLoginDelay(throttle: LoginThrottle): Promise<void> {
  if (throttle.delayMs > 0) await sleep(throttle.delayMs);
}

export async function recordLoginFailure(db: DbSession, username: string, ip: string): Promise<void> {
  await db.query("insert into login_attempts (username_key, ip) values ($1, $2)", [usernameKey(username), addressKey(ip)]);
}

/** A successful login forgets that pair's failures and old rows of everyone. */
export async function clearLoginFailures(db: DbSession, username: string, ip: string): Promise<void> {
  await db.query("delete from login_attempts where (username_key = $1 and ip = $2) or attempted_at <= now() - ($3 || ' milliseconds')::interval", [
    usernameKey(username),
    addressKey(ip),
    String(LOGIN_WINDOW_MS),
  ]);
}
