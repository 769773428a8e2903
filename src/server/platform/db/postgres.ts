// A PostgreSQL server through a pg Pool. Type parsing is set on this pool only (no global change).
// Repeated statements run as named prepared statements (statement-names.ts): pg parses a named
// statement once per pooled connection and afterwards only binds and executes it. A connection is
// replaced after MAX_CONNECTION_USES queries, which bounds the prepared statements it keeps across
// the namer's resets. DB_PREPARED_STATEMENTS=off turns naming off (e.g. behind a pooler that does
// not keep prepared statements).
import pg from "pg";
import type { Db, DbSession, QueryResult } from "./types.ts";
import { textParsers } from "./parsers.ts";
import { StatementNames, statementName } from "./statement-names.ts";
import { statementOf, type Statement } from "./sql.ts";

const MAX_CONNECTION_USES = 20_000;

export async function openPostgres(connectionString: string, max = Number(process.env.DB_POOL_SIZE ?? 10)): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max,
    maxUses: MAX_CONNECTION_USES,
    options: "-c TimeZone=UTC",
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => textParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener it kills the process.
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  await pool.query("select 1");

  const prepare = process.env.DB_PREPARED_STATEMENTS !== "off";
  const names = new StatementNames<string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.wanted(sql)) {
      if (names.full) names.clear(); // connections keep theirs until replaced (MAX_CONNECTION_USES)
      names.set(sql, (name = statementName(sql)));
    }
    return name;
  };
  const session = (runner: pg.Pool | pg.PoolClient): DbSession => ({
    kind: "postgres",
    async query<T>(statement: string | Statement, values: unknown[] = []): Promise<QueryResult<T>> {
      const { text: sql, values: params } = statementOf(statement, values);
      const name = prepare ? nameOf(sql) : undefined;
      // pg parses a named statement once per connection and only binds and executes it afterwards.
      const r = await runner.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
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
