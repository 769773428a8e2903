// The gateways' wire formats (src/server/onlinepay/gateways): WeChat Pay v3's request and
// callback signatures and its AEAD_AES_256_GCM resources, Alipay's RSA2 parameters. Every way a
// callback can be forged or replayed is refused: a bad signature, an unknown platform serial, a
// timestamp outside ±300 s, a tampered body, a wrong APIv3 key.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  authorizationHeader,
  decryptResource,
  encryptResource,
  signAsPlatform,
  signedHeadersOf,
  verifyAuthorization,
  verifyPlatformSignature,
} from "../../../src/server/onlinepay/gateways/wechatpay.ts";
import { alipayTimestamp, signContent, signParams, verifyNotification, verifyRequest } from "../../../src/server/onlinepay/gateways/alipay.ts";

const rsa = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
const platform = rsa();
const merchant = rsa();
const stranger = rsa();
const SERIAL = "5157F09EFDC096DE15EBE81A47057A7232F1B8E1";
const APIV3_KEY = "0123456789abcdefghijklmnopqrstuv";
const keys = new Map([[SERIAL, platform.publicKey]]);
const body = JSON.stringify({ id: "EV-1", event_type: "TRANSACTION.SUCCESS", resource: { ciphertext: "x" } });
const NOW = Date.UTC(2026, 10, 29, 2, 0, 0);

describe("WeChat Pay callbacks", () => {
  const signed = signAsPlatform(body, platform.privateKey, SERIAL, NOW);

  test("a callback signed with the platform key the serial names passes", () => {
    expect(verifyPlatformSignature(signed, body, keys, NOW)).toBe("ok");
    expect(verifyPlatformSignature(signed, body, keys, NOW + 299_000)).toBe("ok");
  });

  test("a signature by another key, or garbage, is refused", () => {
    const forged = signAsPlatform(body, stranger.privateKey, SERIAL, NOW);
    expect(verifyPlatformSignature(forged, body, keys, NOW)).toBe("badSignature");
    expect(verifyPlatformSignature({ ...signed, signature: "not base64 at all" }, body, keys, NOW)).toBe("badSignature");
    expect(verifyPlatformSignature({ ...signed, nonce: "another" }, body, keys, NOW)).toBe("badSignature");
  });

  test("an unknown serial is refused even when its signature is good", () => {
    const other = signAsPlatform(body, stranger.privateKey, "UNKNOWN", NOW);
    expect(verifyPlatformSignature(other, body, new Map([...keys]), NOW)).toBe("unknownSerial");
  });

  test("a timestamp more than 300 s away is refused (a replay)", () => {
    expect(verifyPlatformSignature(signed, body, keys, NOW + 301_000)).toBe("staleTimestamp");
    expect(verifyPlatformSignature(signed, body, keys, NOW - 301_000)).toBe("staleTimestamp");
    expect(verifyPlatformSignature({ ...signed, timestamp: "soon" }, body, keys, NOW)).toBe("staleTimestamp");
  });

  test("a tampered body is refused", () => {
    expect(verifyPlatformSignature(signed, body.replace("EV-1", "EV-2"), keys, NOW)).toBe("badSignature");
    expect(verifyPlatformSignature(signed, `${body} `, keys, NOW)).toBe("badSignature");
  });

  test("the signed headers are read by their wire names; a missing one is no signature", () => {
    const wire = { "wechatpay-timestamp": signed.timestamp, "wechatpay-nonce": signed.nonce, "wechatpay-signature": signed.signature, "wechatpay-serial": SERIAL };
    expect(signedHeadersOf(wire)).toEqual(signed);
    expect(signedHeadersOf({ ...wire, "wechatpay-serial": undefined })).toBeNull();
    expect(signedHeadersOf({ ...wire, "wechatpay-nonce": ["a", "b"] })).toBeNull();
  });
});

