// A statement text seen a second time runs as a named prepared statement (db/statement-names.ts);
// on PGlite its answer is then read by db/pglite.ts itself rather than by PGlite's query(). Whichever
// way a statement runs, the rows, the value conventions (db/parsers.ts), the rows affected and the
// database errors must be the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, createStorage, type Storage } from "./support/server.ts";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import type { Db } from "../../src/server/platform/db/types.ts";

describe.each(backends)("prepared statements give the same answers (%s)", (backend) => {
  let storage: Storage;
  let db: Db;

  beforeAll(async () => {
    storage = await createStorage(backend);
    db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    await db.exec(`create table prepared_probe (
      id bigint primary key, label text, amount numeric(12, 2), day date, at timestamptz, flag boolean,
      doc jsonb, tags text[], n integer)`);
    await db.exec(`insert into prepared_probe values
      (1, '王小明 "quoted" \\ back', 12.50, '2024-02-29', '2024-05-01 08:30:00.123456+00', true, '{"a": [1, "二"]}', '{x,"y z"}', 7),
      (2, null, null, null, null, null, null, null, null),
      (9007199254740991, '', 0, '1999-12-31', '1999-12-31 23:59:59+00', false, '[]', '{}', -1)`);
  });
  afterAll(async () => {
    await db?.close();
    await storage?.dispose();
  });

  const SELECT = `select id, label, amount, day, at, flag, doc, tags, n, id::text as "idText", 'literal' as "__last"
                    from prepared_probe where id = any($1::bigint[]) order by id`;

  it("reads every type the same way on the first (unnamed) and later (named) runs", async () => {
    const ids = [1, 2, 9007199254740991];
    const first = await db.query(SELECT, [ids]);
    const second = await db.query(SELECT, [ids]);
    const third = await db.query(SELECT, [ids]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first.rows).toHaveLength(3);
    expect(first.rows[0]).toEqual({
      id: 1,
      label: '王小明 "quoted" \\ back',
      amount: "12.50",
      day: "2024-02-29",
      at: "2024-05-01T08:30:00.123Z",
      flag: true,
      doc: { a: [1, "二"] },
      tags: ["x", "y z"],
      n: 7,
      idText: "1",
      __last: "literal",
    });
    expect(Object.keys(first.rows[1])).toEqual(Object.keys(first.rows[0]));
    expect(first.rows[1]).toMatchObject({ id: 2, label: null, amount: null, day: null, at: null, flag: null, doc: null, tags: null, n: null });
    expect(first.rows[2]).toMatchObject({ id: 9007199254740991, label: "", amount: "0.00", flag: false, doc: [], tags: [], n: -1 });
  });

  it("answers no rows, and counts the rows a write touched", async () => {
    for (let i = 0; i < 3; i++) expect((await db.query(SELECT, [[404]])).rows).toEqual([]);
    const UPDATE = "update prepared_probe set n = n + 1 where id = any($1::bigint[]) and n is not null";
    for (let i = 0; i < 3; i++) {
      const r = await db.query(UPDATE, [[1, 2, 9007199254740991]]);
      expect(r).toEqual({ rows: [], rowCount: 2 });
    }
    const r = await db.transaction(async (tx) => {
      const a = await tx.query("update prepared_probe set label = $2 where id = $1 returning id, label", [2, "事务"]);
      const b = await tx.query("update prepared_probe set label = $2 where id = $1 returning id, label", [2, "事务 2"]);
      return [a, b];
    });
    expect(r[1]).toEqual({ rows: [{ id: 2, label: "事务 2" }], rowCount: 1 });
    expect((await db.query<{ n: number }>("select n from prepared_probe where id = $1", [1])).rows[0].n).toBe(10);
  });

  it("throws the database's error with its code, and the connection stays usable", async () => {
    const INSERT = "insert into prepared_probe (id, label) values ($1, $2)";
    await db.query(INSERT, [100, "a"]);
    await db.query(INSERT, [101, "b"]); // named from now on
    for (let i = 0; i < 2; i++) {
      const err = await db.query(INSERT, [100, "again"]).then(
        () => null,
        (e: { code?: string; constraint?: string }) => e,
      );
      expect(err?.code).toBe("23505");
      expect(err?.constraint).toBe("prepared_probe_pkey");
    }
    // Inside a transaction the error undoes the transaction and is thrown to the caller.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(INSERT, [102, "c"]);
        await tx.query(INSERT, [101, "dup"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await db.query("select id from prepared_probe where id = any($1::bigint[]) order by id", [[100, 101, 102]])).rows).toEqual([{ id: 100 }, { id: 101 }]);
  });
});
