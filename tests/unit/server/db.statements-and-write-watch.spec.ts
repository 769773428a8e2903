// The request-path caches of the server core: which statement texts become named prepared
// statements (db/statement-names.ts), the stable text of the generic list whatever the page
// (crud/list-query.ts), and the write notifications the per-server session cache relies on
// (db/write-watch.ts).
import { describe, expect, test } from "vitest";
import { StatementNames, statementName } from "../../../src/server/platform/db/statement-names.ts";
import { watchWrites } from "../../../src/server/platform/db/write-watch.ts";
import type { Db, DbSession } from "../../../src/server/platform/db/types.ts";
import { pageList } from "../../../src/server/crud/list-query.ts";
import { buildModel } from "../../../src/server/crud/model.ts";
import { resourceByName } from "../../../generated/resources.ts";
import type { SessionInfo } from "../../../src/server/platform/session/session-store.ts";
import { statementOf, type Statement } from "../../../src/server/platform/db/sql.ts";

describe("statement names", () => {
  test("a text is named the second time it is seen, always with the same name", () => {
    const names = new StatementNames<string>();
    const sql = "select * from rooms where tenant_id = $1";
    expect(names.wanted(sql)).toBe(false);
    expect(names.wanted(sql)).toBe(true);
    expect(statementName(sql)).toBe(statementName(sql));
    expect(statementName(sql)).not.toBe(statementName(`${sql} `));
  });

  test("only plain DML and queries, and not over-long texts", () => {
    const names = new StatementNames<string>();
    for (const sql of ["begin", "create table t (id int)", "set time zone 'UTC'", `select ${"1,".repeat(10_000)}1`]) {
      names.wanted(sql);
      expect(names.wanted(sql)).toBe(false);
    }
    for (const sql of ["  with x as (select 1) select * from x", "insert into t values ($1)", "UPDATE t SET a = 1", "delete from t"]) {
      names.wanted(sql);
      expect(names.wanted(sql)).toBe(true);
    }
  });

  test("is bounded: full after max texts", () => {
    const names = new StatementNames<string>(2);
    names.set("select 1", "a");
    expect(names.full).toBe(false);
    names.set("select 2", "b");
    expect(names.full).toBe(true);
    names.clear();
    expect(names.get("select 1")).toBeUndefined();
  });
});

describe("generic list SQL", () => {
  function recordingDb(rows: (sql: string) => Record<string, unknown>[]) {
    const calls: { sql: string; params: unknown[] }[] = [];
    const db: DbSession = {
      kind: "postgres",
      async query<T>(statement: string | Statement, values: unknown[] = []) {
        const { text: sql, values: params } = statementOf(statement, values);
        calls.push({ sql, params });
        return { rows: rows(sql) as T[], rowCount: 0 };
      },
      async exec() {},
    };
    return { db, calls };
  }
  const model = buildModel(resourceByName.inhabitants);
  const session = { tenantId: 7, communityIds: null } as SessionInfo;
  const query = (pageNo: number, pageSize = 10) => ({ pageNo, pageSize, communityId: 3, sortField: "name", sortOrder: "asc" });

  test("one statement gives the page and the total; every deep page runs the same text with the offset as a parameter", async () => {
    const { db, calls } = recordingDb(() => Array.from({ length: 10 }, (_, i) => ({ id: i + 1, __total: 3000 })));
    const page1 = await pageList(db, model, session, query(1));
    const page100 = await pageList(db, model, session, query(100));
    await pageList(db, model, session, query(200));
    expect(calls).toHaveLength(3);
    expect(page1.total).toBe(3000);
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]).not.toHaveProperty("__total");
    expect(page100.pageNo).toBe(100);
    const [list1, list100, list200] = calls;
    expect(list200.sql).toBe(list100.sql);
    expect(list1.params).toEqual([7, 3]);
    expect(list100.params).toEqual([7, 3, 990]);
    expect(list200.params).toEqual([7, 3, 1990]);
    // The web app's page sizes are written into the text (one generic plan each); the offset never is.
    expect(list1.sql).toMatch(/limit 10\b/);
    expect(list1.sql).not.toMatch(/offset/);
    expect(list100.sql).toMatch(/offset \$3/);
    expect(list100.sql).not.toMatch(/offset \d/);
  });

  test("any other page size is a parameter, never text from the client", async () => {
    const { db, calls } = recordingDb(() => []);
    await pageList(db, model, session, query(2, 13));
    expect(calls[0].params).toEqual([7, 3, 13, 13]);
    expect(calls[0].sql).not.toMatch(/limit 13|offset 13/);
  });

  test("past the end: no rows, and the total still told", async () => {
    const { db } = recordingDb(() => [{ id: null, __total: 25 }]);
    const past = await pageList(db, model, session, query(9));
    expect(past.list).toEqual([]);
    expect(past.total).toBe(25);
  });
});

describe("write watch", () => {
  function fakeDb(): Db {
    const session: DbSession = { kind: "pglite", query: async () => ({ rows: [], rowCount: 0 }), exec: async () => undefined };
    return { ...session, transaction: (fn) => fn(session), close: async () => undefined };
  }

  test("tells about writes to the watched tables, not about reads or other tables", async () => {
    const db = watchWrites(fakeDb());
    let told = 0;
    db.onWrite!(["sessions", "users"], () => told++, { ignore: ["update sessions set last_seen = now() where token_hash = $1"] });
    await db.query("select * from sessions s join users u on u.id = s.user_id where s.token_hash = $1", ["x"]);
    await db.query('update "rooms" set room_no = $1', ["1"]);
    await db.query("insert into operation_logs (user_id, username) values ($1, $2)", [1, "a"]);
    await db.query("update sessions set last_seen = now() where token_hash = $1", ["x"]);
    expect(told).toBe(0);
    await db.query('update "users" set enabled = false where id = $1', [1]);
    await db.query("delete from sessions where token_hash = $1", ["x"]);
    await db.exec("truncate users cascade");
    expect(told).toBe(3);
  });

  test("in a transaction, tells after the commit and not after a rollback", async () => {
    const db = watchWrites(fakeDb());
    let told = 0;
    db.onWrite!(["characters"], () => told++);
    await db.transaction(async (tx) => {
      await tx.query("update characters set authorities = $1 where id = $2", ["[]", 1]);
      expect(told).toBe(0);
    });
    expect(told).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("delete from characters where id = $1", [1]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(told).toBe(1);
  });
});
