// Callbacks read into one shape only when they hold (gateways/callbacks.ts), and merchant secrets
// sealed at rest (secrets.ts).
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { signParams } from "../../../src/server/onlinepay/gateways/alipay.ts";
import { alipayAnswer, readAlipayNotification, readWechatCallback, wechatAnswer } from "../../../src/server/onlinepay/gateways/callbacks.ts";
import { encryptResource, signAsPlatform } from "../../../src/server/onlinepay/gateways/wechatpay.ts";
import { secretBox, secretsKey } from "../../../src/server/platform/secrets.ts";

const platform = generateKeyPairSync("rsa", { modulusLength: 2048 });
const APIV3 = "abcdefghijklmnopqrstuvwxyz012345";
const keys = { platformKeys: new Map([["S1", platform.publicKey]]), apiV3Key: APIV3 };

function wechat(eventType: string, resource: object, key = APIV3) {
  const body = JSON.stringify({ id: "E1", event_type: eventType, resource: encryptResource(JSON.stringify(resource), key, "transaction") });
  const s = signAsPlatform(body, platform.privateKey, "S1");
  return { body, headers: { "wechatpay-timestamp": s.timestamp, "wechatpay-nonce": s.nonce, "wechatpay-signature": s.signature, "wechatpay-serial": s.serial } };
}

describe("WeChat Pay callbacks read", () => {
  const paid = { out_trade_no: "NP1", transaction_id: "4200001", trade_state: "SUCCESS", success_time: "2026-11-29T10:00:00+08:00", amount: { total: 26670, payer_total: 26000 } };

  test("a paid transaction gives the order's amount as the gateway took it", () => {
    const c = wechat("TRANSACTION.SUCCESS", paid);
    expect(readWechatCallback(c.headers, c.body, keys)).toEqual({ ok: true, event: { kind: "paid", outTradeNo: "NP1", transactionId: "4200001", amountFen: 26670, at: "2026-11-29T10:00:00+08:00" } });
  });

  test("a refund's success gives its refund number and amount", () => {
    const c = wechat("REFUND.SUCCESS", { out_trade_no: "NP1", transaction_id: "4200001", out_refund_no: "RF1", refund_status: "SUCCESS", amount: { refund: 1000, total: 26670 } });
    expect(readWechatCallback(c.headers, c.body, keys)).toMatchObject({ ok: true, event: { kind: "refunded", outRefundNo: "RF1", amountFen: 1000 } });
  });

  test("unsigned, tampered, wrongly keyed or malformed callbacks are not read", () => {
    const c = wechat("TRANSACTION.SUCCESS", paid);
    expect(readWechatCallback({}, c.body, keys)).toEqual({ ok: false, reason: "unsigned" });
    expect(readWechatCallback(c.headers, c.body.replace("E1", "E2"), keys)).toEqual({ ok: false, reason: "badSignature" });
    expect(readWechatCallback({ ...c.headers, "wechatpay-serial": "S2" }, c.body, keys)).toEqual({ ok: false, reason: "unknownSerial" });
    expect(readWechatCallback(c.headers, c.body, keys, Date.now() + 400_000)).toEqual({ ok: false, reason: "staleTimestamp" });
    const wrongKey = wechat("TRANSACTION.SUCCESS", paid, "zyxwvutsrqponmlkjihgfedcba543210");
    expect(readWechatCallback(wrongKey.headers, wrongKey.body, keys)).toEqual({ ok: false, reason: "undecryptable" });
    const noNumber = wechat("TRANSACTION.SUCCESS", { ...paid, transaction_id: undefined });
    expect(readWechatCallback(noNumber.headers, noNumber.body, keys)).toEqual({ ok: false, reason: "malformed" });
  });

  test("an event that settles nothing is taken and gives no event", () => {
    const c = wechat("TRANSACTION.SUCCESS", { ...paid, trade_state: "PAYERROR" });
    expect(readWechatCallback(c.headers, c.body, keys)).toEqual({ ok: true, event: null });
    expect(wechatAnswer(true)).toEqual({ status: 204, body: "" });
    expect(wechatAnswer(false).status).toBe(400);
  });
});

describe("Alipay notifications read", () => {
  const fields = {
    app_id: "A1",
    out_trade_no: "NP2",
    trade_no: "2026001",
    trade_status: "TRADE_SUCCESS",
    total_amount: "123.45",
    buyer_pay_amount: "120.00",
    gmt_payment: "2026-11-29 10:00:00",
    sign_type: "RSA2",
  };
  const signed = { ...fields, sign: signParams(fields, platform.privateKey, "notification") };

  test("a signed TRADE_SUCCESS gives the order's amount", () => {
    expect(readAlipayNotification(signed, platform.publicKey)).toEqual({ ok: true, event: { kind: "paid", outTradeNo: "NP2", transactionId: "2026001", amountFen: 12345, at: "2026-11-29 10:00:00" } });
    expect(alipayAnswer(true)).toEqual({ status: 200, body: "success" });
    expect(alipayAnswer(false).body).toBe("fail");
  });

  test("unsigned or tampered notifications are not read; other statuses give no event", () => {
    expect(readAlipayNotification({ ...signed, sign: "" }, platform.publicKey)).toEqual({ ok: false, reason: "unsigned" });
    expect(readAlipayNotification({ ...signed, total_amount: "0.01" }, platform.publicKey)).toEqual({ ok: false, reason: "badSignature" });
    const waiting = { ...fields, trade_status: "WAIT_BUYER_PAY" };
    expect(readAlipayNotification({ ...waiting, sign: signParams(waiting, platform.privateKey, "notification") }, platform.publicKey)).toEqual({ ok: true, event: null });
  });
});

describe("merchant secrets at rest", () => {
  const dir = mkdtempSync(join(tmpdir(), "neptune-secrets-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the key file is made once (0600) and read again; sealed values open only under it", () => {
    const key = secretsKey(dir, "");
    expect(statSync(join(dir, "merchant-secrets.key")).mode & 0o777).toBe(0o600);
    expect(secretsKey(dir, "")).toEqual(key);
    const box = secretBox(key);
    const sealed = box.seal("-----BEGIN PRIVATE KEY-----\nabc");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("abc");
    expect(box.seal("same")).not.toBe(box.seal("same"));
    expect(box.open(sealed)).toBe("-----BEGIN PRIVATE KEY-----\nabc");
    expect(secretBox(Buffer.alloc(32, 7)).open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -4)}AAAA`)).toBeNull();
    expect(box.open(null)).toBeNull();
    expect(box.open("plain text")).toBeNull();
    expect(readFileSync(join(dir, "merchant-secrets.key"), "utf8")).toMatch(/^[0-9a-f]{64}$/);
  });

  test("MERCHANT_SECRETS_KEY wins over the file and must be 64 hex characters", () => {
    expect(secretsKey(dir, "ab".repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(() => secretsKey(dir, "short")).toThrow("MERCHANT_SECRETS_KEY");
  });
});
