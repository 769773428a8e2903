// Records the rows a request writes: wraps the server's Db so every INSERT / UPDATE / DELETE that
// touched rows is noted, a transaction's only once it commits. The fuzz suite reads it around each
// refused call ("nothing written"). Session upkeep, login attempts and the background task runner's
// claims and progress (it runs beside the requests) are bookkeeping, not data.
import type { Db, DbSession } from "../../../src/server/platform/db/types.ts";

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge)\b/i;
const BOOKKEEPING = /\b(sessions|login_attempts)\b|^\s*update tasks\b/;

export interface WriteRecorder {
  /** Write statements (with the rows they touched) since the last take(). */
  take(): string[];
}

export function recordWrites(db: Db): WriteRecorder {
  let noted: string[] = [];
  const note = (into: string[], sql: string, rowCount: number) => {
    if (rowCount > 0 && WRITE.test(sql) && !BOOKKEEPING.test(sql)) into.push(`${sql.replace(/\s+/g, " ").slice(0, 120)} (${rowCount} rows)`);
  };
  const wrap = (session: DbSession, into: () => string[]): DbSession => ({
    kind: session.kind,
    async query<T>(sql: string, params?: unknown[]) {
      const r = await session.query<T>(sql, params);
      note(into(), sql, r.rowCount);
      return r;
    },
    exec: (sql) => session.exec(sql),
  });
  const direct = wrap({ kind: db.kind, query: db.query.bind(db), exec: db.exec.bind(db) }, () => noted);
  const transaction = db.transaction.bind(db);
  db.query = direct.query;
  db.transaction = async (fn) => {
    const pending: string[] = [];
    const result = await transaction((tx) => fn(wrap(tx, () => pending)));
    noted.push(...pending);
    return result;
  };
  return {
    take() {
      const out = noted;
      noted = [];
      return out;
    },
  };
}
