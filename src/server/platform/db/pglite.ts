// Embedded PostgreSQL (PGlite, WASM) kept in a folder. One query at a time: every call and every
// transaction goes through one mutex.
//
// Repeated statements run as named prepared statements (statement-names.ts), through PGlite's
// public wire-protocol API: the first time, Parse + Describe (which gives the parameter types, so
// values are serialised exactly as PGlite's own query() does, and the result columns); afterwards
// one Bind + Execute + Sync message, i.e. no parsing or planning of the text and one trip into WASM
// instead of five. Its answer is read here (readResult: data rows straight into row objects with the
// columns kept from the Describe) instead of through PGlite's message objects, which copy every
// field twice before decoding it. Every other statement goes through PGlite's query() as before.
// PGlite is one connection, so each text is prepared once; when the namer is full every prepared
// statement is dropped (DEALLOCATE ALL).
// DB_PREPARED_STATEMENTS=off: every statement through query(), as before.
import { mkdirSync } from "node:fs";
import { PGlite, parse, protocol, type Transaction } from "@electric-sql/pglite";
import type { Db, DbSession, QueryResult } from "./types.ts";
import type { ColumnValue, DbRow } from "./row.ts";
import { Mutex } from "./mutex.ts";
import { pgliteAssets } from "./pglite-assets.ts";
import { textParsers } from "./parsers.ts";
import { StatementNames, statementName } from "./statement-names.ts";
import { statementOf, type Statement } from "./sql.ts";
import { scalarText } from "../../../common/scalar-text.ts";

const { serialize } = protocol;

type Runner = Pick<PGlite | Transaction, "query" | "exec">;

interface Column {
  name: string;
  /** The type's text parser (PGlite's, with ours of parsers.ts); none: the text as it is. */
  parse: ((text: string, typeId: number) => ColumnValue) | undefined;
  typeId: number;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's result columns (none for a statement that returns no rows). */
  columns: Column[];
  /** An object with every column as an own property: each row starts as a copy of it (one shape). */
  template: Record<string, null>;
}

const ROWS_AFFECTED = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/**
 * The answer to Bind + Execute + Sync: DataRow messages become rows, CommandComplete gives the rows
 * affected; an ErrorResponse is thrown as the DatabaseError PGlite's own parser makes of it (the
 * same error its query() would throw). Other messages (BindComplete, ReadyForQuery, notices) carry
 * nothing needed here.
 */
function readResult<T>(data: Uint8Array, prepared: Prepared): QueryResult<T> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const { columns, template } = prepared;
  const rows: DbRow[] = [];
  let rowCount = 0;
  let offset = 0;
  while (offset + 5 <= buf.length) {
    const code = buf[offset];
    const end = offset + 1 + buf.readInt32BE(offset + 1);
    let p = offset + 5;
    if (code === 0x44 /* D: DataRow */) {
      const count = buf.readInt16BE(p);
      p += 2;
      const row: DbRow = { ...template };
      for (let i = 0; i < count; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        const column = columns[i];
        if (length < 0) continue; // NULL: the template's value
        const text = buf.toString("utf8", p, p + length);
        p += length;
        row[column.name] = column.parse ? column.parse(text, column.typeId) : text;
      }
      rows.push(row);
    } else if (code === 0x43 /* C: CommandComplete, e.g. "UPDATE 3" */) {
      const tag = buf.toString("utf8", p, end - 1).split(" ");
      if (ROWS_AFFECTED.has(tag[0])) rowCount += Number(tag[tag.length - 1]) || 0;
    } else if (code === 0x45 /* E: ErrorResponse */) {
      let error: Error | undefined;
      new protocol.Parser().parse(data.slice(offset, end), (message) => {
        if (message instanceof protocol.messages.DatabaseError) error = message;
      });
      throw error ?? new Error("PGlite: unreadable error response");
    }
    offset = end;
  }
  return { rows: rows as object[] as T[], rowCount };
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

/** PostgreSQL's own default; a start pays for the pool's size (about 0.45 s more at 128 MB than at 16 MB). */
const DEFAULT_SHARED_BUFFERS = "128MB";
const SIZE = /^[1-9]\d{0,5}(kB|MB|GB)$/;

/**
 * PGlite's buffer pool (PGLITE_SHARED_BUFFERS, e.g. 16MB). The test runs set a small one: they open
 * hundreds of small databases, each start costing a core's time in proportion to the pool.
 */
export function sharedBuffers(value: string | undefined): string {
  if (value === undefined || value === "") return DEFAULT_SHARED_BUFFERS;
  if (!SIZE.test(value)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB or 1GB, not "${value}"`);
  return value;
}

export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers(process.env.PGLITE_SHARED_BUFFERS)}`];
  const pg = new PGlite(dataDir, { parsers: textParsers, startParams, ...(await pgliteAssets()) });
  await pg.waitReady;
  await pg.exec("set time zone 'UTC'");
  const mutex = new Mutex();
  const names = new StatementNames<Prepared>();
  const prepare = process.env.DB_PREPARED_STATEMENTS !== "off";

  /**
   * Runs a repeated text as a named statement, under the mutex or inside the transaction. Only
   * execProtocol() and execProtocolRawStream() are called on pg itself (they take none of PGlite's
   * locks, so they also work inside PGlite's transaction); anything else goes through the runner
   * (pg, or the transaction).
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
      const description = described.messages.find((m) => m instanceof protocol.messages.RowDescriptionMessage);
      const fields = description instanceof protocol.messages.RowDescriptionMessage ? description.fields : [];
      const columns: Column[] = fields.map((f) => ({ name: f.name, typeId: f.dataTypeID, parse: pg.parsers[f.dataTypeID] }));
      const template = Object.fromEntries(columns.map((c) => [c.name, null]));
      names.set(sql, (prepared = { name, paramTypes, columns, template }));
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[prepared.paramTypes[i]];
      return serializer ? serializer(value) : scalarText(value);
    });
    // The result columns are known from the Describe above (a prepared statement's cannot change).
    const message = concat([serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()]);
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, { syncToFs: !inTransaction, onRawData: (bytes) => void chunks.push(bytes.slice()) });
    return readResult<T>(chunks.length === 1 ? chunks[0] : concat(chunks), prepared);
  }

  const session = (runner: Runner, inTransaction: boolean): DbSession => ({
    kind: "pglite",
    async query<T>(statement: string | Statement, values: unknown[] = []): Promise<QueryResult<T>> {
      const { text: sql, values: params } = statementOf(statement, values);
      if (prepare && (names.get(sql) || names.wanted(sql))) return runNamed<T>(runner, sql, params, inTransaction);
      const r = await runner.query<T>(sql, params);
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
  };
}
