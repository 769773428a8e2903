// Random secrets (session tokens and signatures, tickets); the database keeps only their SHA-256.
import { hash, randomBytes, timingSafeEqual } from "node:crypto";

export const newToken = (): string => randomBytes(32).toString("base64url");

/** One-shot hashing (crypto.hash): the guard hashes the request's token and signature on every call. */
export const sha256Hex = (text: string): string => hash("sha256", text, "hex");

/** Two SHA-256 hex digests are equal, compared in constant time (false for anything not a digest). */
export function sameDigest(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== "string" || typeof b !== "string" || a.length !== 64 || b.length !== 64) return false;
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}
