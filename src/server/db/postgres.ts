// A PostgreSQL server through a pg Pool. Type parsing is set on this pool only (no global change).
import pg from "pg";
import type { Db, DbSession, QueryResult } from "./types.ts";
import { textParsers } from "./parsers.ts";

export async function openPostgres(connectionString: string, max = Number(process.env.DB_POOL_SIZE ?? 10)): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: "-c TimeZone=UTC",
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        textParsers[oid] ?? pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener it kills the process.
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  await pool.query("select 1");

  const session = (runner: pg.Pool | pg.PoolClient): DbSession => ({
    kind: "postgres",
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await runner.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await runner.query(sql);
    },
  });
  const direct = session(pool);

  return {
    ...direct,
    async transaction<T>(fn: (tx: DbSession) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("begin");
        const result = await fn(session(client));
        await client.query("commit");
        return result;
      } catch (err) {
        await client.query("rollback").catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken); // a client whose rollback failed is discarded, not reused
      }
    },
    close: () => pool.end(),
  };
}
