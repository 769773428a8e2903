// Login limits from the login_attempts table (shared by every app server on one database, so every
// server counts the same failures), within LOGIN_WINDOW_MS; a locked login answers HTTP 429
// LOGIN_LOCKED before the password is even checked:
// - an address that failed LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS times for a username is locked
//   for that username;
// - an address that failed LOGIN_MAX_FAILURES_PER_ADDRESS times, whatever the usernames, is locked
//   for all of them;
// - a username that failed LOGIN_MAX_FAILURES_PER_USER times from all addresses together is locked
//   for every address except its known ones (login_known_addresses: an address that signed in
//   successfully for it within LOGIN_KNOWN_ADDRESS_MS), so guesses at one account are capped however
//   many addresses send them, and its owner still gets in from an address used before.
// Every attempt is recorded as a failure before its password is checked, in one transaction with
// the check, under a lock per username: simultaneous guesses count too (the 11th of 25 sent at once
// is already refused). A successful login deletes its address's rows for the username again.
// Unknown usernames are counted and capped the same way, so a 429 tells nothing about who exists.
// Addresses are compared as given (IPv4) or by their /64 (IPv6): a host rotating addresses inside
// its own network counts as one address.
import { isIPv6 } from "node:net";
import type { Db, DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import {
  LOGIN_IPV6_PREFIX_HEXTETS,
  LOGIN_KNOWN_ADDRESS_MS,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_USER,
  LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS,
  LOGIN_WINDOW_MS,
} from "../platform/session/settings.ts";

/** Advisory lock class of the per-username lock (the second key is the username's hash). */
const LOGIN_LOCK_CLASS = 727_200;

/** `now()` minus ms milliseconds. */
const ago = (ms: number) => sql`now() - ${ms}::float8 * interval '1 millisecond'`;

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
    .map((g) => (g.includes(".") ? g : g.replace(/^0+(.)/, "$1")))
    .join(":")}::/64`;
}

/**
 * Records this login as a failure unless a limit locks it: true when it may go on to the password
 * check, false for HTTP 429. Check and record are one statement under a per-username lock held to the
 * transaction's end, so logins of one username (any server, any connection) are counted one by one.
 */
export async function reserveLoginAttempt(db: Db, username: string, ip: string): Promise<boolean> {
  const user = usernameKey(username);
  const address = addressKey(ip);
  return db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}, hashtext(${user}))`);
    const { rows } = await tx.query(sql`
      with counts as (
        select count(*) filter (where username_key = ${user} and ip = ${address}) as pair,
               count(*) filter (where username_key = ${user}) as per_user,
               count(*) filter (where ip = ${address}) as per_ip
          from login_attempts
         where (username_key = ${user} or ip = ${address}) and attempted_at > ${ago(LOGIN_WINDOW_MS)}
      )
      insert into login_attempts (username_key, ip)
      select ${user}, ${address} from counts
       where pair < ${LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS} and per_ip < ${LOGIN_MAX_FAILURES_PER_ADDRESS}
         and (per_user < ${LOGIN_MAX_FAILURES_PER_USER}
              or exists (select 1 from login_known_addresses
                          where username_key = ${user} and ip = ${address} and signed_in_at > ${ago(LOGIN_KNOWN_ADDRESS_MS)}))
      returning id`);
    return rows.length === 1;
  });
}

/**
 * A successful login forgets that pair's failures (its own reserved attempt among them) and old rows
 * of everyone, and makes its address a known one for the username.
 */
export async function recordLoginSuccess(db: DbSession, username: string, ip: string): Promise<void> {
  const user = usernameKey(username);
  const address = addressKey(ip);
  await db.query(sql`delete from login_attempts where (username_key = ${user} and ip = ${address}) or attempted_at <= ${ago(LOGIN_WINDOW_MS)}`);
  await db.query(sql`delete from login_known_addresses where signed_in_at <= ${ago(LOGIN_KNOWN_ADDRESS_MS)}`);
  await db.query(sql`insert into login_known_addresses (username_key, ip) values (${user}, ${address})
    on conflict (username_key, ip) do update set signed_in_at = now()`);
}
