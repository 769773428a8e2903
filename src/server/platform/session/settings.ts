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

/**
 * The session cookie (httpOnly: scripts never see its token) and the header carrying the session's
 * signature (the login answer's `signature`, kept in session storage): a second random value of the
 * session, not the cookie's token. Every call needs both, matching (auth/session-store.ts).
 */
export const SESSION_COOKIE = "neptune_session";
export const SIGNATURE_HEADER = "signature";

/** Failed logins are counted within this window (table login_attempts, shared by every server). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** An address that failed this often for one username is locked for that username (HTTP 429 LOGIN_LOCKED). */
export const LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS = 5;
/** An address that failed this often, whatever the usernames, is locked for every username. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
/**
 * A username that failed this often from all addresses together is locked (HTTP 429 LOGIN_LOCKED)
 * for every address except those that signed in successfully for it within LOGIN_KNOWN_ADDRESS_MS:
 * guesses are capped, and its owner, from an address used before, still gets in.
 */
export const LOGIN_MAX_FAILURES_PER_USER = 10;
export const LOGIN_KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** IPv6 addresses are counted per /64 (one subscriber's network): rotating inside it gains nothing. */
export const LOGIN_IPV6_PREFIX_HEXTETS = 4;

/** getTicket: one-time, valid 5 minutes (docs/api.md). */
export const TICKET_TTL_MS = 5 * 60 * 1000;
