// An event to push (public.ts): one delivery per enabled subscription of the tenant that asked for
// it, written in the caller's transaction, so an event is pushed exactly when what it tells of is
// committed. The sweep (delivery.ts) sends it shortly after.
import { randomUUID } from "node:crypto";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { WebhookDeliveryStatus } from "../../../generated/states.ts";

type WebhookEvent = "bill.paid" | "refund.approved" | "receipt.voided" | "resident.created" | "day.closed";

/** Queues `event` for every subscription of the tenant that takes it; nothing when none does. */
export async function queueWebhookEvent(tx: DbSession, tenantId: number, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  const id = randomUUID();
  const payload = JSON.stringify({ id, event, createdAt: new Date().toISOString(), tenantId, data });
  await tx.query(
    sql`insert into webhook_deliveries (tenant_id, subscription_id, event, event_id, payload, status, attempts, next_attempt_at)
        select tenant_id, id, ${event}, ${id}, ${payload}::jsonb, ${WebhookDeliveryStatus.Pending}, 0, now()
          from webhook_subscriptions
         where tenant_id = ${tenantId} and enabled and events @> jsonb_build_array(${event}::text)`,
  );
}
