// Alipay's open platform on the wire (RSA2), with node:crypto only.
// - A request's parameters (app_id, method, charset, sign_type=RSA2, timestamp, version,
//   biz_content, notify_url…) are signed: every parameter but `sign` with a non-empty value, sorted
//   by name, joined as `name=value` with `&`, SHA256-RSA with the application's private key, base64.
// - An asynchronous notification (application/x-www-form-urlencoded) is checked the same way with
//   Alipay's public key, leaving out both `sign` and `sign_type`; it is acknowledged with the plain
//   text `success` (anything else makes Alipay send it again).
import { createSign, createVerify, type KeyObject } from "node:crypto";
import { chinaDateTime } from "../../../common/china-time.ts";

type Key = KeyObject | string;
export type AlipayParams = Record<string, string>;

/** The acknowledgement Alipay expects for a notification it may stop sending. */
export const ALIPAY_ACK = "success";
export const ALIPAY_NACK = "fail";

/** The text that is signed: the parameters but the left-out ones and empty values, sorted, `k=v&…`. */
export function signContent(params: AlipayParams, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((name) => !leaveOut.includes(name) && params[name] !== undefined && params[name] !== "")
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
}

/** Signs a request's parameters (or, on the sandbox's side, a notification's). */
export function signParams(params: AlipayParams, privateKey: Key, kind: "request" | "notification" = "request"): string {
  const content = signContent(params, kind === "request" ? ["sign"] : ["sign", "sign_type"]);
  return createSign("RSA-SHA256").update(content, "utf8").sign(privateKey, "base64");
}

/** Checks a notification's RSA2 signature with Alipay's public key. */
export function verifyNotification(params: AlipayParams, publicKey: Key): boolean {
  if (params.sign_type !== "RSA2" || !params.sign) return false;
  try {
    return createVerify("RSA-SHA256")
      .update(signContent(params, ["sign", "sign_type"]), "utf8")
      .verify(publicKey, params.sign, "base64");
  } catch {
    return false; // a malformed signature or key is a failed check, never an exception
  }
}

/** Checks a request's RSA2 signature with the application's public key (the sandbox's side). */
export function verifyRequest(params: AlipayParams, publicKey: Key): boolean {
  if (params.sign_type !== "RSA2" || !params.sign) return false;
  try {
    return createVerify("RSA-SHA256")
      .update(signContent(params, ["sign"]), "utf8")
      .verify(publicKey, params.sign, "base64");
  } catch {
    return false;
  }
}

/** Alipay's timestamp format, in China time: `yyyy-MM-dd HH:mm:ss`. */
export function alipayTimestamp(now = new Date()): string {
  return chinaDateTime(now);
}