describe("WeChat Pay resources (AEAD_AES_256_GCM)", () => {
  const plain = JSON.stringify({ out_trade_no: "NP202611290001", trade_state: "SUCCESS", amount: { total: 26670 } });

  test("decrypts with the APIv3 key what was encrypted with it", () => {
    const resource = encryptResource(plain, APIV3_KEY, "transaction");
    expect(resource.nonce).toHaveLength(12);
    expect(decryptResource(resource, APIV3_KEY)).toBe(plain);
  });

  test("a wrong APIv3 key, a tampered ciphertext or other associated data decrypts nothing", () => {
    const resource = encryptResource(plain, APIV3_KEY, "transaction");
    expect(decryptResource(resource, "vutsrqponmlkjihgfedcba9876543210")).toBeNull();
    const sealed = Buffer.from(resource.ciphertext, "base64");
    sealed[0] = (sealed[0] ?? 0) ^ 1;
    expect(decryptResource({ ...resource, ciphertext: sealed.toString("base64") }, APIV3_KEY)).toBeNull();
    expect(decryptResource({ ...resource, associated_data: "refund" }, APIV3_KEY)).toBeNull();
    expect(decryptResource({ ...resource, algorithm: "AES" as "AEAD_AES_256_GCM" }, APIV3_KEY)).toBeNull();
    expect(decryptResource({ ...resource, ciphertext: "" }, APIV3_KEY)).toBeNull();
    expect(decryptResource(resource, "short")).toBeNull();
  });
});

describe("WeChat Pay requests", () => {
  test("the Authorization header verifies with the merchant's public key and nothing else", () => {
    const path = "/v3/pay/transactions/native";
    const payload = JSON.stringify({ out_trade_no: "NP1" });
    const header = authorizationHeader({ mchid: "1900000001", serialNo: "M1", privateKey: merchant.privateKey }, "post", path, payload, NOW);
    expect(header).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="[0-9a-f]{32}",signature="[^"]+",timestamp="\d+",serial_no="M1"$/);
    expect(verifyAuthorization(header, "POST", path, payload, merchant.publicKey, NOW)).toBe(true);
    expect(verifyAuthorization(header, "POST", path, `${payload} `, merchant.publicKey, NOW)).toBe(false);
    expect(verifyAuthorization(header, "POST", `${path}?x=1`, payload, merchant.publicKey, NOW)).toBe(false);
    expect(verifyAuthorization(header, "POST", path, payload, stranger.publicKey, NOW)).toBe(false);
    expect(verifyAuthorization(header, "POST", path, payload, merchant.publicKey, NOW + 600_000)).toBe(false);
    expect(verifyAuthorization("Bearer x", "POST", path, payload, merchant.publicKey, NOW)).toBe(false);
  });
});

describe("Alipay RSA2", () => {
  const notification = {
    notify_time: "2026-11-29 10:00:00",
    notify_type: "trade_status_sync",
    notify_id: "ac05099524730693a8b330c5ecf72da9786",
    app_id: "2021000000000001",
    charset: "utf-8",
    version: "1.0",
    trade_no: "2026112922001400000000000001",
    out_trade_no: "NP202611290001",
    trade_status: "TRADE_SUCCESS",
    total_amount: "266.70",
    buyer_logon_id: "",
    sign_type: "RSA2",
  };
  const signedNotification = { ...notification, sign: signParams(notification, platform.privateKey, "notification") };

  test("the signed text leaves out sign, sign_type (notifications) and empty values, sorted by name", () => {
    expect(signContent({ b: "2", a: "1", sign: "s", sign_type: "RSA2", c: "" }, ["sign", "sign_type"])).toBe("a=1&b=2");
    expect(signContent({ b: "2", a: "1", sign: "s", sign_type: "RSA2" }, ["sign"])).toBe("a=1&b=2&sign_type=RSA2");
  });

  test("a notification signed with Alipay's key passes; tampered, foreign or RSA1 ones do not", () => {
    expect(verifyNotification(signedNotification, platform.publicKey)).toBe(true);
    expect(verifyNotification({ ...signedNotification, total_amount: "0.01" }, platform.publicKey)).toBe(false);
    expect(verifyNotification(signedNotification, stranger.publicKey)).toBe(false);
    expect(verifyNotification({ ...signedNotification, sign_type: "RSA" }, platform.publicKey)).toBe(false);
    expect(verifyNotification({ ...signedNotification, sign: "" }, platform.publicKey)).toBe(false);
    expect(verifyNotification({ ...signedNotification, sign: "%%%" }, platform.publicKey)).toBe(false);
  });

  test("a request's signature covers sign_type and verifies with the application's key", () => {
    const request = { app_id: "2021000000000001", method: "alipay.trade.precreate", charset: "utf-8", sign_type: "RSA2", timestamp: alipayTimestamp(new Date(NOW)), version: "1.0", biz_content: "{}" };
    expect(request.timestamp).toBe("2026-11-29 10:00:00");
    const sign = signParams(request, merchant.privateKey);
    expect(verifyRequest({ ...request, sign }, merchant.publicKey)).toBe(true);
    expect(verifyRequest({ ...request, sign, method: "alipay.trade.refund" }, merchant.publicKey)).toBe(false);
  });
});
