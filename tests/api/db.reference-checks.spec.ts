// The tables written a batch at a time (bills, payments, receipts, bill approvals, prepayment ledger)
// check their references once per statement (schema `referenceChecks: statement`, triggers written
// by scripts/codegen/ddl.ts) instead of with foreign keys. They must refuse what a foreign key
// refuses, with the same error (SQLSTATE 23503, the key's name, the table), so that the API answers
// the same: a missing or other tenant's reference names its field, a parent still referenced cannot
// be deleted (409 REFERENCED), and a delete racing a write of a reference cannot leave a dangling one.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "./support/server.ts";
import { useDemoServer } from "./support/demo.ts";
import { translateDbError } from "../../src/server/platform/http/db-errors.ts";
import type { DbSession } from "../../src/server/platform/db/types.ts";

interface DemoBill {
  id: number;
  tenantId: number;
  communityId: number;
  roomId: number;
  paymentItemId: number;
  batchId: number;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; constraint?: string; table?: string; message?: string }) => e,
  );

/** Inserts draft bills of `period` for the given rooms (one statement), as generation does. */
const insertBills = (db: DbSession, bill: DemoBill, period: string, rooms: number[]) =>
  db.query(
    `insert into bills (tenant_id, community_id, bill_no, room_id, payment_item_id, batch_id, period, amount_due, status)
     select $1, $2, 'T' || $5::text || 'R' || r, r, $3, $4, $5, 10000, 1 from unnest($6::bigint[]) as r`,
    [bill.tenantId, bill.communityId, bill.paymentItemId, bill.batchId, period, rooms],
  );

