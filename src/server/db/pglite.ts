// Embedded PostgreSQL (PGlite, WASM) kept in a folder. One query at a time: every call and every
// transaction goes through one mutex.
//
// Repeated statements run as named prepared statements (statement-names.ts), through PGlite's
// public wire-protocol API: the first time, Parse + Describe (which gives the parameter types, so
// values are serialised exactly as PGlite's own query() does); afterwards one Bind + Execute + Sync
// message, i.e. no parsing or planning of the text and one trip into WASM instead of five. Every
// other statement goes through PGlite's query() as before. PGlite is one connection, so each text is
// prepared once; when the namer is full every prepared statement is dropped (DEALLOCATE ALL).
// DB_PREPARED_STATEMENTS=off: every statement through query(), as before.
import { mkdirSync } from "node:fs";
import { PGlite, parse, protocol, type Transaction } from "@electric-sql/pglite";
import type { Db, DbSession, QueryResult } from "./types.ts";
import { Mutex } from "./mutex.ts";
import { textParsers } from "./parsers.ts";
import { StatementNames, statementName } from "./statement-names.ts";

const { serialize } = protocol;

type Runner = Pick<PGlite | Transaction, "query" | "exec">;

interface Prepared {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { parsers: textParsers });
  await pg.waitReady;
  await pg.exec("set time zone 'UTC'");
  const mutex = new Mutex();
  const names = new StatementNames<Prepared>();
  const prepare = process.env.DB_PREPARED_STATEMENTS !== "off";

  /**
   * Runs a repeated text as a named statement, under the mutex or inside the transaction. Only
   * execProtocol() is called on pg itself (it takes none of PGlite's locks, so it also works inside
   * PGlite's transaction); anything else goes through the runner (pg, or the transaction).
   */
  async function runNamed<T>(runner: Runner, sql: string, params: unknown[], inTransaction: boolean): Promise<QueryResult<T>> {
    let prepared = names.get(sql);
    if (!prepared) {
      if (names.full) {
        await runner.exec("deallocate all");
        names.clear();
      }
      const name = statementName(sql);
      const described = await pg.execProtocol(concat([serialize.parse({ name, text: sql, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()]), {
        syncToFs: false,
      });
      const paramTypes = parse.parseDescribeStatementResults(described.messages);
      names.set(sql, (prepared = { name, paramTypes }));
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[prepared.paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    const message = concat([serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);
    const { messages } = await pg.execProtocol(message, { syncToFs: !inTransaction });
    const r = parse.parseResults(messages, pg.parsers)[0];
    return { rows: r.rows as T[], rowCount: r.affectedRows ?? 0 };
  }

  const session = (runner: Runner, inTransaction: boolean): DbSession => ({
    kind: "pglite",
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      if (prepare && (names.get(sql) || names.wanted(sql))) return runNamed<T>(runner, sql, params, inTransaction);
      const r = await runner.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
  });
  const direct = session(pg, false);

  return {
    kind: "pglite",
    query: (sql, params) => mutex.run(() => direct.query(sql, params)),
    exec: (sql) => mutex.run(() => direct.exec(sql)),
    transaction: (fn) => mutex.run(() => pg.transaction((tx) => fn(session(tx, true)))),
    close: () => mutex.run(() => pg.close()),
  } as Db;
}
