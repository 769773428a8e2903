// One-time tickets (POST /api/auth/homepage/actions/getTicket, ticket-routes.ts): issued for the
// session's user, 5 minutes, stored hashed; another application exchanges one once with consumeTicket().
import type { DbSession } from "../platform/db/types.ts";
import { newToken, sha256Hex } from "../platform/session/tokens.ts";
import { TICKET_TTL_MS } from "../platform/session/settings.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

export async function issueTicket(db: DbSession, user: { userId: number; tenantId: number }, type: string): Promise<string> {
  const ticket = newToken();
  await db.query(
    sql`insert into tickets (ticket_hash, type, user_id, tenant_id, expires_at) values (${sha256Hex(ticket)}, ${type.slice(0, 32)}, ${user.userId}, ${user.tenantId}, now() + (${String(TICKET_TTL_MS)} || ' milliseconds')::interval)`,
  );
  await db.query(sql`delete from tickets where expires_at <= now()`);
  return ticket;
}

/** Marks the ticket used and returns its owner, or null when unknown, expired or already used. */
export async function consumeTicket(db: DbSession, ticket: string, type?: string): Promise<{ userId: number; tenantId: number; type: string } | null> {
  const rows = await camelRows<{ userId: number; tenantId: number; type: string }>(
    db,
    sql`update tickets set used_at = now()
      where ticket_hash = ${sha256Hex(ticket)} and used_at is null and expires_at > now() and (${type ?? null}::text is null or type = ${type ?? null})
      returning user_id, tenant_id, type`,
  );
  return rows[0] ?? null;
}
