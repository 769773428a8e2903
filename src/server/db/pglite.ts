// Embedded PostgreSQL (PGlite, WASM) kept in a folder. One query at a time: every call and every
// transaction goes through one mutex.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { Db, DbSession, QueryResult } from "./types.ts";
import { Mutex } from "./mutex.ts";
import { textParsers } from "./parsers.ts";

export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { parsers: textParsers });
  await pg.waitReady;
  await pg.exec("set time zone 'UTC'");
  const mutex = new Mutex();

  const session = (runner: Pick<PGlite, "query" | "exec">): DbSession => ({
    kind: "pglite",
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await runner.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
  });
  const direct = session(pg);

  return {
    kind: "pglite",
    query: (sql, params) => mutex.run(() => direct.query(sql, params)),
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    transaction: (fn) => mutex.run(() => pg.transaction((tx) => fn(session(tx)))),
    close: () => mutex.run(() => pg.close()),
  } as Db;
}
