// The sandbox gateway over real HTTP, driven by the product's own gateway clients: orders, the pay
// page, signed and encrypted callbacks (checked with the production verifiers), query, close,
// refunds, the day's trade bill, and callbacks sent again until acknowledged. A client that cannot
// verify an answer believes nothing of it.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chinaDay } from "../../../src/common/china-time.ts";
import { verifyNotification } from "../../../src/server/onlinepay/gateways/alipay.ts";
import { alipayClient } from "../../../src/server/onlinepay/gateways/alipay-client.ts";
import { GatewayError } from "../../../src/server/onlinepay/gateways/transport.ts";
import { decryptResource, signedHeadersOf, verifyPlatformSignature } from "../../../src/server/onlinepay/gateways/wechatpay.ts";
import { wechatPayClient } from "../../../src/server/onlinepay/gateways/wechatpay-client.ts";
import { sandboxGateway } from "../../../src/server/onlinepay/sandbox/index.ts";
import { sandboxKeys, type SandboxKeys } from "../../../src/server/onlinepay/sandbox/keys.ts";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let dir: string;
let gateway: FastifyInstance;
let merchant: FastifyInstance;
let base: string;
let merchantBase: string;
let keys: SandboxKeys;
const received: Received[] = [];
/** The merchant's answers to the next callbacks (then 204 / "success"). */
const refusals: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "neptune-sandbox-"));
  gateway = Fastify();
  await gateway.register(sandboxGateway, { prefix: "/sandbox", dir, retryPauses: [100, 200] });
  base = await gateway.listen({ port: 0, host: "127.0.0.1" });
  keys = sandboxKeys(dir); // the same files: read, not made again
  merchant = Fastify();
  merchant.removeAllContentTypeParsers();
  merchant.addContentTypeParser("*", { parseAs: "string" }, (_r, body, done) => done(null, body));
  merchant.post("/notify/:kind", async (request, reply) => {
    received.push({ headers: request.headers, body: String(request.body) });
    const refusal = refusals.shift();
    if (refusal) return reply.code(refusal).send("no");
    return (request.params as { kind: string }).kind === "alipay" ? reply.send("success") : reply.code(204).send();
  });
  merchantBase = await merchant.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await gateway?.close();
  await merchant?.close();
  rmSync(dir, { recursive: true, force: true });
});

const wechat = () =>
  wechatPayClient({
    baseUrl: `${base}/sandbox/wechatpay`,
    mchid: "1900000001",
    appid: "wx0000000000000001",
    serialNo: "DEMO",
    privateKey: keys.merchantPrivate,
    platformKeys: new Map([[keys.wechatPlatformSerial, keys.wechatPlatformPublic]]),
  });
const alipay = () => alipayClient({ gatewayUrl: `${base}/sandbox/alipay/gateway.do`, appId: "2021000000000001", privateKey: keys.merchantPrivate, alipayPublicKey: keys.alipayPublic });

