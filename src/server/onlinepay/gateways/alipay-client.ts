// The merchant's side of Alipay's open platform: a QR order (alipay.trade.precreate), a phone
// browser's pay page (alipay.trade.wap.pay, a signed address the payer opens), query, close and
// refund. Every request is signed (RSA2); every answer's `sign` is checked with Alipay's public key
// over the exact text of its `…_response` member, as Alipay specifies: an answer that does not
// verify is not believed (GatewayError "UNVERIFIED_ANSWER").
import { createVerify, type KeyObject } from "node:crypto";
import { fenToYuan } from "../../../common/money.ts";
import { alipayTimestamp, signParams, type AlipayParams } from "./alipay.ts";
import { GatewayError, fenOfYuanText, fetchTransport, type Transport } from "./transport.ts";
import { readAlipayStatement, type AlipayBillRow } from "./alipay-bill.ts";
import { scalarText } from "../../../common/scalar-text.ts";

export interface AlipayMerchant {
  /** https://openapi.alipay.com/gateway.do, or the sandbox's address. */
  gatewayUrl: string;
  appId: string;
  /** The application's private key (signs requests). */
  privateKey: KeyObject | string;
  /** Alipay's public key (checks answers and notifications). */
  alipayPublicKey: KeyObject | string;
}

export type AlipayTradeStatus = "WAIT_BUYER_PAY" | "TRADE_CLOSED" | "TRADE_SUCCESS" | "TRADE_FINISHED";

export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string | null;
  tradeStatus: AlipayTradeStatus;
  totalFen: number;
  paidAt: string | null;
}

export interface AlipayOrder {
  outTradeNo: string;
  subject: string;
  totalFen: number;
  expiresAt: Date;
  notifyUrl: string;
  /** wap: where the payer's browser returns after paying. */
  returnUrl?: string;
}

const SUCCESS = "10000";

/** The exact text of an answer's `name` member (what Alipay signed), or null. */
export function signedMember(text: string, name: string): string | null {
  const key = `"${name}":`;
  const start = text.indexOf(key);
  const end = text.lastIndexOf(',"sign":"');
  if (start < 0 || end < start) return null;
  return text.slice(start + key.length, end);
}

