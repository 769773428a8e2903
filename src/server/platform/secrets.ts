// Secrets at rest (merchants' APIv3 and private keys, webhook signing secrets): AES-256-GCM under the server's secrets key,
// each value with its own random IV, stored as `v1:<iv>:<ciphertext+tag>` (base64). The key comes
// from MERCHANT_SECRETS_KEY (64 hex characters), or from the file `merchant-secrets.key` in the data
// folder, made at first start with mode 0600. A value that does not open under the key (another
// server's key, a tampered row) reads as null: the merchant must be configured again, nothing is
// guessed.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const VERSION = "v1";
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string | null | undefined): string | null;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the merchant secrets key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${iv.toString("base64")}:${sealed.toString("base64")}`;
    },
    open(sealed) {
      const [version, iv, body] = (sealed ?? "").split(":");
      if (version !== VERSION || !iv || !body) return null;
      try {
        const bytes = Buffer.from(body, "base64");
        if (bytes.length < TAG_BYTES) return null;
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

const KEY_FILE = "merchant-secrets.key";

/** The server's secrets key: MERCHANT_SECRETS_KEY, else the data folder's key file (made when missing). */
export function secretsKey(dataDir: string, fromEnv = process.env.MERCHANT_SECRETS_KEY): Buffer {
  if (fromEnv) {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) throw new Error("MERCHANT_SECRETS_KEY must be 64 hexadecimal characters");
    return Buffer.from(fromEnv, "hex");
  }
  const file = join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, randomBytes(32).toString("hex"), { mode: 0o600 });
    renameSync(partial, file);
  }
  const text = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${KEY_FILE} must hold 64 hexadecimal characters`);
  return Buffer.from(text, "hex");
}

let processKey: Buffer | undefined;

/** The process's secrets key, read once: each server has one data folder; tests share one per process (their apps seal and open each other's values). */
export function processSecretsKey(dataDir: string): Buffer {
  return (processKey ??= secretsKey(dataDir));
}
