// One INSERT of a resource row from API-shaped values, on a connection the caller holds (inside its
// transaction): what the state flows, device ingest and Excel import write with. The caller has
// validated the values (validateResource) and checked the community; tenant, community and
// created_by come from the session, never from the values. Read-only fields are written only when
// asked (device records carry them; a client form never does).
import type { SessionInfo } from "../platform/session/session-store.ts";
import { assertCommunity } from "../platform/session/community-scope.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { ResourceModel } from "./model.ts";
import type { ResourceInput } from "./row.ts";
import { ident } from "./sql.ts";
import { join, raw, sql } from "../platform/db/sql.ts";
import { castFor, toColumnValue } from "./values.ts";

export interface InsertOptions {
  /** Also write read-only fields (device records, server-made rows). */
  includeReadOnly?: boolean;
  /** The row's community (community-scoped resources). */
  communityId?: number | null;
}

export async function insertRow(tx: DbSession, model: ResourceModel, session: SessionInfo, values: ResourceInput, options: InsertOptions = {}): Promise<number> {
  const names = ["tenant_id", "created_by", "updated_by"];
  const placeholders = [sql`${session.tenantId}`, sql`${session.userId}`, sql`${session.userId}`];
  if (model.communityScoped) {
    // Never into a community outside the session's scope, whatever the caller derived it from.
    if (options.communityId !== undefined && options.communityId !== null) assertCommunity(session, options.communityId);
    names.push("community_id");
    placeholders.push(sql`${options.communityId ?? null}`);
  }
  const fields = options.includeReadOnly ? model.visible : [...model.writable.values()];
  for (const f of fields) {
    if (values[f.name] === undefined) continue;
    names.push(f.column);
    placeholders.push(castFor(f, toColumnValue(f, values[f.name])));
  }
  const { rows } = await tx.query<{ id: number }>(sql`insert into ${raw(model.table)} (${raw(names.map(ident).join(", "))}) values (${join(placeholders, ", ")}) returning id`);
  return rows[0].id;
}

/**
 * Runs fn inside a savepoint of the caller's transaction: when it throws, only its own statements
 * are undone and the error is returned (the rows before and after it stay), else null.
 */
export async function inSavepoint(tx: DbSession, fn: () => Promise<void>): Promise<Error | null> {
  await tx.exec("savepoint row_write");
  try {
    await fn();
    await tx.exec("release savepoint row_write");
    return null;
  } catch (err) {
    await tx.exec("rollback to savepoint row_write");
    await tx.exec("release savepoint row_write");
    // Database drivers throw Error objects; anything else is wrapped so callers can rethrow it.
    return err instanceof Error ? err : new Error(String(err));
  }
}
