// Login and session decisions (docs/server.md).

/** A session ends after 12 hours without a request (sliding), and 7 days after login at the latest. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen / expires_at are written at most once a minute per session, not on every request. */
export const SESSION_TOUCH_MS = 60 * 1000;
/**
 * Per-server cache of session lookups (auth/session-store.ts): how long a looked-up session is
 * reused without asking the database, and how many are kept. A session ended through another server
 * stays valid here for up to this long.
 */
export const SESSION_CACHE_MS = 5 * 1000;
export const SESSION_CACHE_MAX = 10_000;

/** The session cookie; the same token is the `signature` of the login answer and header. */
export const SESSION_COOKIE = "neptune_session";
export const SIGNATURE_HEADER = "signature";

/** Failed logins within the window that lock further attempts (HTTP 429 LOGIN_LOCKED). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS = 5;
export const LOGIN_MAX_FAILURES_PER_USER = 20;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;

/** getTicket: one-time, valid 5 minutes (docs/api.md). */
export const TICKET_TTL_MS = 5 * 60 * 1000;
