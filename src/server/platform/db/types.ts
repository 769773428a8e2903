// The one database interface the server uses, whether PGlite (embedded) or a PostgreSQL server.
import type { Statement } from "./sql.ts";
import type { DbRow } from "./row.ts";

export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT / UPDATE / DELETE (0 when the driver does not say). */
  rowCount: number;
}

/** What a transaction callback receives: the same calls, all on the transaction's connection. */
export interface DbSession {
  readonly kind: "pglite" | "postgres";
  /**
   * A statement of the sql`…` tag (db/sql.ts), or sharing()'s rendering of one. A text with its
   * parameters ($1, $2 …) is for the driver layer (src/server/platform/db) alone: elsewhere the rule is the tag
   * (tests/unit/server/sql.one-style.spec.ts).
   */
  query<T = DbRow>(sql: string | Statement, params?: unknown[]): Promise<QueryResult<T>>;
  /** Parameterless SQL, several statements allowed. */
  exec(sql: string): Promise<void>;
}

/** Called after a write through this handle that may have changed one of the watched tables. */
export type WriteListener = () => void;

export interface WriteWatchOptions {
  /** Exact statement texts that never count as such a write (e.g. a cache's own bookkeeping). */
  ignore?: readonly string[];
}

export interface Db extends DbSession {
  /**
   * Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws.
   * Inside fn use only the given tx (on PGlite a call on the outer db would wait for the
   * transaction to end, i.e. forever).
   */
  transaction<T>(fn: (tx: DbSession) => Promise<T>): Promise<T>;
  /**
   * Per-server caches subscribe here (db/write-watch.ts): listener runs after a statement through
   * this handle that may have written one of `tables` has completed, or after the COMMIT of a
   * transaction that ran one. Writes by other servers or other clients are not seen. Optional: a
   * Db without it (a test double) simply gets no caching.
   */
  onWrite?(tables: readonly string[], listener: WriteListener, options?: WriteWatchOptions): void;
  close(): Promise<void>;
}
