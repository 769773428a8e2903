// A gateway's callback taken or not: checked with the merchant's keys (gateways/callbacks.ts), kept
// in online_payment_notifications whatever its verdict (the trail of online money), and, when it is
// believed, settled in the same transaction as its record (settle.ts; a refund's word: refunds.ts). Taken means the gateway may
// stop sending it; a callback that fails a check, or whose settling failed, is not taken (the
// gateway sends it again, nothing is lost).
import { NotificationOutcome, NotificationVerdict, PayGateway } from "../../../generated/states.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { readAlipayNotification, readWechatCallback, type CallbackVerdict } from "./gateways/callbacks.ts";
import { merchantById, type Merchant } from "./merchants.ts";
import type { OnlinePayContext } from "./orders.ts";
import { settleRefundEvent } from "./refunds.ts";
import { settlePaid } from "./settle.ts";

const VERDICT: Record<Exclude<CallbackVerdict, { ok: true }>["reason"], number> = {
  unsigned: NotificationVerdict.Unsigned,
  badSignature: NotificationVerdict.BadSignature,
  unknownSerial: NotificationVerdict.UnknownSerial,
  staleTimestamp: NotificationVerdict.Stale,
  undecryptable: NotificationVerdict.Undecryptable,
  malformed: NotificationVerdict.Malformed,
};

/** Kept bodies are cut here: a callback is a few kilobytes; anything longer is not one. */
const MAX_KEPT_BODY = 16_384;

const keep = (db: DbSession, merchant: Merchant, outTradeNo: string | null, verdict: number, outcome: number | null, body: string) =>
  db.query(
    sql`insert into online_payment_notifications (tenant_id, merchant_id, gateway, out_trade_no, verdict, outcome, received_at, body)
        values (${merchant.tenantId}, ${merchant.id}, ${merchant.gateway}, ${outTradeNo?.slice(0, 64) ?? null}, ${verdict}, ${outcome}, now(), ${body.slice(0, MAX_KEPT_BODY)})`,
  );

/** Takes a callback addressed to merchant `merchantId` of `gateway`; whether it is taken. */
export async function takeCallback(ctx: OnlinePayContext, gateway: number, merchantId: number, headers: Record<string, string | string[] | undefined>, body: string): Promise<boolean> {
  const merchant = await merchantById(ctx.db, ctx, merchantId);
  // An address naming no merchant of this gateway has no tenant to keep it for: refused, not kept.
  if (!merchant || merchant.gateway !== gateway) return false;
  let verdict: CallbackVerdict;
  if (gateway === PayGateway.WechatPay && merchant.wechat) verdict = readWechatCallback(headers, body, { platformKeys: merchant.wechat.platformKeys, apiV3Key: merchant.wechat.apiV3Key });
  else if (merchant.alipay) verdict = readAlipayNotification(Object.fromEntries(new URLSearchParams(body)), merchant.alipay.alipayPublicKey);
  else return false;
  if (!verdict.ok) {
    await keep(ctx.db, merchant, null, VERDICT[verdict.reason], null, body);
    return false;
  }
  const event = verdict.event;
  return ctx.db.transaction(async (tx) => {
    const outcome = !event ? NotificationOutcome.Ignored : event.kind === "paid" ? await settlePaid(tx, merchant, event) : await settleRefundEvent(tx, merchant, event);
    await keep(tx, merchant, event?.outTradeNo ?? null, NotificationVerdict.Verified, outcome, body);
    return true;
  });
}
