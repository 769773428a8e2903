// Planner statistics of tables that bulk writes grow quickly. PGlite has no autovacuum and a
// PostgreSQL server may run without it, so a table can grow from empty to 100 000s of rows with
// no statistics. Plans made while it was small are then kept for the connection's life: a foreign
// key's check (`tenant_id = $1 and id = $2` on the referenced table) planned on a near-empty table
// finds every index starting with tenant_id as cheap as the primary key and may pick a small one
// (a mostly-null or one-value column), which then reads all of the tenant's rows on every check.
// ANALYZE, even inside the writing transaction, replaces the statistics and drops those plans.
import type { DbSession } from "./types.ts";

/**
 * Analyzes those of `tables` whose statistics describe less than about half of their rows (more
 * rows written since the last ANALYZE than it counted, plus 50): a handful of times while a table
 * grows from empty, then almost never. A no-op where autovacuum keeps up.
 */
export async function refreshStaleStatistics(tx: DbSession, tables: readonly string[]): Promise<void> {
  const { rows } = await tx.query<{ name: string }>(
    `select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.relname = any($1::text[]) and s.n_mod_since_analyze > 50 + greatest(c.reltuples, 0)`,
    [tables],
  );
  for (const r of rows) await tx.exec(`analyze "${r.name.replace(/"/g, '""')}"`);
}
