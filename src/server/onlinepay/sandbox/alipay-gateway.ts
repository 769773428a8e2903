// The sandbox's Alipay open platform: one address (gateway.do) taking signed, form-encoded
// requests by `method`, answering `{"<method>_response":{…},"sign":"…"}` signed with the sandbox's
// Alipay key, and, once the payer pays on the pay page, a signed trade_status_sync notification to
// the order's notify_url, sent again until it is acknowledged with `success`. Difference from the
// real gateway, for a sandbox that works in any browser: a precreate order's `qr_code` is the
// sandbox's pay page, an http address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSign, randomBytes } from "node:crypto";
import { fenToYuan, tryFen } from "../../../common/money.ts";
import { ALIPAY_ACK, alipayTimestamp, signParams, verifyRequest, type AlipayParams } from "../gateways/alipay.ts";
import type { SandboxKeys } from "./keys.ts";
import type { Notifier } from "./notifier.ts";
import type { SandboxBooks, SandboxRefund, SandboxTrade } from "./trades.ts";
import { scalarText } from "../../../common/scalar-text.ts";
import { chinaDay } from "../../../common/china-time.ts";
import { ALIPAY_BILL_COLUMNS } from "../gateways/alipay-bill.ts";
import { writeZip } from "../../platform/zip.ts";

export interface AlipaySandbox {
  books: SandboxBooks;
  keys: SandboxKeys;
  notifier: Notifier;
  publicBase(request: FastifyRequest): string;
}

const failed = (subCode: string, subMsg: string) => ({ code: "40004", msg: "Business Failed", sub_code: subCode, sub_msg: subMsg });

function answer(reply: FastifyReply, keys: SandboxKeys, method: string, content: object): FastifyReply {
  const inner = JSON.stringify(content);
  const sign = createSign("RSA-SHA256").update(inner, "utf8").sign(keys.alipayPrivate, "base64");
  return reply.header("content-type", "application/json; charset=utf-8").send(`{"${method.replaceAll(".", "_")}_response":${inner},"sign":"${sign}"}`);
}

function paramsOf(request: FastifyRequest): AlipayParams {
  const source = request.method === "GET" ? new URLSearchParams(request.url.slice(request.url.indexOf("?") + 1)) : new URLSearchParams(scalarText(request.body));
  return Object.fromEntries(source.entries());
}