describe.each(backends)("references checked once per statement (%s)", (backend) => {
  const t = useDemoServer(backend);
  let bill: DemoBill;
  let otherRoom: number;

  beforeAll(async () => {
    const { rows } = await t.server.db.query<Record<string, number>>(
      `select id, tenant_id as "tenantId", community_id as "communityId", room_id as "roomId", payment_item_id as "paymentItemId", batch_id as "batchId"
         from bills where tenant_id = $1 and batch_id is not null order by id limit 1`,
      [t.ids.tenantA],
    );
    bill = rows[0] as unknown as DemoBill;
    expect(bill).toBeDefined();
    const other = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and community_id = $2 and id <> $3 order by id limit 1", [
      bill.tenantId,
      bill.communityId,
      bill.roomId,
    ]);
    otherRoom = other.rows[0].id;
  });

  /** A room of its own beside the demo bill's, referenced by nothing yet. */
  const newRoom = async (no: string) =>
    (
      await t.server.db.query<{ id: number }>(
        `insert into rooms (tenant_id, community_id, building_id, unit_id, room_no, status)
         select tenant_id, community_id, building_id, unit_id, $2, status from rooms where id = $1 returning id`,
        [bill.roomId, no],
      )
    ).rows[0].id;

  const count = async (period: string) => (await t.server.db.query<{ n: number }>("select count(*)::int as n from bills where tenant_id = $1 and period = $2", [bill.tenantId, period])).rows[0].n;

  it("refuses a statement with one missing reference among good ones, as a foreign key, and writes none of its rows", async () => {
    const err = await failure(insertBills(t.server.db, bill, "2039-01", [bill.roomId, 999_999_999, otherRoom]));
    expect(err).toMatchObject({ code: "23503", constraint: "bills_room_id_fk", table: "bills" });
    expect(await count("2039-01")).toBe(0);
    // The API's answer names the field, as for a foreign key.
    expect(translateDbError(err, "社区", "write")).toMatchObject({ code: 40001, message: "房屋不存在" });
  });

  it("refuses a reference to another tenant's row", async () => {
    const err = await failure(insertBills(t.server.db, bill, "2039-02", [t.ids.roomB]));
    expect(err).toMatchObject({ code: "23503", constraint: "bills_room_id_fk" });
    expect(await count("2039-02")).toBe(0);
  });

  it("checks every reference of the table, the community's included", async () => {
    const err = await failure(
      t.server.db.query(
        `insert into payments (tenant_id, community_id, serial_no, bill_id, room_id, amount, pay_method, paid_at, accounting_day)
         values ($1, $2, 'PTEST0001', 999999999, $3, 100, 1, now(), current_date)`,
        [bill.tenantId, bill.communityId, bill.roomId],
      ),
    );
    expect(err).toMatchObject({ code: "23503", constraint: "payments_bill_id_fk", table: "payments" });
    const community = await failure(
      t.server.db.query("insert into bill_approvals (tenant_id, community_id, bill_id, decision, decided_at) values ($1, 999999999, $2, 2, now())", [bill.tenantId, bill.id]),
    );
    expect(community).toMatchObject({ code: "23503", constraint: "bill_approvals_community_id_fk" });
  });

  it("checks in the same pass that each reference stays in the row's community, after every missing one", async () => {
    // A room of the same tenant in another community.
    const { rows } = await t.server.db.query<{ id: number }>("select id from rooms where tenant_id = $1 and community_id <> $2 order by id limit 1", [bill.tenantId, bill.communityId]);
    const outside = rows[0].id;
    const err = await failure(insertBills(t.server.db, bill, "2039-03", [bill.roomId, outside]));
    expect(err).toMatchObject({ code: "23503", constraint: "bills_room_id_scope", table: "bills" });
    expect(await count("2039-03")).toBe(0);
    // Both faults in one statement: the missing batch is reported first, as the separate checks did.
    const both = await failure(
      t.server.db.query(
        `insert into bills (tenant_id, community_id, bill_no, room_id, payment_item_id, batch_id, period, amount_due, status)
         values ($1, $2, 'T2039-04R1', $3, $4, 999999999, '2039-04', 10000, 1)`,
        [bill.tenantId, bill.communityId, outside, bill.paymentItemId],
      ),
    );
    expect(both).toMatchObject({ code: "23503", constraint: "bills_batch_id_fk" });
    // An update moving a bill's room out of its community.
    const moved = await failure(t.server.db.query("update bills set room_id = $3 where tenant_id = $1 and id = $2", [bill.tenantId, bill.id, outside]));
    expect(moved).toMatchObject({ code: "23503", constraint: "bills_room_id_scope" });
  });

  it("checks on update only the references the update changes", async () => {
    const err = await failure(t.server.db.query("update bills set batch_id = 999999999 where tenant_id = $1 and id = $2", [bill.tenantId, bill.id]));
    expect(err).toMatchObject({ code: "23503", constraint: "bills_batch_id_fk" });
    const { rowCount } = await t.server.db.query("update bills set late_fee = late_fee where tenant_id = $1 and id = $2", [bill.tenantId, bill.id]);
    expect(rowCount).toBe(1);
    expect((await t.server.db.query<{ batchId: number }>('select batch_id as "batchId" from bills where id = $1', [bill.id])).rows[0].batchId).toBe(bill.batchId);
  });

  it("refuses to delete a parent still referenced (409 REFERENCED), and deletes one no longer referenced", async () => {
    const roomId = await newRoom("T9900");
    await insertBills(t.server.db, bill, "2039-06", [roomId]);
    const room = await failure(t.server.db.query("delete from rooms where tenant_id = $1 and id = $2", [bill.tenantId, roomId]));
    expect(room).toMatchObject({ code: "23503", constraint: "bills_room_id_fk", table: "bills" });
    expect(translateDbError(room)).toMatchObject({ code: 40903, message: "数据正在被使用，不能删除" });
    // The same through the API: the room list's delete answers 409 and keeps the room.
    const answer = await t.server.request("DELETE", `/api/system/rooms/${roomId}`, { token: t.admin });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 40903, message: "数据正在被使用，不能删除" });
    expect(await t.server.count("rooms", "id = $1", [roomId])).toBe(1);
    await t.server.db.query("delete from bills where tenant_id = $1 and room_id = $2", [bill.tenantId, roomId]);
    expect((await t.server.db.query("delete from rooms where id = $1", [roomId])).rowCount).toBe(1);
    // A batch of its own, referenced by one bill, then free again.
    const batch = await t.server.db.query<{ id: number }>(
      "insert into bill_batches (tenant_id, community_id, batch_no, payment_item_id, period, status) values ($1, $2, 'GTEST000001', $3, '2039-03', 2) returning id",
      [bill.tenantId, bill.communityId, bill.paymentItemId],
    );
    const batchId = batch.rows[0].id;
    await insertBills(t.server.db, { ...bill, batchId }, "2039-03", [bill.roomId]);
    expect(await failure(t.server.db.query("delete from bill_batches where id = $1", [batchId]))).toMatchObject({ code: "23503", constraint: "bills_batch_id_fk" });
    await t.server.db.query("delete from bills where tenant_id = $1 and batch_id = $2", [bill.tenantId, batchId]);
    expect((await t.server.db.query("delete from bill_batches where id = $1", [batchId])).rowCount).toBe(1);
  });

  // Two connections at once: PostgreSQL only (PGlite has one, and runs one transaction at a time).
  it.runIf(backend === "postgres")("a delete racing a write of a reference never leaves a dangling one, in either order", async () => {
    const db = t.server.db;
    /**
     * Runs `first` in a transaction left open, then `second` beside it on another connection; after a
     * pause (the second is waiting for the first's lock by then) commits the first. Returns how the
     * second ended: null, or its error.
     */
    const race = async (first: (tx: DbSession) => Promise<unknown>, second: () => Promise<unknown>) => {
      let commit!: () => void;
      const mayCommit = new Promise<void>((r) => (commit = r));
      let started!: () => void;
      const hasStarted = new Promise<void>((r) => (started = r));
      const open = db.transaction(async (tx) => {
        await first(tx);
        started();
        await mayCommit;
      });
      await hasStarted;
      const ending = failure(second());
      await new Promise((r) => setTimeout(r, 300));
      commit();
      await open;
      return ending;
    };

    // The write first: the delete waits for it, then sees the bill and fails.
    const roomA = await newRoom("T9901");
    const deleting = await race(
      (tx) => insertBills(tx, bill, "2039-04", [roomA]),
      () => db.query("delete from rooms where id = $1", [roomA]),
    );
    expect(deleting).toMatchObject({ code: "23503", constraint: "bills_room_id_fk" });
    expect(await t.server.count("bills", "room_id = $1", [roomA])).toBe(1);

    // The delete first: the write waits for it, then finds the room gone and fails.
    const roomB = await newRoom("T9902");
    const writing = await race(
      (tx) => tx.query("delete from rooms where id = $1", [roomB]),
      () => insertBills(db, bill, "2039-05", [roomB]),
    );
    expect(writing).toMatchObject({ code: "23503", constraint: "bills_room_id_fk" });
    expect(await t.server.count("bills", "room_id = $1", [roomB])).toBe(0);
  });
});
