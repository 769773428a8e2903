// The sandbox's WeChat Pay API v3: the endpoints a merchant calls, with the gateway's wire format
// (requests checked against the merchant's key; answers signed with the platform key and serial),
// and the payer's side (paying sends a signed callback whose resource is AEAD_AES_256_GCM with the
// APIv3 key). Differences from the real gateway, for a sandbox that works in any browser: a Native
// order's `code_url` and an H5 order's `h5_url` are the sandbox's pay page, an http address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomBytes, randomUUID } from "node:crypto";
import { chinaDay } from "../../../common/china-time.ts";
import { fenToYuan } from "../../../common/money.ts";
import { encryptResource, signAsPlatform, verifyAuthorization } from "../gateways/wechatpay.ts";
import { rfc3339China } from "../gateways/wechatpay-client.ts";
import type { SandboxKeys } from "./keys.ts";
import type { Notifier } from "./notifier.ts";
import type { SandboxBooks, SandboxRefund, SandboxTrade } from "./trades.ts";
import { scalarText } from "../../../common/scalar-text.ts";

export interface WechatSandbox {
  books: SandboxBooks;
  keys: SandboxKeys;
  notifier: Notifier;
  /** The sandbox's own address, e.g. http://127.0.0.1:8080/sandbox. */
  publicBase(request: FastifyRequest): string;
}

const KINDS = new Set(["native", "jsapi", "h5"]);

function answer(reply: FastifyReply, keys: SandboxKeys, status: number, payload?: object): FastifyReply {
  const body = payload === undefined ? "" : JSON.stringify(payload);
  const signed = signAsPlatform(body, keys.wechatPlatformPrivate, keys.wechatPlatformSerial);
  reply
    .code(status)
    .header("content-type", "application/json; charset=utf-8")
    .header("wechatpay-timestamp", signed.timestamp)
    .header("wechatpay-nonce", signed.nonce)
    .header("wechatpay-signature", signed.signature)
    .header("wechatpay-serial", signed.serial)
    .header("wechatpay-signature-type", "WECHATPAY2-SHA256-RSA2048");
  return reply.send(body);
}

const refusal = (code: string, message: string) => ({ code, message });

export function tradeJson(trade: SandboxTrade): Record<string, unknown> {
  const paid = trade.state === "SUCCESS" || trade.state === "REFUND";
  return {
    appid: trade.appId,
    mchid: trade.merchantId,
    out_trade_no: trade.outTradeNo,
    ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
    trade_type: trade.kind.toUpperCase() === "H5" ? "MWEB" : trade.kind.toUpperCase(),
    trade_state: trade.state,
    trade_state_desc: { NOTPAY: "未支付", SUCCESS: "支付成功", CLOSED: "已关闭", REFUND: "转入退款" }[trade.state],
    ...(paid ? { bank_type: "OTHERS", success_time: rfc3339China(new Date(trade.paidAt ?? Date.now())) } : {}),
    ...(trade.paidFen !== undefined || paid ? { payer: { openid: "sandbox-payer" } } : {}),
    // What the gateway took: the order's amount, unless the sandbox was told to take another (an amount-mismatch test).
    amount: { total: paid ? (trade.paidFen ?? trade.totalFen) : trade.totalFen, payer_total: paid ? (trade.paidFen ?? trade.totalFen) : 0, currency: "CNY", payer_currency: "CNY" },
  };
}

const refundJson = (refund: SandboxRefund, trade: SandboxTrade) => ({
  refund_id: refund.refundId,
  out_refund_no: refund.outRefundNo,
  transaction_id: trade.transactionId,
  out_trade_no: trade.outTradeNo,
  channel: "ORIGINAL",
  user_received_account: "支付用户零钱",
  status: refund.status,
  create_time: rfc3339China(new Date(refund.createdAt)),
  ...(refund.succeededAt ? { success_time: rfc3339China(new Date(refund.succeededAt)) } : {}),
  amount: { refund: refund.refundFen, total: trade.totalFen, payer_refund: refund.refundFen, payer_total: trade.paidFen ?? trade.totalFen, currency: "CNY" },
});

