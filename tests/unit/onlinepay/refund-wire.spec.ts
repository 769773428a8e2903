// Refunds on the wire: the requests the gateway clients send (WeChat Pay v3's domestic refund,
// Alipay's alipay.trade.refund), signed as the gateways specify, the answers believed only when
// signed, and the refund callbacks read into one shape (REFUND.SUCCESS, and REFUND.ABNORMAL /
// REFUND.CLOSED: a refund that was not made).
import { createSign, generateKeyPairSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { verifyRequest } from "../../../src/server/onlinepay/gateways/alipay.ts";
import { alipayClient } from "../../../src/server/onlinepay/gateways/alipay-client.ts";
import { readWechatCallback } from "../../../src/server/onlinepay/gateways/callbacks.ts";
import { GatewayError, type Transport } from "../../../src/server/onlinepay/gateways/transport.ts";
import { encryptResource, signAsPlatform, verifyAuthorization } from "../../../src/server/onlinepay/gateways/wechatpay.ts";
import { wechatPayClient } from "../../../src/server/onlinepay/gateways/wechatpay-client.ts";

const merchant = generateKeyPairSync("rsa", { modulusLength: 2048 });
const platform = generateKeyPairSync("rsa", { modulusLength: 2048 });
const APIV3 = "abcdefghijklmnopqrstuvwxyz012345";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A transport that keeps the request and answers `answer` (signed by the platform unless told not to). */
function wechatGateway(answer: object, status = 200, signed = true) {
  const sent: Sent[] = [];
  const transport: Transport = async (url, init) => {
    sent.push({ url, ...init });
    const body = JSON.stringify(answer);
    const s = signAsPlatform(body, platform.privateKey, "P1");
    const headers: Record<string, string> = signed ? { "wechatpay-timestamp": s.timestamp, "wechatpay-nonce": s.nonce, "wechatpay-signature": s.signature, "wechatpay-serial": s.serial } : {};
    return { status, headers, text: async () => body, bytes: async () => Buffer.from(body) };
  };
  const client = wechatPayClient(
    { baseUrl: "https://api.mch.weixin.qq.com", mchid: "1900000001", appid: "wx1", serialNo: "M1", privateKey: merchant.privateKey, platformKeys: new Map([["P1", platform.publicKey]]) },
    transport,
  );
  return { client, sent };
}

describe("WeChat Pay refunds", () => {
  const input = { outTradeNo: "NP1", outRefundNo: "NR1", refundFen: 1000, totalFen: 26670, reason: "多收退还", notifyUrl: "https://wuye.example.com/api/pay/notify/wechatpay/7" };

  test("POST /v3/refund/domestic/refunds carries the order, the refund number, the amounts in fen and the callback address, signed by the merchant", async () => {
    const { client, sent } = wechatGateway({ refund_id: "5030001", out_refund_no: "NR1", status: "PROCESSING", amount: { refund: 1000, total: 26670 } });
    expect(await client.refund(input)).toEqual({ outRefundNo: "NR1", refundId: "5030001", status: "PROCESSING", refundFen: 1000 });
    const [request] = sent;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://api.mch.weixin.qq.com/v3/refund/domestic/refunds");
    expect(JSON.parse(request.body!)).toEqual({
      out_trade_no: "NP1",
      out_refund_no: "NR1",
      reason: "多收退还",
      notify_url: input.notifyUrl,
      amount: { refund: 1000, total: 26670, currency: "CNY" },
    });
    expect(verifyAuthorization(request.headers.authorization, "POST", "/v3/refund/domestic/refunds", request.body!, merchant.publicKey)).toBe(true);
  });

  test("the refund query is GET /v3/refund/domestic/refunds/{out_refund_no}; a refund the gateway never heard of is null", async () => {
    const { client, sent } = wechatGateway({ refund_id: "5030001", out_refund_no: "NR1", status: "SUCCESS", amount: { refund: 1000 } });
    expect(await client.queryRefund("NR1")).toMatchObject({ status: "SUCCESS", refundFen: 1000 });
    expect(sent[0]).toMatchObject({ method: "GET", url: "https://api.mch.weixin.qq.com/v3/refund/domestic/refunds/NR1" });
    expect(await wechatGateway({ code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" }, 404).client.queryRefund("NR9")).toBeNull();
  });

  test("a refusal is the gateway's code and words; an answer the platform did not sign is not believed", async () => {
    await expect(wechatGateway({ code: "NOT_ENOUGH", message: "基本账户余额不足" }, 403).client.refund(input)).rejects.toMatchObject({ code: "NOT_ENOUGH", httpStatus: 403 });
    const unsigned = wechatGateway({ refund_id: "5030001", out_refund_no: "NR1", status: "SUCCESS" }, 200, false).client.refund(input);
    await expect(unsigned).rejects.toBeInstanceOf(GatewayError);
    await expect(unsigned).rejects.toMatchObject({ code: "UNVERIFIED_ANSWER" });
  });
});

describe("WeChat Pay refund callbacks", () => {
  const keys = { platformKeys: new Map([["P1", platform.publicKey]]), apiV3Key: APIV3 };
  function callback(eventType: string, resource: object) {
    const body = JSON.stringify({ id: "E1", event_type: eventType, resource_type: "encrypt-resource", resource: encryptResource(JSON.stringify(resource), APIV3, "refund", "refund") });
    const s = signAsPlatform(body, platform.privateKey, "P1");
    return { body, headers: { "wechatpay-timestamp": s.timestamp, "wechatpay-nonce": s.nonce, "wechatpay-signature": s.signature, "wechatpay-serial": s.serial } };
  }
  const refund = { out_trade_no: "NP1", transaction_id: "4200001", out_refund_no: "NR1", refund_id: "5030001", amount: { refund: 1000, total: 26670 } };

  test("REFUND.SUCCESS: refunded, with the gateway's refund id and time", () => {
    const c = callback("REFUND.SUCCESS", { ...refund, refund_status: "SUCCESS", success_time: "2026-11-29T10:00:00+08:00" });
    expect(readWechatCallback(c.headers, c.body, keys)).toEqual({
      ok: true,
      event: { kind: "refunded", outTradeNo: "NP1", transactionId: "4200001", amountFen: 1000, outRefundNo: "NR1", refundId: "5030001", refundStatus: "SUCCESS", at: "2026-11-29T10:00:00+08:00" },
    });
  });

  test("REFUND.ABNORMAL and REFUND.CLOSED: a refund that was not made", () => {
    for (const [eventType, status] of [
      ["REFUND.ABNORMAL", "ABNORMAL"],
      ["REFUND.CLOSED", "CLOSED"],
    ]) {
      const c = callback(eventType, { ...refund, refund_status: status });
      expect(readWechatCallback(c.headers, c.body, keys)).toMatchObject({ ok: true, event: { kind: "refundFailed", outRefundNo: "NR1", refundStatus: status } });
    }
  });

  test("an event whose resource says otherwise changes nothing; a tampered one is not read", () => {
    const mixed = callback("REFUND.SUCCESS", { ...refund, refund_status: "PROCESSING" });
    expect(readWechatCallback(mixed.headers, mixed.body, keys)).toEqual({ ok: true, event: null });
    const c = callback("REFUND.SUCCESS", { ...refund, refund_status: "SUCCESS" });
    expect(readWechatCallback(c.headers, c.body.replace("REFUND.SUCCESS", "REFUND.CLOSED"), keys)).toEqual({ ok: false, reason: "badSignature" });
  });
});

describe("Alipay refunds", () => {
  const alipay = generateKeyPairSync("rsa", { modulusLength: 2048 });
  function gateway(content: object) {
    const sent: Sent[] = [];
    const transport: Transport = async (url, init) => {
      sent.push({ url, ...init });
      const method = new URLSearchParams(init.body).get("method")!;
      const inner = JSON.stringify(content);
      const sign = createSign("RSA-SHA256").update(inner, "utf8").sign(alipay.privateKey, "base64");
      const body = `{"${method.replaceAll(".", "_")}_response":${inner},"sign":"${sign}"}`;
      return { status: 200, headers: {}, text: async () => body, bytes: async () => Buffer.from(body) };
    };
    return {
      client: alipayClient({ gatewayUrl: "https://openapi.alipay.com/gateway.do", appId: "2021000000000001", privateKey: merchant.privateKey, alipayPublicKey: alipay.publicKey }, transport),
      sent,
    };
  }

  test("alipay.trade.refund: the trade, the request number, the amount in yuan, signed RSA2; its answer says whether money moved", async () => {
    const { client, sent } = gateway({ code: "10000", msg: "Success", out_trade_no: "NP1", refund_fee: "10.00", fund_change: "Y" });
    expect(await client.refund({ outTradeNo: "NP1", outRequestNo: "NR1", refundFen: 1000, reason: "多收退还" })).toEqual({ refundFen: 1000, fundChanged: true });
    const params = Object.fromEntries(new URLSearchParams(sent[0].body));
    expect(params).toMatchObject({ method: "alipay.trade.refund", app_id: "2021000000000001", sign_type: "RSA2", charset: "utf-8" });
    expect(JSON.parse(params.biz_content)).toEqual({ out_trade_no: "NP1", out_request_no: "NR1", refund_amount: "10.00", refund_reason: "多收退还" });
    expect(verifyRequest(params, merchant.publicKey)).toBe(true);
  });

  test("alipay.trade.fastpay.refund.query: REFUND_SUCCESS, or null when Alipay has no refund by that number", async () => {
    expect(await gateway({ code: "10000", msg: "Success", out_request_no: "NR1", refund_amount: "10.00", refund_status: "REFUND_SUCCESS" }).client.queryRefund("NP1", "NR1")).toEqual({
      refundFen: 1000,
      status: "REFUND_SUCCESS",
    });
    expect(await gateway({ code: "10000", msg: "Success", out_trade_no: "NP1" }).client.queryRefund("NP1", "NR9")).toBeNull();
  });

  test("a business refusal is its sub_code and words", async () => {
    const refused = gateway({ code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" }).client.refund({
      outTradeNo: "NP1",
      outRequestNo: "NR1",
      refundFen: 1000,
      reason: "x",
    });
    await expect(refused).rejects.toMatchObject({ code: "ACQ.TRADE_STATUS_ERROR", message: "交易状态不合法" });
  });
});
