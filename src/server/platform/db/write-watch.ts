// Write notifications for per-server caches (today: the session cache of auth/session-store.ts).
// watchWrites(db) returns the same Db with onWrite(tables, listener): the listener runs after any
// statement through this handle that may have written one of the tables (after COMMIT when it ran in
// a transaction). "May have written" is read from the statement text, once per distinct text: a
// write keyword (insert, update, delete, truncate, merge, alter, drop, copy) and one of the table
// names as a word. It errs on the side of telling too often (a `select ... for update` on a watched
// table counts), never too seldom for statements sent through this handle; writes made by another
// server or client are not seen, which is what the caches' short lifetimes are for.
import type { Db, DbSession, WriteListener, WriteWatchOptions } from "./types.ts";
import { statementOf } from "./sql.ts";

const WRITE_KEYWORD = /\b(?:insert|update|delete|truncate|merge|alter|drop|copy)\b/i;
/** Distinct statement texts remembered; past this the memory is simply emptied (a cache, not a record). */
const MAX_REMEMBERED = 2000;
/** Longer texts (bulk inserts...) are read every time rather than kept. */
const MAX_REMEMBERED_TEXT = 10_000;
const NONE: readonly WriteListener[] = [];

interface Watch {
  mentions: RegExp;
  ignore: ReadonlySet<string>;
  listener: WriteListener;
}

export function watchWrites(db: Db): Db {
  const watches: Watch[] = [];
  // statement text -> the listeners it concerns (NONE for most texts)
  const remembered = new Map<string, readonly WriteListener[]>();

  const concerned = (sql: string): readonly WriteListener[] => {
    if (!watches.length) return NONE;
    let found = remembered.get(sql);
    if (found === undefined) {
      found = WRITE_KEYWORD.test(sql) ? watches.filter((w) => !w.ignore.has(sql) && w.mentions.test(sql)).map((w) => w.listener) : NONE;
      if (!found.length) found = NONE;
      if (sql.length <= MAX_REMEMBERED_TEXT) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(sql, found);
      }
    }
    return found;
  };
  const notify = (listeners: Iterable<WriteListener>) => {
    for (const listener of listeners) listener();
  };

  return {
    kind: db.kind,
    async query(sql, params) {
      const result = await db.query(sql, params);
      const listeners = concerned(statementOf(sql).text);
      if (listeners.length) notify(listeners);
      return result as never;
    },
    async exec(sql) {
      await db.exec(sql);
      const listeners = concerned(sql);
      if (listeners.length) notify(listeners);
    },
    async transaction(fn) {
      const pending = new Set<WriteListener>();
      const result = await db.transaction((tx) => {
        const watched: DbSession = {
          kind: tx.kind,
          async query(sql, params) {
            for (const l of concerned(statementOf(sql).text)) pending.add(l);
            return tx.query(sql, params);
          },
          async exec(sql) {
            for (const l of concerned(sql)) pending.add(l);
            return tx.exec(sql);
          },
        };
        return fn(watched);
      });
      notify(pending); // after COMMIT; a rolled-back transaction changed nothing
      return result;
    },
    onWrite(tables: readonly string[], listener: WriteListener, options: WriteWatchOptions = {}) {
      for (const t of tables) if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new Error(`unsafe table name: ${t}`);
      watches.push({ mentions: new RegExp(`\\b(?:${tables.join("|")})\\b`, "i"), ignore: new Set(options.ignore ?? []), listener });
      remembered.clear();
    },
    close: () => db.close(),
  };
}
