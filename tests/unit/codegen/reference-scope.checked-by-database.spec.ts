// npm run check's reference-scope part: every reference between community-scoped resources has the
// database's scope check in the migrations' snapshot, and no server code turns the checks off.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "../../../generated/resources.ts";
import { checkReferenceScope, checksTurnedOff, missingScopeChecks, scopedReferences } from "../../../scripts/check/reference-scope.ts";

const root = new URL("../../..", import.meta.url).pathname;
const { tables } = JSON.parse(readFileSync(join(root, "generated/migrations/snapshot.json"), "utf8")) as { tables: Record<string, { triggers?: Record<string, string> }> };

describe("reference scope in npm run check", () => {
  it("finds every declared reference between communities' rows checked in today's snapshot", () => {
    expect(scopedReferences(resources).length).toBeGreaterThan(40);
    expect(checkReferenceScope(root, resources)).toEqual([]);
  });

  it("names a reference whose table lost its scope check", () => {
    const withoutVisitors = { ...tables, visitors: { ...tables.visitors, triggers: {} } };
    expect(missingScopeChecks(resources, withoutVisitors)).toEqual([
      "visitors.roomId: references a community-scoped resource, but generated/migrations/snapshot.json has no community scope check for it (run npm run codegen)",
    ]);
  });

  it("names server code that turns the database's checks off, with file and line", () => {
    const dir = mkdtempSync(join(tmpdir(), "scope-check-"));
    try {
      mkdirSync(join(dir, "src/server/payment"), { recursive: true });
      writeFileSync(join(dir, "src/server/payment/fast-path.ts"), 'const a = 1;\nawait tx.exec("set local session_replication_role = replica");\n');
      writeFileSync(join(dir, "src/server/payment/ok.ts"), "export const b = 2;\n");
      expect(checksTurnedOff(dir)).toEqual([
        'src/server/payment/fast-path.ts:2: turns the database\'s reference and scope checks off (await tx.exec("set local session_replication_role = replica");)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
