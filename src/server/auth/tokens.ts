// Random bearer tokens (session signatures, tickets); the database keeps only their SHA-256.
import { hash, randomBytes } from "node:crypto";

export const newToken = (): string => randomBytes(32).toString("base64url");

/** One-shot hashing (crypto.hash): the guard hashes the request's token on every call. */
export const sha256Hex = (text: string): string => hash("sha256", text, "hex");
