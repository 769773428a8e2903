// The pay link a dunning letter prints for each room: /api/pay/rooms/<token>/pay, where the token is
// the tenant and room with an HMAC-SHA256 under the server's secrets key (not guessable, nothing
// stored). Opening it makes an order for what the room owes then (or sends the payer to the room's
// open order again) and redirects to the gateway's pay page; a link that cannot be used shows a page
// that says why.
import { createHmac, timingSafeEqual } from "node:crypto";
import { texts } from "../../../generated/texts.ts";
import { escapeHtml } from "./html.ts";

const MAC_BYTES = 12;

export function payLinkToken(key: Buffer, tenantId: number, roomId: number): string {
  const subject = `${tenantId}.${roomId}`;
  const mac = createHmac("sha256", key).update(subject).digest().subarray(0, MAC_BYTES).toString("base64url");
  return `${tenantId}-${roomId}-${mac}`;
}

/** The tenant and room a token names, or null when it is not one this server made. */
export function readPayLinkToken(key: Buffer, token: string): { tenantId: number; roomId: number } | null {
  const match = /^(\d{1,15})-(\d{1,15})-([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return null;
  const tenantId = Number(match[1]);
  const roomId = Number(match[2]);
  const expected = Buffer.from(payLinkToken(key, tenantId, roomId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { tenantId, roomId } : null;
}

/** The page a phone shows when the link cannot be used. */
export function payLinkPage(message: string): string {
  const title = texts.onlinePay.linkTitle;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p></main></body></html>`;
}
