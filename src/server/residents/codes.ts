// The residents' sign-in codes (docs/residents.md "Sign-in"): issued by sendSmsCode, checked by
// residentLogin. Whatever the SMS provider, the table sms_codes keeps only a salted SHA-256 of a
// code, never the code: with a real gateway nobody can read a code back; with the built-in provider
// its message text sits in the outbox (短信记录) for the demo and the tests.
// - A code is 6 digits, valid SMS_CODE_TTL_MS (5 minutes); only the phone's newest code counts.
// - It allows SMS_CODE_MAX_TRIES (5) tries: each try counts before it is compared; the 6th, right
//   or wrong, is refused with SMS_CODE_TRIES_EXCEEDED and a new code must be asked for.
// - Sending is limited per phone (one a minute, 5 an hour) and per address (20 an hour); trying is
//   limited per phone and per address by the failures of the last 15 minutes (settings.ts).
// Each send and each try runs in one transaction under a lock per tenant and phone, so requests sent
// together are counted one by one (as the staff login's throttle does, auth/login-throttle.ts).
import { randomBytes, randomInt } from "node:crypto";
import type { Db, DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";
import { sameDigest, sha256Hex } from "../platform/session/tokens.ts";
import { addressKey } from "../auth/login-throttle.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import type { SmsProvider } from "./sms.ts";
import {
  RESIDENT_LOGIN_MAX_FAILURES_PER_ADDRESS,
  RESIDENT_LOGIN_MAX_FAILURES_PER_PHONE,
  RESIDENT_LOGIN_WINDOW_MS,
  SMS_CODE_DIGITS,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
  SMS_MAX_SENDS_PER_ADDRESS,
  SMS_MAX_SENDS_PER_PHONE,
  SMS_RESEND_INTERVAL_MS,
  SMS_SEND_WINDOW_MS,
} from "./settings.ts";

/** Advisory lock class of the per-phone lock (the second key is the tenant and phone's hash). */
const SMS_LOCK_CLASS = 727_300;

const ago = (ms: number) => sql`now() - ${String(ms)}::float8 * interval '1 millisecond'`;
const lockPhone = (tx: DbSession, tenantId: number, phone: string) => tx.query(sql`select pg_advisory_xact_lock(${SMS_LOCK_CLASS}, hashtext(${`${tenantId}:${phone}`}))`);
const digestOf = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

/** A new code: SMS_CODE_DIGITS random digits. */
export const newSmsCode = (): string => String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, "0");

interface SendInput {
  tenantId: number;
  phone: string;
  ip: string;
}

/** Issues a code for the phone and sends it; SMS_SEND_TOO_OFTEN past a limit, RESIDENT_TENANT_UNKNOWN for no such tenant. */
export async function sendSignInCode(db: Db, provider: SmsProvider, { tenantId, phone, ip }: SendInput): Promise<void> {
  const { rows: tenants } = await db.query<{ name: string }>(sql`select name from tenants where id = ${tenantId}`);
  if (!tenants[0]) throw apiError("RESIDENT_TENANT_UNKNOWN");
  const address = addressKey(ip);
  await db.transaction(async (tx) => {
    await lockPhone(tx, tenantId, phone);
    const { rows } = await tx.query<{ recent: number; per_phone: number; per_ip: number }>(sql`
      select count(*) filter (where tenant_id = ${tenantId} and phone = ${phone} and created_at > ${ago(SMS_RESEND_INTERVAL_MS)})::int as recent,
             count(*) filter (where tenant_id = ${tenantId} and phone = ${phone})::int as per_phone,
             count(*) filter (where ip = ${address})::int as per_ip
        from sms_codes
       where ((tenant_id = ${tenantId} and phone = ${phone}) or ip = ${address}) and created_at > ${ago(SMS_SEND_WINDOW_MS)}`);
    const counts = rows[0];
    if (counts.recent > 0 || counts.per_phone >= SMS_MAX_SENDS_PER_PHONE || counts.per_ip >= SMS_MAX_SENDS_PER_ADDRESS) throw apiError("SMS_SEND_TOO_OFTEN");
    await tx.query(sql`delete from sms_codes where created_at <= ${ago(SMS_SEND_WINDOW_MS)}`);
    // Only the newest code counts: the earlier ones of the phone end now.
    await tx.query(sql`update sms_codes set used_at = now() where tenant_id = ${tenantId} and phone = ${phone} and used_at is null`);
    const code = newSmsCode();
    const salt = randomBytes(16).toString("hex");
    await tx.query(sql`insert into sms_codes (tenant_id, phone, ip, salt, code_hash, expires_at)
      values (${tenantId}, ${phone}, ${address}, ${salt}, ${digestOf(salt, code)}, now() + ${String(SMS_CODE_TTL_MS)}::float8 * interval '1 millisecond')`);
    const text = fillTexts.residents.smsCode({ tenant: tenants[0].name, code, minutes: String(SMS_CODE_TTL_MS / 60_000) });
    await provider.send(tx, { tenantId, phone, text });
  });
}

