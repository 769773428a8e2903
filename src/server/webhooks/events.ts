// An event to push (public.ts): one delivery per enabled subscription of the tenant that asked for
// it, written in the caller's transaction, so an event is pushed exactly when what it tells of is
// committed. The sweep (delivery.ts) sends it shortly after.
import { randomUUID } from "node:crypto";
import { sql, type Sql } from "../platform/db/sql.ts";
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

/**
 * Queues one `event` per row of `data` (a query answering one jsonb column, `data`) for every
 * subscription of the tenant that takes it, in one statement whatever the number of events: for a
 * set-based write (an approval paying a thousand bills from their balances). Each event has an id of
 * its own, the same in every subscription's delivery of it.
 */
export async function queueWebhookEvents(tx: DbSession, tenantId: number, event: WebhookEvent, data: Sql): Promise<void> {
  const createdAt = new Date().toISOString();
  // The events' rows are read only when a subscription takes them (the condition is evaluated once).
  const taken = sql`exists (select 1 from webhook_subscriptions where tenant_id = ${tenantId} and enabled and events @> jsonb_build_array(${event}::text))`;
  await tx.query(
    sql`with e as materialized (select gen_random_uuid()::text as id, d.data from (${data}) d where ${taken})
        insert into webhook_deliveries (tenant_id, subscription_id, event, event_id, payload, status, attempts, next_attempt_at)
        select s.tenant_id, s.id, ${event}, e.id,
               jsonb_build_object('id', e.id, 'event', ${event}::text, 'createdAt', ${createdAt}::text, 'tenantId', ${tenantId}::bigint, 'data', e.data),
               ${WebhookDeliveryStatus.Pending}, 0, now()
          from webhook_subscriptions s cross join e
         where s.tenant_id = ${tenantId} and s.enabled and s.events @> jsonb_build_array(${event}::text)`,
  );
}

/** resident.created for inhabitants just added (ids only: the receiver reads them through the API), one statement for any number. */
export async function queueResidentsCreated(tx: DbSession, tenantId: number, inhabitantIds: readonly number[]): Promise<void> {
  if (!inhabitantIds.length) return;
  await queueWebhookEvents(
    tx,
    tenantId,
    "resident.created",
    sql`select jsonb_build_object('inhabitantId', id, 'communityId', community_id, 'roomId', room_id) as data
          from inhabitants where tenant_id = ${tenantId} and id = any(${inhabitantIds}::bigint[]) order by id`,
  );
}
