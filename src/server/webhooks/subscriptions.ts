// 事件推送's rules on the generic write path (crud/hooks.ts): the server makes the signing secret on
// create (answered once, sealed at rest), the events are kept once each, and an internal address
// needs 允许内网地址, which only the main account may turn on.
import { apiError } from "../platform/http/envelope.ts";
import { MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import { sql } from "../platform/db/sql.ts";
import type { SecretBox } from "../platform/secrets.ts";
import type { ResourceHooks, WriteContext } from "../crud/hooks.ts";
import { pushUrlProblem } from "./addresses.ts";
import { newWebhookSecret } from "./signature.ts";

async function stored(ctx: WriteContext): Promise<{ url: string; allowPrivateNetwork: boolean } | null> {
  if (ctx.id === undefined) return null;
  const { rows } = await ctx.db.query<{ url: string; allow: boolean | null }>(
    sql`select url, allow_private_network as allow from webhook_subscriptions where tenant_id = ${ctx.session.tenantId} and id = ${ctx.id}`,
  );
  return rows[0] ? { url: rows[0].url, allowPrivateNetwork: rows[0].allow === true } : null;
}

export function subscriptionHooks(box: SecretBox): ResourceHooks {
  return {
    async beforeWrite(ctx) {
      const { body, columns, session } = ctx;
      const before = await stored(ctx);
      const allow = body.allowPrivateNetwork === undefined || body.allowPrivateNetwork === null ? (before?.allowPrivateNetwork ?? false) : body.allowPrivateNetwork === true;
      if (allow && !before?.allowPrivateNetwork && session.userType !== MAIN_ACCOUNT) throw apiError("WEBHOOK_PRIVATE_MAIN_ONLY");
      const url = typeof body.url === "string" ? body.url : before?.url;
      const problem = url === undefined ? null : pushUrlProblem(url, allow);
      if (problem === "scheme") throw apiError("WEBHOOK_URL_SCHEME");
      if (problem === "internal") throw apiError("WEBHOOK_PRIVATE_ADDRESS");
      if (Array.isArray(body.events)) columns.set("events", JSON.stringify([...new Set(body.events)]));
      // The secret is the server's to make, once: never written from a body.
      columns.delete("secret");
      if (ctx.mode === "create") {
        const secret = newWebhookSecret();
        columns.set("secret", box.seal(secret));
        ctx.revealed.secret = secret;
      }
    },
    async beforeDelete(tx, session, ids) {
      // The delivery log goes with its subscription.
      await tx.query(sql`delete from webhook_deliveries where tenant_id = ${session.tenantId} and subscription_id = any(${ids}::bigint[])`);
    },
  };
}
