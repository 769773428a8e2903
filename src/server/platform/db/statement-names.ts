// Which statement texts run as named prepared statements (both drivers, postgres.ts and pglite.ts).
// The database then parses and plans a text once per connection instead of on every call (planning
// was more than half of PostgreSQL's CPU per request in the benchmark, docs/benchmarks.md).
// - A text is named the second time it is seen: one-off statements (migrations, demo data) stay
//   unnamed.
// - Only SELECT / INSERT / UPDATE / DELETE / WITH texts up to MAX_PREPARED_TEXT characters.
// - The name is a short hash of the text, so a text always gets the same name.
// - At most MAX_PREPARED texts are remembered; when full, the driver forgets them all (and drops or
//   recycles what its connections keep) and the texts still in use are named again.
// Callers keep texts stable by passing every value as a parameter ($n, arrays as `= any($n)`), never
// writing values (limit, offset...) into the SQL.
import { createHash } from "node:crypto";

export const MAX_PREPARED = 500;
export const MAX_PREPARED_TEXT = 10_000;
/** Texts seen once, waiting for a second call; emptied when it grows past this. */
const MAX_SEEN_ONCE = 2000;
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

export const statementName = (sql: string): string => `n_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`;

export class StatementNames<T> {
  private readonly named = new Map<string, T>();
  private readonly seenOnce = new Set<string>();

  constructor(readonly max = MAX_PREPARED) {}

  /** What the driver keeps for a text it prepared. */
  get(sql: string): T | undefined {
    return this.named.get(sql);
  }

  /** For a text not prepared yet: whether to prepare it now (the second time it is seen). */
  wanted(sql: string): boolean {
    if (sql.length > MAX_PREPARED_TEXT || !PREPARABLE.test(sql)) return false;
    if (this.seenOnce.delete(sql)) return true;
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce.clear();
    this.seenOnce.add(sql);
    return false;
  }

  /** True when remembering one more text needs clear() first. */
  get full(): boolean {
    return this.named.size >= this.max;
  }

  set(sql: string, entry: T): void {
    this.named.set(sql, entry);
  }

  clear(): void {
    this.named.clear();
  }
}
