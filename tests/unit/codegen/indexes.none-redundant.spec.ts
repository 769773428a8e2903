// Every index costs every write of its table: the generated shape has no non-unique index that a
// unique key, the primary key (tenant_id, id) or another index already serves (same columns, or
// their leading part), and the tables a payment writes keep the indexes their queries use.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { projectRoot } from "./support/temp-project.ts";
import type { Snapshot } from "../../../scripts/codegen/ddl.ts";

const snapshot = (JSON.parse(readFileSync(join(projectRoot, "generated/migrations/snapshot.json"), "utf8")) as { tables: Snapshot }).tables;
const columnsOf = (sql: string) =>
  sql
    .slice(sql.lastIndexOf("(") + 1, sql.lastIndexOf(")"))
    .split(",")
    .map((c) => c.trim().replace(/"/g, ""));

describe("generated indexes", () => {
  test("no non-unique index repeats the leading columns of another index, a unique key or the primary key", () => {
    const redundant: string[] = [];
    for (const [table, shape] of Object.entries(snapshot)) {
      const all = [
        { name: "primary key", cols: shape.primaryKey, unique: true },
        ...Object.entries(shape.indexes).map(([name, sql]) => ({ name, cols: columnsOf(sql), unique: sql.startsWith("create unique") })),
      ];
      for (const ix of all.filter((i) => !i.unique)) {
        const by = all.find((o) => o !== ix && o.cols.length >= ix.cols.length && ix.cols.every((c, k) => o.cols[k] === c));
        if (by) redundant.push(`${table}: ${ix.name} is served by ${by.name}`);
      }
    }
    expect(redundant).toEqual([]);
  });

  test("bills keeps the indexes of generation, approval by batch, the arrears list and the list's sorts, but none on what a batch update changes", () => {
    const names = Object.keys(snapshot.bills.indexes).sort();
    expect(names).toEqual(
      [
        "bills_batch_id_idx",
        "bills_bill_no_uq",
        "bills_community_id_amount_due_id_idx",
        "bills_community_id_due_date_id_idx",
        "bills_community_id_period_id_idx",
        "bills_payment_item_id_idx",
        "bills_room_id_payment_item_id_period_uq",
      ].sort(),
    );
    // Lists ordered by another column than id keep no index by id alone: the ordered one (bills:
    // period) serves the community's rows. A list ordered by id keeps it.
    for (const table of ["bills", "payments", "receipts", "prepay_transactions", "bill_approvals"]) {
      expect(Object.keys(snapshot[table].indexes), table).not.toContain(`${table}_community_id_id_idx`);
    }
    expect(Object.keys(snapshot.rooms.indexes)).toContain("rooms_community_id_id_idx");
    // The receipt's payments (reprint) are found by receipt number.
    expect(Object.keys(snapshot.payments.indexes)).toContain("payments_receipt_no_idx");
  });
});