async function until<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const pay = (page: string) => fetch(page, { method: "POST", redirect: "manual" });
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe("WeChat Pay in the sandbox", () => {
  test("a Native order is paid on the pay page; the callback verifies and decrypts; query, refund and the bill agree", async () => {
    const client = wechat();
    const placed = await client.placeOrder("native", { outTradeNo: "NPW0001", description: "物业费 2026-12", totalFen: 26670, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat` });
    expect(placed.codeUrl).toMatch(new RegExp(`^${base}/sandbox/pay/[0-9a-f]{24}$`));
    expect((await client.queryOrder("NPW0001"))?.tradeState).toBe("NOTPAY");
    const html = await (await fetch(placed.codeUrl ?? "")).text();
    expect(html).toContain("确认支付");
    expect(html).toContain("¥266.70");

    const before = received.length;
    expect((await pay(placed.codeUrl ?? "")).status).toBe(303);
    const callback = await until(() => received[before]);
    const signed = signedHeadersOf(callback.headers);
    expect(signed).not.toBeNull();
    expect(verifyPlatformSignature(signed!, callback.body, new Map([[keys.wechatPlatformSerial, keys.wechatPlatformPublic]]))).toBe("ok");
    const event = JSON.parse(callback.body) as { event_type: string; resource: Parameters<typeof decryptResource>[0] };
    expect(event.event_type).toBe("TRANSACTION.SUCCESS");
    const transaction = JSON.parse(decryptResource(event.resource, keys.wechatApiV3Key) ?? "null") as { out_trade_no: string; trade_state: string; amount: { total: number }; transaction_id: string };
    expect(transaction).toMatchObject({ out_trade_no: "NPW0001", trade_state: "SUCCESS", amount: { total: 26670 } });
    expect(decryptResource(event.resource, "x".repeat(32))).toBeNull();

    const trade = await client.queryOrder("NPW0001");
    expect(trade).toMatchObject({ tradeState: "SUCCESS", totalFen: 26670, transactionId: transaction.transaction_id });
    await expect(client.closeOrder("NPW0001")).rejects.toMatchObject({ code: "ORDERPAID" });
    expect(await (await fetch(placed.codeUrl ?? "")).text()).toContain("支付成功");

    const refundsBefore = received.length;
    const refund = await client.refund({ outTradeNo: "NPW0001", outRefundNo: "RF0001", refundFen: 1000, totalFen: 26670, reason: "多缴", notifyUrl: `${merchantBase}/notify/wechat` });
    expect(refund).toMatchObject({ status: "PROCESSING", refundFen: 1000 });
    await expect(client.refund({ outTradeNo: "NPW0001", outRefundNo: "RF0002", refundFen: 26000, totalFen: 26670, reason: "超额", notifyUrl: `${merchantBase}/notify/wechat` })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    const refundCallback = await until(() => received[refundsBefore]);
    expect((JSON.parse(refundCallback.body) as { event_type: string }).event_type).toBe("REFUND.SUCCESS");
    expect(await client.queryRefund("RF0001")).toMatchObject({ status: "SUCCESS", refundFen: 1000 });
    expect(await client.queryRefund("RF9999")).toBeNull();

    const bill = await client.tradeBill(chinaDay());
    expect(bill.find((r) => r.outTradeNo === "NPW0001" && r.tradeState === "SUCCESS")).toMatchObject({ amountFen: 26670, transactionId: transaction.transaction_id });
    expect(bill.find((r) => r.outRefundNo === "RF0001")).toMatchObject({ tradeState: "REFUND", refundFen: 1000 });
    expect(await client.tradeBill("2001-01-01")).toEqual([]);
  });

  test("an unpaid order closes; an unknown one is null; a repeated order number with another amount is refused", async () => {
    const client = wechat();
    const placed = await client.placeOrder("h5", { outTradeNo: "NPW0002", description: "押金", totalFen: 100, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat`, clientIp: "10.0.0.1" });
    expect(placed.h5Url).toContain("/sandbox/pay/");
    expect(await client.placeOrder("h5", { outTradeNo: "NPW0002", description: "押金", totalFen: 100, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat` })).toEqual(placed);
    await expect(client.placeOrder("h5", { outTradeNo: "NPW0002", description: "押金", totalFen: 200, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat` })).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
    await client.closeOrder("NPW0002");
    expect((await client.queryOrder("NPW0002"))?.tradeState).toBe("CLOSED");
    const before = received.length;
    await pay(placed.h5Url ?? "");
    expect(await (await fetch(placed.h5Url ?? "")).text()).toContain("订单已关闭");
    expect(received.length).toBe(before);
    expect(await client.queryOrder("NOSUCHORDER")).toBeNull();
    const jsapi = await client.placeOrder("jsapi", { outTradeNo: "NPW0003", description: "物业费", totalFen: 100, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat`, openid: "o1" });
    expect(jsapi.prepayId).toMatch(/^wx[0-9a-f]{24}$/);
  });

  test("a request signed with another key is refused; an answer signed with an unknown key is not believed", async () => {
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = wechatPayClient({
      baseUrl: `${base}/sandbox/wechatpay`,
      mchid: "1900000001",
      appid: "wx1",
      serialNo: "X",
      privateKey: stranger.privateKey,
      platformKeys: new Map([[keys.wechatPlatformSerial, keys.wechatPlatformPublic]]),
    });
    await expect(forged.queryOrder("NPW0001")).rejects.toMatchObject({ code: "SIGN_ERROR", httpStatus: 401 });
    const credulous = wechatPayClient({
      baseUrl: `${base}/sandbox/wechatpay`,
      mchid: "1900000001",
      appid: "wx1",
      serialNo: "X",
      privateKey: keys.merchantPrivate,
      platformKeys: new Map([[keys.wechatPlatformSerial, stranger.publicKey]]),
    });
    const refused = await credulous.queryOrder("NPW0001").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused).toMatchObject({ code: "UNVERIFIED_ANSWER" });
  });

  test("an unacknowledged callback is sent again until the merchant acknowledges it", async () => {
    const client = wechat();
    const placed = await client.placeOrder("native", { outTradeNo: "NPW0004", description: "物业费", totalFen: 500, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/wechat` });
    const before = received.length;
    refusals.push(500);
    await pay(placed.codeUrl ?? "");
    await until(() => received[before + 1]);
    const bodies = received
      .slice(before)
      .map((r) => JSON.parse(decryptResource((JSON.parse(r.body) as { resource: Parameters<typeof decryptResource>[0] }).resource, keys.wechatApiV3Key) ?? "{}") as { out_trade_no: string });
    expect(bodies.map((b) => b.out_trade_no)).toEqual(["NPW0004", "NPW0004"]);
  });
});

