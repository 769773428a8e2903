// Password hashing with node:crypto scrypt (async: the work runs on libuv's thread pool, never on the
// event loop) at the OWASP cost: N = 2^17, r = 8, p = 1 (128 MiB and, on the test machines, about
// 0.7 s per hash). Stored as "scrypt$N$r$p$salt$hash" (base64url), so every hash says how it was made:
// hashes of an older, weaker cost (N = 16384 before) still verify, and needsRehash() tells the login
// to store the password again at today's cost. Compared in constant time.
// The project's own test runs (NODE_ENV=test) may lower N with NEPTUNE_TEST_SCRYPT_N (passwordCost):
// the suite signs in thousands of times, and each sign-in at the real cost is 0.7 s of a core. Any
// other process ignores it; the password spec's hashing tests run at the real cost.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Today's cost (OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1). */
export const SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** The largest cost a stored hash may ask for (2^20 · 8 · 128 B = 1 GiB); anything above is refused, not run. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs about 128·N·r bytes; maxmem leaves room over that (Node's default, 32 MiB, is too little for N = 2^17). */
const memoryFor = ({ N, r, p }: ScryptCost) => 128 * N * r + 128 * r * p + 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFC"), salt, keylen, { N: cost.N, r: cost.r, p: cost.p, maxmem: memoryFor(cost) }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

interface ParsedHash extends ScryptCost {
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** The parts of a stored hash, or null when it is not one this module made (or asks for an unreasonable cost). */
function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((t) => (/^\d{1,8}$/.test(t) ? Number(t) : NaN));
  if (!isPowerOfTwo(N) || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return null;
  const salt = Buffer.from(parts[4], "base64url");
  const key = Buffer.from(parts[5], "base64url");
  if (!salt.length || key.length < 16) return null;
  return { N, r, p, salt, key };
}

function formatHash(cost: ScryptCost, salt: Buffer, key: Buffer): string {
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** The lowest N a test run may ask for (NEPTUNE_TEST_SCRYPT_N). */
const MIN_TEST_N = 2 ** 10;

/**
 * The cost new hashes get and the login compares with: SCRYPT_COST, or in a test run (NODE_ENV=test)
 * a lower N from NEPTUNE_TEST_SCRYPT_N (a power of two from 2^10 below 2^17; anything else is ignored).
 */
export function passwordCost(env: NodeJS.ProcessEnv = process.env): Readonly<ScryptCost> {
  if (env.NODE_ENV !== "test" || !env.NEPTUNE_TEST_SCRYPT_N) return SCRYPT_COST;
  const N = Number(env.NEPTUNE_TEST_SCRYPT_N);
  return isPowerOfTwo(N) && N >= MIN_TEST_N && N < SCRYPT_COST.N ? { ...SCRYPT_COST, N } : SCRYPT_COST;
}

/** A hash of the password at today's cost (or at `cost`: tests make hashes of an older cost). */
export async function hashPassword(password: string, cost: ScryptCost = passwordCost()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  return formatHash(cost, salt, await scrypt(password, salt, KEY_LENGTH, cost));
}

/**
 * Checked when the user does not exist (or has no usable hash), at today's cost, so an unknown name
 * costs the same time as a wrong password.
 */
const dummyHash = (cost: ScryptCost): ParsedHash => ({ ...cost, salt: Buffer.alloc(SALT_LENGTH), key: Buffer.alloc(KEY_LENGTH) });

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  const used = parsed ?? dummyHash(passwordCost());
  const key = await scrypt(password, used.salt, used.key.length, used);
  return parsed !== null && timingSafeEqual(key, used.key);
}

/** The stored hash was made at a weaker cost than today's (or another key length): store the password again. */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) return false;
  const cost = passwordCost();
  return parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p || parsed.key.length !== KEY_LENGTH;
}
