// `referenceChecks: statement` (schemas/meta/module.schema.yaml): a table written a batch at a time
// has no foreign keys of its own; statement triggers check its every reference instead, and each
// parent it references refuses the delete of a row still referenced. Every other table keeps its
// foreign keys. The step from one to the other is a generated migration, and dropping the checks
// without replacing them is refused.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { projectRoot } from "./support/temp-project.ts";
import { diffSnapshots, planMigrations, type Snapshot } from "../../../scripts/codegen/ddl.ts";

const snapshot = (JSON.parse(readFileSync(join(projectRoot, "generated/migrations/snapshot.json"), "utf8")) as { tables: Snapshot }).tables;
const BATCH_TABLES = ["bill_approvals", "bills", "payments", "prepay_transactions", "receipts"];

describe("references checked once per statement", () => {
  test("the tables written a batch at a time have triggers instead of foreign keys, checking each reference", () => {
    for (const table of BATCH_TABLES) {
      expect(snapshot[table].foreignKeys, table).toEqual({});
      const sql = snapshot[table].triggers?.[`${table}_refs`] ?? "";
      expect(sql).toContain(`after insert on "${table}" referencing new table as new_rows for each statement`);
      expect(sql).toContain(`after update on "${table}" referencing old table as old_rows new table as new_rows for each statement`);
      expect(sql).toContain(`constraint = '${table}_community_id_fk'`);
    }
    const bills = snapshot.bills.triggers!.bills_refs;
    for (const column of ["room_id", "payment_item_id", "batch_id", "approver_id"]) {
      expect(bills).toContain(`constraint = 'bills_${column}_fk'`);
    }
    // Each parent locked as a foreign key locks it.
    expect(bills.match(/for key share of p/g)).toHaveLength(10); // 5 references, insert and update
  });

  test("each parent refuses to delete a row they still reference; other tables keep their foreign keys", () => {
    expect(snapshot.rooms.triggers?.rooms_referenced).toContain(`constraint = 'bills_room_id_fk', table = 'bills'`);
    expect(snapshot.rooms.triggers?.rooms_referenced).toContain(`constraint = 'payments_room_id_fk', table = 'payments'`);
    expect(snapshot.bills.triggers?.bills_referenced).toContain(`constraint = 'payments_bill_id_fk', table = 'payments'`);
    // A table that checks its own references by key still refuses deletes a per-statement table refers to (a void's refund entry names its refund).
    expect(snapshot.refunds.foreignKeys.refunds_bill_id_fk).toContain(`references "bills"`);
    expect(snapshot.refunds.triggers?.refunds_referenced).toContain(`constraint = 'payments_refund_id_fk', table = 'payments'`);
    expect(snapshot.waivers.foreignKeys.waivers_bill_id_fk).toContain(`references "bills"`);
    // Its only triggers are the community scope checks of its references (ddl.ts scopeTriggers).
    expect(Object.keys(snapshot.waivers.triggers ?? {})).toEqual(["waivers_scope"]);
  });

  test("a table checked per statement checks the community scope in the same pass as the key", () => {
    const bills = snapshot.bills.triggers!;
    expect(Object.keys(bills).sort()).toEqual(["bills_referenced", "bills_refs"]);
    for (const column of ["room_id", "payment_item_id", "batch_id"]) expect(bills.bills_refs).toContain(`constraint = 'bills_${column}_scope'`);
    // The room's community is read where the room is locked: one lookup of rooms per statement.
    const insert = bills.bills_refs.slice(0, bills.bills_refs.indexOf("bills_refs_update"));
    expect(insert.match(/from "rooms" p/g)).toHaveLength(1);
    expect(insert).toContain(`l as (select p.community_id is distinct from k.community_id as outside from "rooms" p`);
    // Every missing parent is reported before any reference outside the community, as the two triggers did.
    expect(insert.lastIndexOf("_fk'")).toBeLessThan(insert.indexOf("_scope'"));
  });

  test("folding the scope triggers into the key checks drops them in a migration; dropping a check no trigger raises any longer is refused", () => {
    const before: Snapshot = structuredClone(snapshot);
    const scoped = ["room_id", "payment_item_id"].map((c) => `  raise foreign_key_violation using message = 'x', constraint = 'bills_${c}_scope', table = 'bills';`).join("\n");
    before.bills.triggers = {
      ...before.bills.triggers,
      bills_scope: `create or replace function "bills_scope_insert"() returns trigger language plpgsql as $fn$
begin
${scoped}
  return null;
end $fn$;
drop trigger if exists "bills_scope_insert" on "bills";
create trigger "bills_scope_insert" after insert on "bills" referencing new table as new_rows for each statement execute function "bills_scope_insert"();`,
    };
    const { sql, destructive } = diffSnapshots(before, snapshot);
    expect(destructive).toEqual([]);
    expect(sql.trim().split("\n")).toEqual([`drop trigger if exists "bills_scope_insert" on "bills";`, `drop function if exists "bills_scope_insert"();`]);
    before.bills.triggers.bills_scope = before.bills.triggers.bills_scope.replace("bills_room_id_scope", "bills_building_id_scope");
    expect(diffSnapshots(before, snapshot).destructive).toEqual(["the reference checks bills_scope of bills would be dropped"]);
  });

  test("switching a table over drops its keys and adds the triggers in one migration; dropping the checks is refused", () => {
    const before: Snapshot = structuredClone(snapshot);
    before.bills.foreignKeys = { bills_room_id_fk: `alter table "bills" add constraint "bills_room_id_fk" foreign key ("tenant_id", "room_id") references "rooms" ("tenant_id", "id")` };
    before.bills.triggers = {};
    delete before.rooms.triggers?.rooms_referenced;
    const { sql, destructive } = diffSnapshots(before, snapshot);
    expect(destructive).toEqual([]);
    expect(sql).toContain(`alter table "bills" drop constraint if exists "bills_room_id_fk";`);
    expect(sql).toContain(`create trigger "bills_refs_insert"`);
    expect(sql).toContain(`create trigger "rooms_referenced_delete"`);
    expect(sql.indexOf("drop constraint")).toBeLessThan(sql.indexOf("create trigger"));
    const [, added] = planMigrations([{ name: "0001_initial.sql", sql: "-- before" }], before, snapshot);
    expect(added.name).toBe("0002_reference_checks.sql");

    expect(diffSnapshots(snapshot, before).destructive.sort()).toEqual([
      "the reference checks bills_referenced of bills would be dropped",
      "the reference checks bills_refs of bills would be dropped",
      "the reference checks rooms_referenced of rooms would be dropped",
    ]);
  });
});
