// What other domains use of webhooks: telling of an event inside their own transaction.
export { queueResidentsCreated, queueWebhookEvent, queueWebhookEvents } from "./events.ts";