describe("Alipay in the sandbox", () => {
  test("a precreate order is paid; the notification verifies; query, refund and close behave as Alipay's", async () => {
    const client = alipay();
    const { qrCode } = await client.precreate({ outTradeNo: "NPA0001", subject: "物业费 2026-12", totalFen: 12345, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/alipay` });
    expect(qrCode).toContain("/sandbox/pay/");
    expect((await client.query("NPA0001"))?.tradeStatus).toBe("WAIT_BUYER_PAY");
    const before = received.length;
    await pay(qrCode);
    const notification = await until(() => received[before]);
    const params = Object.fromEntries(new URLSearchParams(notification.body));
    expect(verifyNotification(params, keys.alipayPublic)).toBe(true);
    expect(params).toMatchObject({ out_trade_no: "NPA0001", trade_status: "TRADE_SUCCESS", total_amount: "123.45" });
    expect(verifyNotification({ ...params, total_amount: "0.01" }, keys.alipayPublic)).toBe(false);
    expect(await client.query("NPA0001")).toMatchObject({ tradeStatus: "TRADE_SUCCESS", totalFen: 12345, tradeNo: params.trade_no });
    expect(await client.refund({ outTradeNo: "NPA0001", outRequestNo: "AR0001", refundFen: 345, reason: "多缴" })).toEqual({ refundFen: 345, fundChanged: true });
    expect(await client.refund({ outTradeNo: "NPA0001", outRequestNo: "AR0001", refundFen: 345, reason: "多缴" })).toEqual({ refundFen: 345, fundChanged: false });
    expect(await client.queryRefund("NPA0001", "AR0001")).toEqual({ refundFen: 345, status: "REFUND_SUCCESS" });
    await expect(client.close("NPA0001")).rejects.toMatchObject({ code: "ACQ.TRADE_STATUS_ERROR" });
    expect(await client.query("NPA9999")).toBeNull();
    await client.close("NPA9999");
  });

  test("a wap pay address opens the pay page; a request with a bad signature is refused", async () => {
    const client = alipay();
    const url = client.wapPayUrl({ outTradeNo: "NPA0002", subject: "押金", totalFen: 100, expiresAt: later(30), notifyUrl: `${merchantBase}/notify/alipay`, returnUrl: "http://example.invalid/back" });
    const opened = await fetch(url, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain("/sandbox/pay/");
    const tampered = url.replace("total_amount%22%3A%221.00", "total_amount%22%3A%220.01");
    expect(tampered).not.toBe(url);
    expect(await (await fetch(tampered, { redirect: "manual" })).text()).toContain("isv.invalid-signature");
  });
});
