// The one database interface the server uses, whether PGlite (embedded) or a PostgreSQL server.

export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT / UPDATE / DELETE (0 when the driver does not say). */
  rowCount: number;
}

/** What a transaction callback receives: the same calls, all on the transaction's connection. */
export interface DbSession {
  readonly kind: "pglite" | "postgres";
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Parameterless SQL, several statements allowed. */
  exec(sql: string): Promise<void>;
}

export interface Db extends DbSession {
  /**
   * Runs fn in one transaction: COMMIT when it resolves, ROLLBACK when it throws.
   * Inside fn use only the given tx (on PGlite a call on the outer db would wait for the
   * transaction to end, i.e. forever).
   */
  transaction<T>(fn: (tx: DbSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