/** A callback of `eventType` for `resource`, signed and encrypted as the platform sends it. */
export function wechatCallback(keys: SandboxKeys, eventType: string, summary: string, resource: object, originalType: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: rfc3339China(new Date()),
    resource_type: "encrypt-resource",
    event_type: eventType,
    summary,
    resource: encryptResource(JSON.stringify(resource), keys.wechatApiV3Key, originalType, originalType),
  });
  const signed = signAsPlatform(body, keys.wechatPlatformPrivate, keys.wechatPlatformSerial);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": signed.timestamp,
      "wechatpay-nonce": signed.nonce,
      "wechatpay-signature": signed.signature,
      "wechatpay-serial": signed.serial,
      "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
    },
  };
}

/** The payer pays a WeChat trade (the pay page's 确认支付): the trade is paid and the callback sent. */
export async function payWechatTrade(sandbox: Pick<WechatSandbox, "books" | "keys" | "notifier">, trade: SandboxTrade, paidFen = trade.totalFen): Promise<boolean> {
  if (trade.state === "NOTPAY") {
    const transactionId = `4200${Date.now()}${randomBytes(4).toString("hex")}`.slice(0, 28);
    sandbox.books.updateTrade(trade, { state: "SUCCESS", transactionId, paidAt: new Date().toISOString(), paidFen });
  }
  return resendWechatCallback(sandbox, trade);
}

/** Sends a paid trade's callback (again). */
export function resendWechatCallback(sandbox: Pick<WechatSandbox, "keys" | "notifier">, trade: SandboxTrade): Promise<boolean> {
  const paid = { ...tradeJson(trade), trade_state: "SUCCESS", trade_state_desc: "支付成功" };
  const callback = wechatCallback(sandbox.keys, "TRANSACTION.SUCCESS", "支付成功", paid, "transaction");
  return sandbox.notifier.send({ url: trade.notifyUrl, ...callback, acknowledged: (status) => status >= 200 && status < 300 });
}

function billCsv(trades: SandboxTrade[], refunds: SandboxRefund[], tradeOf: (r: SandboxRefund) => SandboxTrade | undefined): string {
  const header =
    "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
  const cells = (values: string[]) => values.map((v) => `\`${v}`).join(",");
  const time = (iso: string) => rfc3339China(new Date(iso)).slice(0, 19).replace("T", " ");
  const rows = [
    ...trades.map((t) =>
      cells([
        time(t.paidAt ?? t.createdAt),
        t.appId,
        t.merchantId,
        "0",
        "",
        t.transactionId ?? "",
        t.outTradeNo,
        "sandbox-payer",
        t.kind.toUpperCase(),
        "SUCCESS",
        "OTHERS",
        "CNY",
        fenToYuan(t.paidFen ?? t.totalFen),
        "0.00",
        "0",
        "0",
        "0.00",
        "0.00",
        "",
        "",
        t.description,
        "",
        "0.00000",
        "0.60%",
        fenToYuan(t.paidFen ?? t.totalFen),
        "0.00",
        "",
      ]),
    ),
    ...refunds.map((r) => {
      const t = tradeOf(r);
      return cells([
        time(r.succeededAt ?? r.createdAt),
        t?.appId ?? "",
        t?.merchantId ?? "",
        "0",
        "",
        t?.transactionId ?? "",
        r.outTradeNo,
        "sandbox-payer",
        (t?.kind ?? "native").toUpperCase(),
        "REFUND",
        "OTHERS",
        "CNY",
        "0.00",
        "0.00",
        r.refundId,
        r.outRefundNo,
        fenToYuan(r.refundFen),
        "0.00",
        "ORIGINAL",
        "SUCCESS",
        t?.description ?? "",
        "",
        "0.00000",
        "0.60%",
        fenToYuan(t?.totalFen ?? 0),
        fenToYuan(r.refundFen),
        "",
      ]);
    }),
  ];
  const paidSum = trades.reduce((s, t) => s + (t.paidFen ?? t.totalFen), 0);
  const refundSum = refunds.reduce((s, r) => s + r.refundFen, 0);
  return [
    header,
    ...rows,
    "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额",
    cells([String(rows.length), fenToYuan(paidSum), fenToYuan(refundSum), "0.00", "0.00000", fenToYuan(paidSum), fenToYuan(refundSum)]),
  ].join("\r\n");
}

