// Sending the queued deliveries (events.ts). Any server's sweep takes the due ones (待推送, or 重试中
// whose next try has come) with FOR UPDATE SKIP LOCKED and leases them for a minute, so two servers
// never send the same try; each is POSTed signed (signature.ts) and its outcome recorded: 推送成功 on a
// 2xx answer, else 重试中 with the next try after a growing wait, and 推送失败 after the last.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { sql, type Statement } from "../platform/db/sql.ts";
import type { Db } from "../platform/db/types.ts";
import type { SecretBox } from "../platform/secrets.ts";
import { WebhookDeliveryStatus } from "../../../generated/states.ts";
import { texts } from "../../../generated/texts.ts";
import { guardedLookup, pushUrlProblem } from "./addresses.ts";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from "./signature.ts";

/** Seconds before each retry: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h — 8 tries in all. */
export const RETRY_WAITS_S = [30, 120, 600, 1800, 3600, 10800, 21600];
const LEASE_S = 60;
const BATCH = 20;
const TIMEOUT_MS = 10_000;

interface Due {
  id: number;
  tenantId: number;
  subscriptionId: number;
  event: string;
  eventId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string | null;
  allowPrivateNetwork: boolean;
}

/** The sweep's claim, also named to the write watch as a write that needs no new sweep. */
export const claimDue = (): Statement =>
  sql`update webhook_deliveries d set next_attempt_at = now() + ${`${LEASE_S} seconds`}::interval
        from (select w.tenant_id, w.id from webhook_deliveries w
               where w.status in (${WebhookDeliveryStatus.Pending}, ${WebhookDeliveryStatus.Retrying}) and w.next_attempt_at <= now()
               order by w.next_attempt_at limit ${BATCH} for update skip locked) due,
             webhook_subscriptions s
       where d.tenant_id = due.tenant_id and d.id = due.id and s.tenant_id = d.tenant_id and s.id = d.subscription_id
   returning d.id, d.tenant_id as "tenantId", d.subscription_id as "subscriptionId", d.event, d.event_id as "eventId", d.payload::text as payload,
             d.attempts, s.url, s.secret, coalesce(s.allow_private_network, false) as "allowPrivateNetwork"`;

/** A try's outcome; like the claim, a write that needs no new sweep. */
export const recordTry = (tenantId: number, id: number, ok: boolean, attempts: number, statusCode: number | null, error: string | null): Statement => {
  const last = attempts >= RETRY_WAITS_S.length + 1;
  const status = ok ? WebhookDeliveryStatus.Delivered : last ? WebhookDeliveryStatus.Failed : WebhookDeliveryStatus.Retrying;
  const wait = ok || last ? null : `${RETRY_WAITS_S[attempts - 1]} seconds`;
  return sql`update webhook_deliveries set status = ${status}, attempts = ${attempts}, last_status_code = ${statusCode}, last_error = ${error},
                    last_attempt_at = now(), delivered_at = case when ${ok}::boolean then now() else delivered_at end,
                    next_attempt_at = case when ${wait}::interval is null then null else now() + ${wait}::interval end,
                    updated_at = now(), version = version + 1
              where tenant_id = ${tenantId} and id = ${id}`;
};

export const markSubscriptionDelivered = (tenantId: number, subscriptionId: number): Statement =>
  sql`update webhook_subscriptions set last_delivered_at = now() where tenant_id = ${tenantId} and id = ${subscriptionId}`;

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** POSTs one delivery; never throws. */
export async function post(url: string, body: string, headers: Record<string, string>, allowInternal: boolean): Promise<Outcome> {
  const problem = pushUrlProblem(url, allowInternal);
  if (problem) return { ok: false, statusCode: null, error: problem === "internal" ? texts.webhookErrors.internalAddress : texts.webhookErrors.badAddress };
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    const req = send(
      target,
      {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(body)), "User-Agent": "Neptune-Webhook/1", ...headers },
        lookup: guardedLookup(allowInternal),
        timeout: TIMEOUT_MS,
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on("end", () => {
          const statusCode = res.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          resolve({ ok, statusCode, error: ok ? null : `HTTP ${statusCode}` });
        });
        res.on("error", (err) => resolve({ ok: false, statusCode: res.statusCode ?? null, error: err.message.slice(0, 255) }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ ok: false, statusCode: null, error: (err.code === "EINTERNAL" ? texts.webhookErrors.resolvesInternal : err.message).slice(0, 255) }));
    req.end(body);
  });
}

/** Sends what is due now, batch after batch; the number of tries made. */
export async function sweepDeliveries(db: Db, box: SecretBox): Promise<number> {
  let tried = 0;
  for (;;) {
    const { rows } = await db.query<Due>(claimDue());
    if (!rows.length) return tried;
    await Promise.all(
      rows.map(async (d) => {
        const secret = box.open(d.secret);
        const timestamp = Math.floor(Date.now() / 1000);
        const outcome: Outcome = secret
          ? await post(
              d.url,
              d.payload,
              {
                [TIMESTAMP_HEADER]: String(timestamp),
                [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, d.payload),
                [EVENT_HEADER]: d.event,
                [DELIVERY_HEADER]: d.eventId,
              },
              d.allowPrivateNetwork,
            )
          : { ok: false, statusCode: null, error: texts.webhookErrors.secretUnreadable };
        await db.query(recordTry(d.tenantId, d.id, outcome.ok, d.attempts + 1, outcome.statusCode, outcome.error));
        if (outcome.ok) await db.query(markSubscriptionDelivered(d.tenantId, d.subscriptionId));
      }),
    );
    tried += rows.length;
  }
}
