// Login rate limiting from the login_attempts table (shared by every app server): failures within
// the window per username + address, per username and per address. Locked logins answer HTTP 429
// LOGIN_LOCKED before the password is even checked.
import type { DbSession } from "../db/types.ts";
import { LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_USER, LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS, LOGIN_WINDOW_MS } from "./settings.ts";

export const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 64);

export async function isLoginLocked(db: DbSession, username: string, ip: string): Promise<boolean> {
  const { rows } = await db.query<{ pair: number; per_user: number; per_ip: number }>(
    `select count(*) filter (where username_key = $1 and ip = $2)::int as pair,
            count(*) filter (where username_key = $1)::int as per_user,
            count(*) filter (where ip = $2)::int as per_ip
       from login_attempts
      where (username_key = $1 or ip = $2) and attempted_at > now() - ($3 || ' milliseconds')::interval`,
    [usernameKey(username), ip, String(LOGIN_WINDOW_MS)],
  );
  const r = rows[0];
  return r.pair >= LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS || r.per_user >= LOGIN_MAX_FAILURES_PER_USER || r.per_ip >= LOGIN_MAX_FAILURES_PER_ADDRESS;
}

export async function recordLoginFailure(db: DbSession, username: string, ip: string): Promise<void> {
  await db.query("insert into login_attempts (username_key, ip) values ($1, $2)", [usernameKey(username), ip]);
}

/** A successful login forgets that pair's failures and old rows of everyone. */
export async function clearLoginFailures(db: DbSession, username: string, ip: string): Promise<void> {
  await db.query("delete from login_attempts where (username_key = $1 and ip = $2) or attempted_at <= now() - ($3 || ' milliseconds')::interval", [usernameKey(username), ip, String(LOGIN_WINDOW_MS)]);
}