function bizOf(params: AlipayParams): Record<string, unknown> | null {
  try {
    const biz = JSON.parse(params.biz_content ?? "{}") as unknown;
    return biz && typeof biz === "object" ? (biz as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The payer pays an Alipay trade (the pay page's 确认支付): the trade is paid and the notification sent. */
export async function payAlipayTrade(sandbox: Pick<AlipaySandbox, "books" | "keys" | "notifier">, trade: SandboxTrade, paidFen = trade.totalFen): Promise<boolean> {
  if (trade.state === "NOTPAY")
    sandbox.books.updateTrade(trade, { state: "SUCCESS", transactionId: `2026${Date.now()}${randomBytes(4).toString("hex")}`.slice(0, 28), paidAt: new Date().toISOString(), paidFen });
  return resendAlipayNotification(sandbox, trade);
}

/** Sends a paid trade's notification (again). */
export function resendAlipayNotification(sandbox: Pick<AlipaySandbox, "keys" | "notifier">, trade: SandboxTrade): Promise<boolean> {
  const paid = fenToYuan(trade.paidFen ?? trade.totalFen);
  const params: AlipayParams = {
    notify_time: alipayTimestamp(),
    notify_type: "trade_status_sync",
    notify_id: randomBytes(16).toString("hex"),
    app_id: trade.appId,
    charset: "utf-8",
    version: "1.0",
    sign_type: "RSA2",
    trade_no: trade.transactionId ?? "",
    out_trade_no: trade.outTradeNo,
    trade_status: "TRADE_SUCCESS",
    total_amount: paid,
    receipt_amount: paid,
    buyer_pay_amount: paid,
    subject: trade.description,
    gmt_create: alipayTimestamp(new Date(trade.createdAt)),
    gmt_payment: alipayTimestamp(new Date(trade.paidAt ?? Date.now())),
  };
  const body = new URLSearchParams({ ...params, sign: signParams(params, sandbox.keys.alipayPrivate, "notification") }).toString();
  return sandbox.notifier.send({
    url: trade.notifyUrl,
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    body,
    acknowledged: (_status, text) => text.trim() === ALIPAY_ACK,
  });
}

const tradeJson = (trade: SandboxTrade) => ({
  code: "10000",
  msg: "Success",
  out_trade_no: trade.outTradeNo,
  ...(trade.transactionId ? { trade_no: trade.transactionId } : {}),
  trade_status: { NOTPAY: "WAIT_BUYER_PAY", SUCCESS: "TRADE_SUCCESS", CLOSED: "TRADE_CLOSED", REFUND: "TRADE_SUCCESS" }[trade.state],
  total_amount: fenToYuan(trade.totalFen),
  ...(trade.paidAt ? { send_pay_date: alipayTimestamp(new Date(trade.paidAt)) } : {}),
});

export function alipaySandboxRoutes(app: FastifyInstance, sandbox: AlipaySandbox): void {
  const { books, keys } = sandbox;

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = paramsOf(request);
    const method = params.method ?? "";
    if (!verifyRequest(params, keys.merchantPublic)) return answer(reply, keys, method || "error", { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" });
    const biz = bizOf(params);
    if (method === "alipay.data.dataservice.bill.downloadurl.query") {
      const day = scalarText(biz?.bill_date);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || biz?.bill_type !== "trade")
        return answer(reply, keys, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-arguments", sub_msg: "参数无效" });
      const { trades, refunds } = statementOf(books, params.app_id ?? "", day);
      if (trades.length === 0 && refunds.length === 0) return answer(reply, keys, method, failed("isp.bill_not_exist", "账单不存在"));
      const url = `${sandbox.publicBase(request)}/alipay/bill/download?${new URLSearchParams({ day, app: params.app_id ?? "" }).toString()}`;
      return answer(reply, keys, method, { code: "10000", msg: "Success", bill_download_url: url });
    }
    const outTradeNo = typeof biz?.out_trade_no === "string" ? biz.out_trade_no : "";
    if (!biz || !outTradeNo) return answer(reply, keys, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.missing-out-trade-no", sub_msg: "缺少商户订单号" });
    const trade = books.trade("alipay", outTradeNo);

    if (method === "alipay.trade.precreate" || method === "alipay.trade.wap.pay") {
      const totalFen = tryFen(scalarText(biz.total_amount));
      if (totalFen === null || totalFen <= 0 || !params.notify_url)
        return answer(reply, keys, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-total-amount", sub_msg: "金额或通知地址无效" });
      if (trade && trade.totalFen !== totalFen) return answer(reply, keys, method, failed("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改"));
      if (trade && trade.state !== "NOTPAY") return answer(reply, keys, method, failed("ACQ.TRADE_HAS_SUCCESS", "交易已被支付"));
      const kind = method === "alipay.trade.wap.pay" ? "wap" : "precreate";
      const made =
        trade ??
        books.addTrade({
          gateway: "alipay",
          merchantId: params.app_id ?? "",
          appId: params.app_id ?? "",
          outTradeNo,
          description: scalarText(biz.subject),
          totalFen,
          notifyUrl: params.notify_url,
          returnUrl: params.return_url,
          kind,
          expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
        });
      const page = `${sandbox.publicBase(request)}/pay/${made.token}`;
      if (kind === "wap") return reply.redirect(page);
      return answer(reply, keys, method, { code: "10000", msg: "Success", out_trade_no: outTradeNo, qr_code: page });
    }
    if (!trade) return answer(reply, keys, method, failed("ACQ.TRADE_NOT_EXIST", "交易不存在"));
    if (method === "alipay.trade.query") return answer(reply, keys, method, tradeJson(trade));
    if (method === "alipay.trade.close") {
      if (trade.state !== "NOTPAY") return answer(reply, keys, method, failed("ACQ.TRADE_STATUS_ERROR", "交易状态不合法"));
      books.updateTrade(trade, { state: "CLOSED" });
      return answer(reply, keys, method, { code: "10000", msg: "Success", out_trade_no: outTradeNo });
    }
    if (method === "alipay.trade.refund") {
      const requestNo = scalarText(biz.out_request_no) || outTradeNo;
      const already = books.refund("alipay", requestNo);
      if (already)
        return answer(reply, keys, method, { code: "10000", msg: "Success", out_trade_no: outTradeNo, trade_no: trade.transactionId, refund_fee: fenToYuan(already.refundFen), fund_change: "N" });
      const refundFen = tryFen(scalarText(biz.refund_amount));
      const refunded = books.refundsOf("alipay", outTradeNo).reduce((s, r) => s + r.refundFen, 0);
      if (trade.state === "NOTPAY" || trade.state === "CLOSED") return answer(reply, keys, method, failed("ACQ.TRADE_STATUS_ERROR", "交易状态不合法"));
      if (refundFen === null || refundFen <= 0 || refunded + refundFen > (trade.paidFen ?? trade.totalFen))
        return answer(reply, keys, method, failed("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限"));
      const now = new Date().toISOString();
      books.addRefund({ gateway: "alipay", outTradeNo, outRefundNo: requestNo, refundId: requestNo, refundFen, reason: scalarText(biz.refund_reason), status: "SUCCESS", succeededAt: now });
      return answer(reply, keys, method, { code: "10000", msg: "Success", out_trade_no: outTradeNo, trade_no: trade.transactionId, refund_fee: fenToYuan(refunded + refundFen), fund_change: "Y" });
    }
    if (method === "alipay.trade.fastpay.refund.query") {
      const refund = books.refund("alipay", scalarText(biz.out_request_no));
      if (!refund) return answer(reply, keys, method, { code: "10000", msg: "Success", out_trade_no: outTradeNo });
      return answer(reply, keys, method, {
        code: "10000",
        msg: "Success",
        out_trade_no: outTradeNo,
        out_request_no: refund.outRefundNo,
        refund_amount: fenToYuan(refund.refundFen),
        refund_status: "REFUND_SUCCESS",
      });
    }
    return answer(reply, keys, method || "error", { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-method", sub_msg: "不存在的方法名" });
  };

  // The statement's address (as the real one: not signed, short-lived there, open here).
  app.get<{ Querystring: { day?: string; app?: string } }>("/bill/download", async (request, reply) => {
    const day = request.query.day ?? "";
    const app = request.query.app ?? "";
    const { trades, refunds } = statementOf(books, app, day);
    const stem = `${app}_${day.replaceAll("-", "")}`;
    const zip = writeZip([
      {
        name: `${stem}_业务明细.csv`,
        data: Buffer.from(
          billDetail(app, day, trades, refunds, (r) => books.trade("alipay", r.outTradeNo)),
          "utf8",
        ),
      },
      { name: `${stem}_业务明细(汇总).csv`, data: Buffer.from(`#支付宝业务汇总查询\n#账号：[${app}]\n`, "utf8") },
    ]);
    return reply.header("content-type", "application/octet-stream").header("content-disposition", `attachment; filename="${stem}.csv.zip"`).send(zip);
  });

  app.post("/gateway.do", handle);
  app.get("/gateway.do", handle);
}

/** An app's trades paid and refunds made on a China-time day. */
function statementOf(books: SandboxBooks, appId: string, day: string): { trades: SandboxTrade[]; refunds: SandboxRefund[] } {
  const { trades, refunds } = books.ofDay("alipay", day, (iso) => chinaDay(new Date(iso)));
  return { trades: trades.filter((t) => t.appId === appId), refunds: refunds.filter((r) => books.trade("alipay", r.outTradeNo)?.appId === appId) };
}

/** The statement's detail file as Alipay writes it: `#` lines, the header, rows whose values end with a tab, the totals. */
function billDetail(appId: string, day: string, trades: SandboxTrade[], refunds: SandboxRefund[], tradeOf: (r: SandboxRefund) => SandboxTrade | undefined): string {
  const c = ALIPAY_BILL_COLUMNS;
  const header = [
    c.tradeNo,
    c.outTradeNo,
    c.kind,
    "商品名称",
    c.created,
    c.finished,
    "门店编号",
    "门店名称",
    "操作员",
    "终端号",
    "对方账户",
    `${c.amount}（元）`,
    `${c.received}（元）`,
    "支付宝红包（元）",
    "集分宝（元）",
    "支付宝优惠（元）",
    "商家优惠（元）",
    "券核销金额（元）",
    "券名称",
    "商家红包消费金额（元）",
    "卡消费金额（元）",
    c.refundNo,
    "服务费（元）",
    "分润（元）",
    "备注",
  ];
  const row = (values: string[]) => values.map((v) => `${v}\t`).join(",");
  const time = (iso: string) => alipayTimestamp(new Date(iso));
  const blanks = (n: number) => Array.from({ length: n }, () => "");
  const lines = [
    "#支付宝业务明细查询",
    `#账号：[${appId}]`,
    `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
    "#-----------------------------------------业务明细列表----------------------------------------",
    header.join(","),
    ...trades.map((t) => {
      const paid = fenToYuan(t.paidFen ?? t.totalFen);
      return row([
        t.transactionId ?? "",
        t.outTradeNo,
        "交易",
        t.description,
        time(t.createdAt),
        time(t.paidAt ?? t.createdAt),
        ...blanks(4),
        "sandbox-payer",
        paid,
        paid,
        ...blanks(8),
        "",
        "0.00",
        "0.00",
        "",
      ]);
    }),
    ...refunds.map((r) => {
      const trade = tradeOf(r);
      return row([
        trade?.transactionId ?? "",
        r.outTradeNo,
        "退款",
        trade?.description ?? "",
        time(r.createdAt),
        time(r.succeededAt ?? r.createdAt),
        ...blanks(4),
        "sandbox-payer",
        fenToYuan(trade?.totalFen ?? 0),
        `-${fenToYuan(r.refundFen)}`,
        ...blanks(8),
        r.outRefundNo,
        "0.00",
        "0.00",
        "",
      ]);
    }),
    "#-----------------------------------------业务明细列表结束------------------------------------",
    `#交易合计：${trades.length}笔`,
    `#退款合计：${refunds.length}笔`,
    `#导出时间：[${alipayTimestamp()}]`,
  ];
  return `${lines.join("\n")}\n`;
}
