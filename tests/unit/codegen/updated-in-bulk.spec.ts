// `updatedInBulk` (schemas/meta/module.schema.yaml): the fields a bulk update changes get no index
// of their own and the table keeps over half of each page free, so approving a batch of bills rewrites
// each row beside itself without writing any index. The step is a generated migration.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { projectRoot } from "./support/temp-project.ts";
import { diffSnapshots, fullDdl, planMigrations, type Snapshot } from "../../../scripts/codegen/ddl.ts";

const snapshot = (JSON.parse(readFileSync(join(projectRoot, "generated/migrations/snapshot.json"), "utf8")) as { tables: Snapshot }).tables;
const indexedColumns = (table: string) => Object.values(snapshot[table].indexes).join("\n");

describe("fields updated in bulk", () => {
  test("bills: no index on status or paidAt, pages over half free; the other indexes stay", () => {
    expect(snapshot.bills.storage).toBe("fillfactor = 45");
    expect(indexedColumns("bills")).not.toMatch(/"status"|"paid_at"/);
    expect(Object.keys(snapshot.bills.indexes)).toContain("bills_community_id_period_id_idx");
    expect(snapshot.prepay_accounts.storage).toBe("fillfactor = 45");
    expect(indexedColumns("prepay_accounts")).not.toContain('"balance"');
    // A table without the key keeps the default.
    expect(snapshot.payments.storage).toBeUndefined();
    expect(fullDdl({ bills: snapshot.bills })).toMatch(/^create table if not exists "bills" \([^;]*\) with \(fillfactor = 45\);$/m);
  });

  test("declaring it drops the indexes and sets the fill factor in one migration; taking it back restores both", () => {
    const before: Snapshot = structuredClone(snapshot);
    delete before.bills.storage;
    before.bills.indexes.bills_community_id_status_id_idx = `create index if not exists "bills_community_id_status_id_idx" on "bills" ("tenant_id", "community_id", "status", "id")`;
    const { sql, destructive } = diffSnapshots(before, snapshot);
    expect(destructive).toEqual([]);
    expect(sql.trim().split("\n")).toEqual(['drop index if exists "bills_community_id_status_id_idx";', 'alter table "bills" set (fillfactor = 45);']);
    const [, added] = planMigrations([{ name: "0001_initial.sql", sql: "-- before" }], before, snapshot);
    expect(added.name).toBe("0002_updated_in_bulk.sql");

    const back = diffSnapshots(snapshot, before).sql;
    expect(back).toContain('alter table "bills" reset (fillfactor);');
    expect(back).toContain('create index if not exists "bills_community_id_status_id_idx"');
  });
});