/** The merchant-facing endpoints, under the plugin's prefix (e.g. /sandbox/wechatpay). */
export function wechatSandboxRoutes(app: FastifyInstance, sandbox: WechatSandbox): void {
  const { books, keys } = sandbox;
  const checked = (request: FastifyRequest): boolean => {
    const header = request.headers.authorization;
    const path = request.url.slice(request.url.indexOf("/v3/"));
    return typeof header === "string" && verifyAuthorization(header, request.method, path, typeof request.body === "string" ? request.body : "", keys.merchantPublic);
  };
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!checked(request)) return answer(reply, keys, 401, refusal("SIGN_ERROR", "签名错误"));
  };

  app.post<{ Params: { kind: string } }>("/v3/pay/transactions/:kind", { preHandler: guard }, async (request, reply) => {
    if (!KINDS.has(request.params.kind)) return answer(reply, keys, 404, refusal("NOT_FOUND", "无效的请求"));
    let order: Record<string, unknown>;
    try {
      order = JSON.parse(String(request.body)) as Record<string, unknown>;
    } catch {
      return answer(reply, keys, 400, refusal("PARAM_ERROR", "请求体不是JSON"));
    }
    const total = (order.amount as { total?: unknown } | undefined)?.total;
    const outTradeNo = order.out_trade_no;
    if (typeof outTradeNo !== "string" || !/^[0-9A-Za-z_*-]{6,32}$/.test(outTradeNo) || !Number.isSafeInteger(total) || (total as number) <= 0 || typeof order.notify_url !== "string") {
      return answer(reply, keys, 400, refusal("PARAM_ERROR", "参数错误"));
    }
    const existing = books.trade("wechatpay", outTradeNo);
    if (existing && (existing.totalFen !== total || existing.kind !== request.params.kind)) return answer(reply, keys, 400, refusal("INVALID_REQUEST", "201 商户订单号重复"));
    if (existing && existing.state === "SUCCESS") return answer(reply, keys, 400, refusal("ORDERPAID", "该订单已支付"));
    if (existing && existing.state === "CLOSED") return answer(reply, keys, 400, refusal("ORDER_CLOSED", "该订单已关闭"));
    const trade =
      existing ??
      books.addTrade({
        gateway: "wechatpay",
        merchantId: scalarText(order.mchid),
        appId: scalarText(order.appid),
        outTradeNo,
        description: scalarText(order.description),
        totalFen: total as number,
        notifyUrl: order.notify_url,
        kind: request.params.kind,
        expiresAt: typeof order.time_expire === "string" ? new Date(order.time_expire).toISOString() : new Date(Date.now() + 2 * 3600_000).toISOString(),
      });
    const page = `${sandbox.publicBase(request)}/pay/${trade.token}`;
    if (request.params.kind === "native") return answer(reply, keys, 200, { code_url: page });
    if (request.params.kind === "h5") return answer(reply, keys, 200, { h5_url: page });
    return answer(reply, keys, 200, { prepay_id: `wx${trade.token}` });
  });

  app.get<{ Params: { no: string } }>("/v3/pay/transactions/out-trade-no/:no", { preHandler: guard }, async (request, reply) => {
    const trade = books.trade("wechatpay", request.params.no);
    if (!trade) return answer(reply, keys, 404, refusal("ORDER_NOT_EXIST", "订单不存在"));
    if (trade.state === "NOTPAY" && Date.parse(trade.expiresAt) < Date.now()) books.updateTrade(trade, { state: "CLOSED" });
    return answer(reply, keys, 200, tradeJson(trade));
  });

  app.post<{ Params: { no: string } }>("/v3/pay/transactions/out-trade-no/:no/close", { preHandler: guard }, async (request, reply) => {
    const trade = books.trade("wechatpay", request.params.no);
    if (!trade) return answer(reply, keys, 404, refusal("ORDER_NOT_EXIST", "订单不存在"));
    if (trade.state === "SUCCESS" || trade.state === "REFUND") return answer(reply, keys, 400, refusal("ORDERPAID", "该订单已支付"));
    books.updateTrade(trade, { state: "CLOSED" });
    return answer(reply, keys, 204);
  });

  app.post("/v3/refund/domestic/refunds", { preHandler: guard }, async (request, reply) => {
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(String(request.body)) as Record<string, unknown>;
    } catch {
      return answer(reply, keys, 400, refusal("PARAM_ERROR", "请求体不是JSON"));
    }
    const trade = typeof input.out_trade_no === "string" ? books.trade("wechatpay", input.out_trade_no) : undefined;
    if (!trade) return answer(reply, keys, 404, refusal("RESOURCE_NOT_EXISTS", "订单不存在"));
    const outRefundNo = scalarText(input.out_refund_no);
    const refundFen = (input.amount as { refund?: unknown } | undefined)?.refund;
    const already = books.refund("wechatpay", outRefundNo);
    if (already) return answer(reply, keys, 200, refundJson(already, trade));
    if (trade.state !== "SUCCESS" && trade.state !== "REFUND") return answer(reply, keys, 403, refusal("NOT_ENOUGH", "订单未支付"));
    const refunded = books.refundsOf("wechatpay", trade.outTradeNo).reduce((s, r) => s + r.refundFen, 0);
    const paid = trade.paidFen ?? trade.totalFen;
    if (!Number.isSafeInteger(refundFen) || (refundFen as number) <= 0 || refunded + (refundFen as number) > paid)
      return answer(reply, keys, 400, refusal("INVALID_REQUEST", "退款金额超过订单可退金额"));
    const refund = books.addRefund({
      gateway: "wechatpay",
      outTradeNo: trade.outTradeNo,
      outRefundNo,
      refundId: `5030${Date.now()}`,
      refundFen: refundFen as number,
      reason: scalarText(input.reason),
      notifyUrl: typeof input.notify_url === "string" ? input.notify_url : undefined,
      status: "PROCESSING",
    });
    books.updateTrade(trade, { state: "REFUND" });
    // The refund completes a moment later, like the real one; its callback says so.
    setTimeout(() => void completeWechatRefund(sandbox, refund, trade), 200).unref();
    return answer(reply, keys, 200, refundJson(refund, trade));
  });

  app.get<{ Params: { no: string } }>("/v3/refund/domestic/refunds/:no", { preHandler: guard }, async (request, reply) => {
    const refund = books.refund("wechatpay", request.params.no);
    const trade = refund ? books.trade("wechatpay", refund.outTradeNo) : undefined;
    if (!refund || !trade) return answer(reply, keys, 404, refusal("RESOURCE_NOT_EXISTS", "退款单不存在"));
    return answer(reply, keys, 200, refundJson(refund, trade));
  });

  app.get<{ Querystring: { bill_date?: string } }>("/v3/bill/tradebill", { preHandler: guard }, async (request, reply) => {
    const day = request.query.bill_date ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return answer(reply, keys, 400, refusal("PARAM_ERROR", "bill_date格式错误"));
    const { trades, refunds } = books.ofDay("wechatpay", day, (iso) => chinaDay(new Date(iso)));
    if (trades.length === 0 && refunds.length === 0) return answer(reply, keys, 400, refusal("NO_STATEMENT_EXIST", "该日期无账单"));
    return answer(reply, keys, 200, { hash_type: "SHA1", download_url: `${sandbox.publicBase(request)}/wechatpay/v3/billdownload/file?day=${day}` });
  });

  app.get<{ Querystring: { day?: string } }>("/v3/billdownload/file", { preHandler: guard }, async (request, reply) => {
    const day = request.query.day ?? "";
    const { trades, refunds } = books.ofDay("wechatpay", day, (iso) => chinaDay(new Date(iso)));
    return reply.header("content-type", "text/csv; charset=utf-8").send(billCsv(trades, refunds, (r) => books.trade("wechatpay", r.outTradeNo)));
  });
}

async function completeWechatRefund(sandbox: Pick<WechatSandbox, "books" | "keys" | "notifier">, refund: SandboxRefund, trade: SandboxTrade): Promise<void> {
  if (refund.status === "SUCCESS") return;
  sandbox.books.updateRefund(refund, { status: "SUCCESS", succeededAt: new Date().toISOString() });
  if (!refund.notifyUrl) return;
  const resource = {
    mchid: trade.merchantId,
    out_trade_no: trade.outTradeNo,
    transaction_id: trade.transactionId,
    out_refund_no: refund.outRefundNo,
    refund_id: refund.refundId,
    refund_status: "SUCCESS",
    success_time: rfc3339China(new Date()),
    amount: { total: trade.totalFen, refund: refund.refundFen, payer_total: trade.paidFen ?? trade.totalFen, payer_refund: refund.refundFen },
  };
  const callback = wechatCallback(sandbox.keys, "REFUND.SUCCESS", "退款成功", resource, "refund");
  await sandbox.notifier.send({ url: refund.notifyUrl, ...callback, acknowledged: (status) => status >= 200 && status < 300 });
}
