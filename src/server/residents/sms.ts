// SMS sending behind one interface (docs/residents.md "SMS"). The built-in provider sends nothing:
// it writes each message to the tenant's outbox (resource smsOutbox, 系统管理 → 短信记录, and the
// operation listSmsOutbox), so the demo and the tests work without an SMS gateway. A real gateway is
// another SmsProvider handed to buildApp (AppOptions.smsProvider); the outbox then stays empty. The
// sign-in codes themselves are stored only as salted hashes, whichever provider sends them (codes.ts).
import type { FastifyInstance } from "fastify";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

export interface SmsMessage {
  tenantId: number;
  phone: string;
  text: string;
}

export interface SmsProvider {
  /** Sends one message; throws when the gateway refuses it. `db` is the caller's transaction. */
  send(db: DbSession, message: SmsMessage): Promise<void>;
}

/** The built-in provider: the message goes to the tenant's outbox (短信记录) and nowhere else. */
export const outboxSmsProvider: SmsProvider = {
  async send(db, { tenantId, phone, text }) {
    await db.query(sql`insert into sms_outbox (tenant_id, phone, content, sent_at) values (${tenantId}, ${phone}, ${text}, now())`);
  },
};

const providers = new WeakMap<FastifyInstance, SmsProvider>();

/** Sets the server's provider (app.ts: AppOptions.smsProvider, else the outbox). */
export function useSmsProvider(app: FastifyInstance, provider: SmsProvider): void {
  providers.set(app, provider);
}

export function smsProviderOf(app: FastifyInstance): SmsProvider {
  return providers.get(app) ?? outboxSmsProvider;
}
