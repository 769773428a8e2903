// Ending a user's sessions for good: a password set (by anyone, through any path), the user disabled
// or deleted, its role, codes or community scope changed. Its sessions go and so do its unused
// tickets (getTicket), so nothing minted before the change opens a session after it, and enabling the
// user again revives nothing. Called inside the write's transaction. A delete from sessions is a
// watched write: after the commit every server empties its session cache (session-store.ts,
// session-revocation.ts), so the end holds on all of them at once.
import type { DbSession } from "../platform/db/types.ts";
import { anyOf, sql, when } from "../platform/db/sql.ts";

/** Deletes the users' sessions (but `keep`, the caller's current one, when given) and their unused tickets. */
export async function endSessionsOf(db: DbSession, tenantId: number, userIds: readonly number[], keep?: { tokenHash: string }): Promise<void> {
  if (!userIds.length) return;
  await db.query(sql`delete from sessions where tenant_id = ${tenantId} and ${anyOf(sql`user_id`, userIds)}${when(keep, () => sql` and token_hash <> ${keep!.tokenHash}`)}`);
  await db.query(sql`delete from tickets where tenant_id = ${tenantId} and ${anyOf(sql`user_id`, userIds)} and used_at is null`);
}
