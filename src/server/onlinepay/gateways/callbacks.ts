// A gateway's callback, believed or not: the raw request (headers and the exact body text) checked
// as the gateway specifies (gateways/wechatpay.ts, gateways/alipay.ts) and, when it holds, read into
// one shape for both gateways. Nothing of a callback that fails a check is read.
import { ALIPAY_ACK, ALIPAY_NACK, verifyNotification } from "./alipay.ts";
import { fenOfYuanText } from "./transport.ts";
import { decryptResource, signedHeadersOf, verifyPlatformSignature, type EncryptedResource } from "./wechatpay.ts";
import type { KeyObject } from "node:crypto";

export interface GatewayEvent {
  /** paid; refunded (WeChat's REFUND.SUCCESS); refundFailed (REFUND.ABNORMAL, REFUND.CLOSED: the refund was not made). */
  kind: "paid" | "refunded" | "refundFailed";
  outTradeNo: string;
  /** The gateway's number of the payment. */
  transactionId: string;
  /** The order's amount the gateway took (paid), or what was refunded (refunded), in fen. */
  amountFen: number;
  outRefundNo?: string;
  /** The gateway's number of a refund (WeChat's refund_id). */
  refundId?: string;
  /** A refund's state as the gateway says it (SUCCESS, ABNORMAL, CLOSED). */
  refundStatus?: string;
  at: string | null;
}

export type CallbackVerdict = { ok: true; event: GatewayEvent | null } | { ok: false; reason: "unsigned" | "unknownSerial" | "staleTimestamp" | "badSignature" | "undecryptable" | "malformed" };

export interface WechatCallbackKeys {
  platformKeys: ReadonlyMap<string, KeyObject | string>;
  apiV3Key: string;
}

/** A WeChat Pay v3 callback. `event` is null for an event that changes nothing here (e.g. a payment not successful). */
export function readWechatCallback(headers: Record<string, string | string[] | undefined>, body: string, keys: WechatCallbackKeys, now = Date.now()): CallbackVerdict {
  const signed = signedHeadersOf(headers);
  if (!signed) return { ok: false, reason: "unsigned" };
  const check = verifyPlatformSignature(signed, body, keys.platformKeys, now);
  if (check !== "ok") return { ok: false, reason: check };
  let envelope: { event_type?: unknown; resource?: Partial<EncryptedResource> };
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const plain = envelope.resource ? decryptResource(envelope.resource, keys.apiV3Key) : null;
  if (plain === null) return { ok: false, reason: "undecryptable" };
  let resource: Record<string, unknown>;
  try {
    resource = JSON.parse(plain) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  // The order's amount as the gateway recorded it (`total`; what the payer paid after coupons is `payer_total`).
  const amount = (resource.amount ?? {}) as { total?: unknown; refund?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  if (envelope.event_type === "TRANSACTION.SUCCESS" && resource.trade_state === "SUCCESS") {
    const paid = Number(amount.total);
    if (!Number.isSafeInteger(paid) || !text(resource.out_trade_no) || !text(resource.transaction_id)) return { ok: false, reason: "malformed" };
    return { ok: true, event: { kind: "paid", outTradeNo: text(resource.out_trade_no), transactionId: text(resource.transaction_id), amountFen: paid, at: text(resource.success_time) || null } };
  }
  // A refund's outcome: REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED, the resource's refund_status saying the same.
  const refundEvents: Record<string, { status: string; kind: "refunded" | "refundFailed" }> = {
    "REFUND.SUCCESS": { status: "SUCCESS", kind: "refunded" },
    "REFUND.ABNORMAL": { status: "ABNORMAL", kind: "refundFailed" },
    "REFUND.CLOSED": { status: "CLOSED", kind: "refundFailed" },
  };
  const refundEvent = typeof envelope.event_type === "string" ? refundEvents[envelope.event_type] : undefined;
  if (refundEvent && resource.refund_status === refundEvent.status) {
    const refunded = Number(amount.refund);
    if (!Number.isSafeInteger(refunded) || !text(resource.out_refund_no)) return { ok: false, reason: "malformed" };
    return {
      ok: true,
      event: {
        kind: refundEvent.kind,
        outTradeNo: text(resource.out_trade_no),
        transactionId: text(resource.transaction_id),
        amountFen: refunded,
        outRefundNo: text(resource.out_refund_no),
        refundId: text(resource.refund_id) || undefined,
        refundStatus: refundEvent.status,
        at: text(resource.success_time) || null,
      },
    };
  }
  return { ok: true, event: null };
}

/** What WeChat Pay expects back: 204 when the callback is taken, else 4xx with a code and message (it sends again). */
// (400, not 5xx: a refused callback is the caller's, and the gateway sends again on any answer but 2xx.)
export const wechatAnswer = (taken: boolean) => (taken ? { status: 204, body: "" } : { status: 400, body: JSON.stringify({ code: "FAIL", message: "notification not taken" }) });

/** An Alipay trade_status_sync notification (form fields). */
export function readAlipayNotification(params: Record<string, string>, alipayPublicKey: KeyObject | string): CallbackVerdict {
  if (!params.sign) return { ok: false, reason: "unsigned" };
  if (!verifyNotification(params, alipayPublicKey)) return { ok: false, reason: "badSignature" };
  if (params.trade_status !== "TRADE_SUCCESS" && params.trade_status !== "TRADE_FINISHED") return { ok: true, event: null };
  if (!params.out_trade_no || !params.trade_no) return { ok: false, reason: "malformed" };
  let paid: number;
  try {
    paid = fenOfYuanText(params.total_amount ?? ""); // the order's amount (buyer_pay_amount is after coupons)
  } catch {
    return { ok: false, reason: "malformed" };
  }
  return { ok: true, event: { kind: "paid", outTradeNo: params.out_trade_no, transactionId: params.trade_no, amountFen: paid, at: params.gmt_payment || null } };
}

/** What Alipay expects back: the text `success` when the notification is taken (anything else: it sends again). */
export const alipayAnswer = (taken: boolean) => ({ status: 200, body: taken ? ALIPAY_ACK : ALIPAY_NACK });
