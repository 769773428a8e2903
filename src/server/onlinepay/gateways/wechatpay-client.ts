// The merchant's side of WeChat Pay API v3: place an order (Native QR, JSAPI, H5), query it by
// `out_trade_no`, close it, refund it, download a day's trade bill. Every request is signed with the
// merchant's key and every answer's signature is checked with the platform key its serial names:
// an answer that does not verify is not believed (GatewayError "UNVERIFIED_ANSWER").
import { chinaDateTime, chinaWallClockIso } from "../../../common/china-time.ts";
import { authorizationHeader, verifyPlatformSignature, signedHeadersOf, type RequestSigner } from "./wechatpay.ts";
import { GatewayError, type Transport, fetchTransport } from "./transport.ts";
import { parseTradeBill, type WechatBillRow } from "./wechatpay-bill.ts";
import type { KeyObject } from "node:crypto";

export interface WechatMerchant extends RequestSigner {
  /** https://api.mch.weixin.qq.com, or the sandbox's address. */
  baseUrl: string;
  appid: string;
  /** Platform certificates' public keys by serial. */
  platformKeys: ReadonlyMap<string, KeyObject | string>;
}

export type WechatPayKind = "native" | "jsapi" | "h5";

export interface WechatOrder {
  outTradeNo: string;
  description: string;
  totalFen: number;
  expiresAt: Date;
  notifyUrl: string;
  attach?: string;
  /** JSAPI: the payer's openid. */
  openid?: string;
  /** H5: the payer's address. */
  clientIp?: string;
}

/** What the payer is given: a QR's text (Native), a prepay id (JSAPI) or a page's address (H5). */
export interface PlacedOrder {
  codeUrl?: string;
  prepayId?: string;
  h5Url?: string;
}

export type WechatTradeState = "SUCCESS" | "REFUND" | "NOTPAY" | "CLOSED" | "REVOKED" | "USERPAYING" | "PAYERROR";

export interface WechatTrade {
  outTradeNo: string;
  transactionId: string | null;
  tradeState: WechatTradeState;
  totalFen: number;
  successTime: string | null;
}

export interface WechatRefund {
  outRefundNo: string;
  refundId: string | null;
  status: "SUCCESS" | "CLOSED" | "PROCESSING" | "ABNORMAL";
  refundFen: number;
}

/** RFC 3339 in China time, as the gateway writes and reads times. */
export const rfc3339China = (at: Date): string => chinaWallClockIso(chinaDateTime(at));

