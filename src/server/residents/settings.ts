// The residents' sign-in limits (docs/residents.md "Sign-in").

/** A code: 6 digits, valid 5 minutes, at most 5 tries (the 6th, even right, is refused). */
export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_TRIES = 5;

/** Sending: one code per phone per minute, 5 per phone per hour, 20 per address per hour. */
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_SEND_WINDOW_MS = 60 * 60 * 1000;
export const SMS_MAX_SENDS_PER_PHONE = 5;
export const SMS_MAX_SENDS_PER_ADDRESS = 20;

/**
 * Trying: failed sign-ins are counted within 15 minutes; a phone with 10 failures from all
 * addresses together, or an address with 30 whatever the phones, is refused (RESIDENT_LOGIN_LOCKED)
 * before its code is even looked at.
 */
export const RESIDENT_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const RESIDENT_LOGIN_MAX_FAILURES_PER_PHONE = 10;
export const RESIDENT_LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
