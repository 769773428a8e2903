// A delivery's signature (DESIGN "Machine access", docs/api.md "Webhooks"): hex HMAC-SHA256 under the
// subscription's secret of `timestamp + "." + body`, the timestamp in Unix seconds. A receiver
// recomputes it over the raw body and refuses a timestamp far from its clock (replays).
import { createHmac, randomBytes } from "node:crypto";

export const TIMESTAMP_HEADER = "X-Neptune-Timestamp";
export const SIGNATURE_HEADER = "X-Neptune-Signature";
export const EVENT_HEADER = "X-Neptune-Event";
export const DELIVERY_HEADER = "X-Neptune-Delivery";

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** A new signing secret: 32 random bytes, hex, with a prefix that says what it is. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("hex")}`;