export function wechatPayClient(merchant: WechatMerchant, transport: Transport = fetchTransport) {
  async function call<T>(method: "GET" | "POST", path: string, payload?: object): Promise<{ status: number; data: T | null; text: string }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const headers: Record<string, string> = { accept: "application/json", authorization: authorizationHeader(merchant, method, path, body) };
    if (payload !== undefined) headers["content-type"] = "application/json";
    const answer = await transport(`${merchant.baseUrl}${path}`, { method, headers, body: payload === undefined ? undefined : body });
    const text = await answer.text();
    const signed = signedHeadersOf(answer.headers);
    if (!signed || verifyPlatformSignature(signed, text, merchant.platformKeys) !== "ok")
      throw new GatewayError("UNVERIFIED_ANSWER", `answer ${answer.status} of ${path} carries no valid platform signature`, answer.status);
    const data = text === "" ? null : (JSON.parse(text) as T);
    if (answer.status >= 400) {
      const failure = (data ?? {}) as { code?: string; message?: string };
      throw new GatewayError(failure.code ?? "HTTP_ERROR", failure.message ?? `HTTP ${answer.status}`, answer.status);
    }
    return { status: answer.status, data, text };
  }

  const tradeOf = (raw: Record<string, unknown>): WechatTrade => ({
    outTradeNo: String(raw.out_trade_no),
    transactionId: typeof raw.transaction_id === "string" ? raw.transaction_id : null,
    tradeState: raw.trade_state as WechatTradeState,
    totalFen: Number((raw.amount as { total?: number } | undefined)?.total ?? 0),
    successTime: typeof raw.success_time === "string" ? raw.success_time : null,
  });

  const refundOf = (raw: Record<string, unknown>): WechatRefund => ({
    outRefundNo: String(raw.out_refund_no),
    refundId: typeof raw.refund_id === "string" ? raw.refund_id : null,
    status: raw.status as WechatRefund["status"],
    refundFen: Number((raw.amount as { refund?: number } | undefined)?.refund ?? 0),
  });

  return {
    async placeOrder(kind: WechatPayKind, order: WechatOrder): Promise<PlacedOrder> {
      const payload: Record<string, unknown> = {
        appid: merchant.appid,
        mchid: merchant.mchid,
        description: order.description,
        out_trade_no: order.outTradeNo,
        time_expire: rfc3339China(order.expiresAt),
        notify_url: order.notifyUrl,
        amount: { total: order.totalFen, currency: "CNY" },
      };
      if (order.attach) payload.attach = order.attach;
      if (kind === "jsapi") payload.payer = { openid: order.openid };
      if (kind === "h5") payload.scene_info = { payer_client_ip: order.clientIp ?? "127.0.0.1", h5_info: { type: "Wap" } };
      const { data } = await call<{ code_url?: string; prepay_id?: string; h5_url?: string }>("POST", `/v3/pay/transactions/${kind}`, payload);
      return { codeUrl: data?.code_url, prepayId: data?.prepay_id, h5Url: data?.h5_url };
    },

    /** The order at the gateway; null when the gateway has never heard of it. */
    async queryOrder(outTradeNo: string): Promise<WechatTrade | null> {
      try {
        const { data } = await call<Record<string, unknown>>("GET", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(merchant.mchid)}`);
        return data ? tradeOf(data) : null;
      } catch (err) {
        if (err instanceof GatewayError && err.code === "ORDER_NOT_EXIST") return null;
        throw err;
      }
    },

    async closeOrder(outTradeNo: string): Promise<void> {
      await call("POST", `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: merchant.mchid });
    },

    async refund(input: { outTradeNo: string; outRefundNo: string; refundFen: number; totalFen: number; reason: string; notifyUrl: string }): Promise<WechatRefund> {
      const { data } = await call<Record<string, unknown>>("POST", "/v3/refund/domestic/refunds", {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: input.reason,
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: "CNY" },
      });
      return refundOf(data ?? {});
    },

    async queryRefund(outRefundNo: string): Promise<WechatRefund | null> {
      try {
        const { data } = await call<Record<string, unknown>>("GET", `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
        return data ? refundOf(data) : null;
      } catch (err) {
        if (err instanceof GatewayError && err.code === "RESOURCE_NOT_EXISTS") return null;
        throw err;
      }
    },

    /** A China-time day's trade bill, payments and refunds; [] when the gateway has none for that day. */
    async tradeBill(day: string): Promise<WechatBillRow[]> {
      let link: { download_url?: string } | null;
      try {
        link = (await call<{ download_url?: string }>("GET", `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`)).data;
      } catch (err) {
        if (err instanceof GatewayError && err.code === "NO_STATEMENT_EXIST") return [];
        throw err;
      }
      if (!link?.download_url) return [];
      const url = new URL(link.download_url);
      // The signed path is the one after the gateway's base path (the whole path at the real gateway),
      // whatever host spelling the answer used (an address with or without its default port).
      const basePath = new URL(merchant.baseUrl).pathname.replace(/\/$/, "");
      const path = `${url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname}${url.search}`;
      // The file itself is not signed; the request for it is, and it comes from the address the signed answer gave.
      const answer = await transport(link.download_url, { method: "GET", headers: { authorization: authorizationHeader(merchant, "GET", path, "") } });
      if (answer.status >= 400) throw new GatewayError("BILL_DOWNLOAD_FAILED", `HTTP ${answer.status}`, answer.status);
      return parseTradeBill(await answer.text());
    },
  };
}