interface CheckInput extends SendInput {
  code: string;
}

type Outcome = "ok" | "SMS_CODE_INVALID" | "SMS_CODE_TRIES_EXCEEDED" | "RESIDENT_LOGIN_LOCKED";

/**
 * Checks the phone's code and uses it up; throws SMS_CODE_INVALID (wrong, expired or none),
 * SMS_CODE_TRIES_EXCEEDED (its tries used up) or RESIDENT_LOGIN_LOCKED (too many failures of the
 * phone or the address). A failure is recorded (the transaction commits) before it is answered.
 */
export async function useSignInCode(db: Db, { tenantId, phone, ip, code }: CheckInput): Promise<void> {
  const address = addressKey(ip);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    await lockPhone(tx, tenantId, phone);
    const { rows: counts } = await tx.query<{ per_phone: number; per_ip: number }>(sql`
      select count(*) filter (where tenant_id = ${tenantId} and phone = ${phone})::int as per_phone,
             count(*) filter (where ip = ${address})::int as per_ip
        from resident_login_attempts
       where ((tenant_id = ${tenantId} and phone = ${phone}) or ip = ${address}) and attempted_at > ${ago(RESIDENT_LOGIN_WINDOW_MS)}`);
    if (counts[0].per_phone >= RESIDENT_LOGIN_MAX_FAILURES_PER_PHONE || counts[0].per_ip >= RESIDENT_LOGIN_MAX_FAILURES_PER_ADDRESS) return "RESIDENT_LOGIN_LOCKED";
    const failed = async (answer: Outcome): Promise<Outcome> => {
      await tx.query(sql`insert into resident_login_attempts (tenant_id, phone, ip) values (${tenantId}, ${phone}, ${address})`);
      return answer;
    };
    const { rows } = await tx.query<{ id: number; salt: string; code_hash: string; tries: number; live: boolean }>(sql`
      select id, salt, code_hash, tries, expires_at > now() as live from sms_codes
       where tenant_id = ${tenantId} and phone = ${phone} and used_at is null
       order by created_at desc, id desc limit 1`);
    const row = rows[0];
    if (!row || !row.live) return failed("SMS_CODE_INVALID");
    if (row.tries >= SMS_CODE_MAX_TRIES) return failed("SMS_CODE_TRIES_EXCEEDED");
    const right = sameDigest(row.code_hash, digestOf(row.salt, code));
    await tx.query(sql`update sms_codes set tries = tries + 1, used_at = case when ${right}::boolean then now() else null end where id = ${row.id}`);
    if (!right) return failed("SMS_CODE_INVALID");
    await tx.query(sql`delete from resident_login_attempts where (tenant_id = ${tenantId} and phone = ${phone} and ip = ${address}) or attempted_at <= ${ago(RESIDENT_LOGIN_WINDOW_MS)}`);
    return "ok";
  });
  if (outcome !== "ok") throw apiError(outcome);
}
