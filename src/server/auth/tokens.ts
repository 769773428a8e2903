// Random bearer tokens (session signatures, tickets); the database keeps only their SHA-256.
import { createHash, randomBytes } from "node:crypto";

export const newToken = (): string => randomBytes(32).toString("base64url");

export const sha256Hex = (text: string): string => createHash("sha256").update(text).digest("hex");
