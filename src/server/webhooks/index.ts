// Webhooks (docs/api.md "Webhooks"): a tenant's 事件推送 subscriptions and their 推送记录. Domains tell of
// events through public.ts inside their transactions; a write of deliveries wakes a sweep on the job
// queue (after its commit), and a cron sweeps every minute for retries that have come due, so any
// server sends them, once. 重新推送 is the deliveries' generic state action (redeliverWebhook).
import type { FastifyInstance } from "fastify";
import { registerResourceHooks } from "../crud/hooks.ts";
import { processSecretsKey, secretBox } from "../platform/secrets.ts";
import { claimDue, markSubscriptionDelivered, recordTry, sweepDeliveries } from "./delivery.ts";
import { subscriptionHooks } from "./subscriptions.ts";
import { queueResidentsCreated } from "./events.ts";

const SWEEP = "webhooks.sweep";

export async function webhooksModule(app: FastifyInstance): Promise<void> {
  const box = secretBox(processSecretsKey(app.dataDir));
  registerResourceHooks("webhookSubscriptions", subscriptionHooks(box));
  registerResourceHooks("webhookDeliveries", {
    beforeAction: {
      // Sent again from the first try: now, with all its tries ahead of it.
      async redeliver({ columns }) {
        columns.set("attempts", 0);
        columns.set("next_attempt_at", new Date().toISOString());
      },
    },
  });
  registerResourceHooks("inhabitants", {
    async afterWrite(tx, session, id, mode) {
      if (mode !== "create") return;
      // Ids only: the receiver reads the resident through the API, with a token that may read residents.
      // The other ways a resident is made tell of it themselves: the Excel import, 入住审核's approval.
      await queueResidentsCreated(tx, session.tenantId, [id]);
    },
  });

  app.jobs.define(SWEEP, async () => void (await sweepDeliveries(app.db, box)), { retryLimit: 0 });
  app.jobs.schedule(SWEEP, "* * * * *");
  // A committed write of deliveries (an event, 重新推送) wakes a sweep now; the sweep's own writes do not.
  let waking = false;
  app.db.onWrite?.(
    ["webhook_deliveries"],
    () => {
      if (waking) return;
      waking = true;
      app.jobs
        .send(SWEEP, {}, { singletonKey: SWEEP })
        .catch((err: unknown) => app.log.error({ err }, "webhook sweep not woken"))
        .finally(() => (waking = false));
    },
    { ignore: [claimDue().text, recordTry(0, 0, true, 1, null, null).text, recordTry(0, 0, false, 1, null, null).text, markSubscriptionDelivered(0, 0).text] },
  );
}