export function alipayClient(merchant: AlipayMerchant, transport: Transport = fetchTransport) {
  function signed(method: string, biz: object, extra: Record<string, string> = {}): AlipayParams {
    const params: AlipayParams = {
      app_id: merchant.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: alipayTimestamp(),
      version: "1.0",
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: signParams(params, merchant.privateKey) };
  }

  async function call<T extends Record<string, unknown>>(method: string, biz: object, extra: Record<string, string> = {}): Promise<T> {
    const answer = await transport(merchant.gatewayUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
      body: new URLSearchParams(signed(method, biz, extra)).toString(),
    });
    const text = await answer.text();
    const member = `${method.replaceAll(".", "_")}_response`;
    const content = signedMember(text, member);
    let sign: unknown;
    try {
      sign = (JSON.parse(text) as { sign?: unknown }).sign;
    } catch {
      sign = undefined;
    }
    const believed = content !== null && typeof sign === "string" && createVerify("RSA-SHA256").update(content, "utf8").verify(merchant.alipayPublicKey, sign, "base64");
    if (!believed) throw new GatewayError("UNVERIFIED_ANSWER", `answer ${answer.status} of ${method} carries no valid signature`, answer.status);
    const data = JSON.parse(content) as T & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };
    if (data.code !== SUCCESS) throw new GatewayError(data.sub_code ?? data.code ?? "UNKNOWN", data.sub_msg ?? data.msg ?? "", answer.status);
    return data;
  }

  const bizOrder = (order: AlipayOrder) => ({ out_trade_no: order.outTradeNo, total_amount: fenToYuan(order.totalFen), subject: order.subject, time_expire: alipayTimestamp(order.expiresAt) });

  return {
    /** A QR's text for the order (the desk's screen, a printed letter). */
    async precreate(order: AlipayOrder): Promise<{ qrCode: string }> {
      const data = await call<{ qr_code?: string }>("alipay.trade.precreate", bizOrder(order), { notify_url: order.notifyUrl });
      return { qrCode: scalarText(data.qr_code) };
    },

    /** The signed address a phone's browser opens to pay (nothing is sent to Alipay until it does). */
    wapPayUrl(order: AlipayOrder): string {
      const params = signed(
        "alipay.trade.wap.pay",
        { ...bizOrder(order), product_code: "QUICK_WAP_WAY" },
        { notify_url: order.notifyUrl, ...(order.returnUrl ? { return_url: order.returnUrl } : {}) },
      );
      return `${merchant.gatewayUrl}?${new URLSearchParams(params).toString()}`;
    },

    /** The trade at Alipay; null when Alipay has never heard of it (the payer has not opened it yet). */
    async query(outTradeNo: string): Promise<AlipayTrade | null> {
      try {
        const data = await call<Record<string, unknown>>("alipay.trade.query", { out_trade_no: outTradeNo });
        return {
          outTradeNo: String(data.out_trade_no),
          tradeNo: typeof data.trade_no === "string" ? data.trade_no : null,
          tradeStatus: data.trade_status as AlipayTradeStatus,
          totalFen: fenOfYuanText(scalarText(data.total_amount)),
          paidAt: typeof data.send_pay_date === "string" ? data.send_pay_date : null,
        };
      } catch (err) {
        if (err instanceof GatewayError && err.code === "ACQ.TRADE_NOT_EXIST") return null;
        throw err;
      }
    },

    /** Closes an unpaid trade; a trade Alipay never saw needs no closing. */
    async close(outTradeNo: string): Promise<void> {
      try {
        await call("alipay.trade.close", { out_trade_no: outTradeNo });
      } catch (err) {
        if (err instanceof GatewayError && err.code === "ACQ.TRADE_NOT_EXIST") return;
        throw err;
      }
    },

    /** Refunds part or all of a paid trade; `outRequestNo` makes a repeated request the same refund. */
    async refund(input: { outTradeNo: string; outRequestNo: string; refundFen: number; reason: string }): Promise<{ refundFen: number; fundChanged: boolean }> {
      const data = await call<{ refund_fee?: string; fund_change?: string }>("alipay.trade.refund", {
        out_trade_no: input.outTradeNo,
        out_request_no: input.outRequestNo,
        refund_amount: fenToYuan(input.refundFen),
        refund_reason: input.reason,
      });
      return { refundFen: fenOfYuanText(String(data.refund_fee ?? "0")), fundChanged: data.fund_change === "Y" };
    },

    /** A refund's state; null when Alipay has no refund by that request number. */
    async queryRefund(outTradeNo: string, outRequestNo: string): Promise<{ refundFen: number; status: string } | null> {
      const data = await call<{ refund_status?: string; refund_amount?: string }>("alipay.trade.fastpay.refund.query", { out_trade_no: outTradeNo, out_request_no: outRequestNo });
      if (!data.refund_status && !data.refund_amount) return null;
      return { refundFen: fenOfYuanText(String(data.refund_amount ?? "0")), status: data.refund_status ?? "REFUND_SUCCESS" };
    },

    /**
     * A China-time day's trade statement (alipay.data.dataservice.bill.downloadurl.query, bill_type
     * trade, then the zip at the address it answers); [] when Alipay has none for that day.
     */
    async tradeBill(day: string): Promise<AlipayBillRow[]> {
      let url: string;
      try {
        const data = await call<{ bill_download_url?: string }>("alipay.data.dataservice.bill.downloadurl.query", { bill_type: "trade", bill_date: day });
        url = scalarText(data.bill_download_url);
      } catch (err) {
        if (err instanceof GatewayError && err.code === "isp.bill_not_exist") return [];
        throw err;
      }
      if (!url) return [];
      const answer = await transport(url, { method: "GET", headers: {} });
      if (answer.status >= 400) throw new GatewayError("BILL_DOWNLOAD_FAILED", `HTTP ${answer.status}`, answer.status);
      return readAlipayStatement(await answer.bytes());
    },
  };
}
