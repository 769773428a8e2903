// WeChat Pay API v3 on the wire, with node:crypto only (no client package: every step below is the
// gateway's published algorithm, and the callback checks must not depend on a package's defaults).
// - A request to the gateway carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
//   signature=…,timestamp=…,serial_no=…`, the signature being SHA256-RSA over
//   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` with the merchant's private key.
// - A callback (and every answer of the gateway) is signed by the platform: SHA256-RSA over
//   `TIMESTAMP\nNONCE\nBODY\n`, checked with the platform certificate's key that `Wechatpay-Serial`
//   names; a timestamp more than 300 s away from now is refused (a replayed callback).
// - A callback's `resource` is AEAD_AES_256_GCM: key = the merchant's APIv3 key (32 ASCII bytes),
//   IV = `nonce`, additional data = `associated_data`, ciphertext = base64(cipher ‖ 16-byte tag).
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from "node:crypto";

export const WECHATPAY_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** How far a signed timestamp may be from now, in seconds (the gateway's own window). */
export const WECHATPAY_CLOCK_WINDOW_S = 300;

type Key = KeyObject | string;

const rsaSign = (message: string, privateKey: Key): string => createSign("RSA-SHA256").update(message).sign(privateKey, "base64");

const rsaVerify = (message: string, signature: string, publicKey: Key): boolean => {
  try {
    return createVerify("RSA-SHA256").update(message).verify(publicKey, signature, "base64");
  } catch {
    return false; // a malformed signature or key is a failed check, never an exception
  }
};

export const nonce = (): string => randomBytes(16).toString("hex");

export interface RequestSigner {
  mchid: string;
  /** Serial number of the merchant's API certificate. */
  serialNo: string;
  privateKey: Key;
}

/** The Authorization header of a request to the gateway. `path` includes the query string. */
export function authorizationHeader(signer: RequestSigner, method: string, path: string, body: string, now = Date.now()): string {
  const timestamp = String(Math.floor(now / 1000));
  const nonceStr = nonce();
  const signature = rsaSign(`${method.toUpperCase()}\n${path}\n${timestamp}\n${nonceStr}\n${body}\n`, signer.privateKey);
  return `${WECHATPAY_SCHEMA} mchid="${signer.mchid}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${signer.serialNo}"`;
}

/** The parts of an Authorization header (the sandbox checks the requests it receives with them). */
export function parseAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${WECHATPAY_SCHEMA} `)) return null;
  const parts: Record<string, string> = {};
  for (const pair of header.slice(WECHATPAY_SCHEMA.length + 1).split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) return null;
    parts[pair.slice(0, at).trim()] = pair
      .slice(at + 1)
      .trim()
      .replace(/^"|"$/g, "");
  }
  return parts;
}

/** Checks a request's Authorization header against the merchant's public key (the sandbox's side). */
export function verifyAuthorization(header: string, method: string, path: string, body: string, publicKey: Key, now = Date.now()): boolean {
  const parts = parseAuthorization(header);
  if (!parts?.signature || !parts.timestamp || !parts.nonce_str) return false;
  if (!withinWindow(parts.timestamp, now)) return false;
  return rsaVerify(`${method.toUpperCase()}\n${path}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`, parts.signature, publicKey);
}

/** The `Wechatpay-*` headers of a signed callback or answer. */
export interface SignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

/** Signs a body as the platform does (the sandbox's side). */
export function signAsPlatform(body: string, privateKey: Key, serial: string, now = Date.now()): SignedHeaders {
  const timestamp = String(Math.floor(now / 1000));
  const nonceStr = nonce();
  return { timestamp, nonce: nonceStr, serial, signature: rsaSign(`${timestamp}\n${nonceStr}\n${body}\n`, privateKey) };
}

/** The signed headers of a request, by their wire names, or null when one is missing. */
export function signedHeadersOf(headers: Record<string, string | string[] | undefined>): SignedHeaders | null {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const timestamp = one("wechatpay-timestamp");
  const nonceStr = one("wechatpay-nonce");
  const signature = one("wechatpay-signature");
  const serial = one("wechatpay-serial");
  if (!timestamp || !nonceStr || !signature || !serial) return null;
  return { timestamp, nonce: nonceStr, signature, serial };
}

function withinWindow(timestamp: string, now: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Math.floor(now / 1000) - Number(timestamp)) <= WECHATPAY_CLOCK_WINDOW_S;
}

export type PlatformCheck = "ok" | "unknownSerial" | "staleTimestamp" | "badSignature";

/**
 * Checks a callback or answer signed by the platform. `platformKeys` maps a platform certificate's
 * serial to its public key; a serial not in it is refused (the merchant downloads new certificates,
 * it never trusts a key the message brings along).
 */
export function verifyPlatformSignature(headers: SignedHeaders, body: string, platformKeys: ReadonlyMap<string, Key>, now = Date.now()): PlatformCheck {
  const key = platformKeys.get(headers.serial);
  if (!key) return "unknownSerial";
  if (!withinWindow(headers.timestamp, now)) return "staleTimestamp";
  return rsaVerify(`${headers.timestamp}\n${headers.nonce}\n${body}\n`, headers.signature, key) ? "ok" : "badSignature";
}

export interface EncryptedResource {
  algorithm: "AEAD_AES_256_GCM";
  ciphertext: string;
  associated_data: string;
  original_type: string;
  nonce: string;
}

const GCM_TAG_BYTES = 16;

function apiV3Key(key: string): Buffer {
  const bytes = Buffer.from(key, "utf8");
  if (bytes.length !== 32) throw new Error("the APIv3 key must be 32 bytes");
  return bytes;
}

/** Encrypts a callback resource as the platform does (the sandbox's side). */
export function encryptResource(plain: string, key: string, associatedData: string, originalType = "transaction"): EncryptedResource {
  const iv = randomBytes(6).toString("hex"); // 12 characters, like the gateway's nonces
  const cipher = createCipheriv("aes-256-gcm", apiV3Key(key), Buffer.from(iv, "utf8"));
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: "AEAD_AES_256_GCM", ciphertext: sealed.toString("base64"), associated_data: associatedData, original_type: originalType, nonce: iv };
}

/** Decrypts a callback resource; null when the key, the data or the tag does not match. */
export function decryptResource(resource: Partial<EncryptedResource>, key: string): string | null {
  if (resource.algorithm !== "AEAD_AES_256_GCM" || typeof resource.ciphertext !== "string" || typeof resource.nonce !== "string") return null;
  try {
    const sealed = Buffer.from(resource.ciphertext, "base64");
    if (sealed.length <= GCM_TAG_BYTES) return null;
    const decipher = createDecipheriv("aes-256-gcm", apiV3Key(key), Buffer.from(resource.nonce, "utf8"));
    decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"));
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null; // wrong key, tampered ciphertext or tag: nothing is trusted
  }
}
