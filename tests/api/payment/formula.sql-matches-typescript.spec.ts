// The property that lets bill generation price a formula in SQL while the fee form previews it in
// TypeScript: for random formula trees and random values, both give the same fen after the rounding
// mode — or both give none (a division by zero or a negative amount: TypeScript refuses, SQL answers
// null and the room is skipped).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, createStorage, type Storage } from "../support/server.ts";
import { openDatabase } from "../../../src/server/platform/db/open.ts";
import type { Db } from "../../../src/server/platform/db/types.ts";
import { formulaAmountFen, FormulaError, parseFormula, type Expr, type VariableName } from "../../../src/common/payment/formula/index.ts";
import { formulaFenSql } from "../../../src/server/payment/formula-sql.ts";
import { roundedSql } from "../../../src/server/payment/pricing-sql.ts";
import { sql } from "../../../src/server/platform/db/sql.ts";

const NAMES: VariableName[] = ["面积", "单价", "用量", "附加费", "系数", "楼层"];
const decimal = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 }))
  .map(([i, f, places]) => (places ? `${i}.${String(f).padStart(4, "0").slice(0, places)}` : String(i)));

const tree: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    decimal.map((value): Expr => ({ kind: "number", value })),
    fc.constantFrom(...NAMES).map((name): Expr => ({ kind: "variable", name })),
    tie("e").map((arg): Expr => ({ kind: "negate", arg })),
    fc.record({ op: fc.constantFrom("+", "-", "*", "/" as const), left: tie("e"), right: tie("e") }).map((b): Expr => ({ kind: "binary", ...b })),
  ),
})).e;

describe.each(backends)("formula: SQL and TypeScript give the same fen (%s)", (backend) => {
  let storage: Storage;
  let db: Db;
  beforeAll(async () => {
    storage = await createStorage(backend);
    db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await storage?.dispose();
  });

  const inSql = async (e: Expr, values: Record<string, string>, mode: number): Promise<number | null> => {
    const fen = formulaFenSql(e, (name) => sql`${values[name]}::numeric`);
    const { rows } = await db.query<{ amount: string | number | null }>(sql`select ${roundedSql(fen, mode)} as amount`);
    return rows[0].amount === null ? null : Number(rows[0].amount);
  };
  const inTs = (e: Expr, values: Record<string, string>, mode: number): number | null => {
    try {
      return formulaAmountFen(e, values, mode);
    } catch (err) {
      if (err instanceof FormulaError && (err.errorName === "FORMULA_DIVIDE_BY_ZERO" || err.errorName === "FORMULA_NEGATIVE")) return null;
      throw err;
    }
  };

  it("on the cases that a cut decimal gets wrong", async () => {
    for (const text of ["1/3*0.015", "面积/3*3", "2/3*0.0075*2", "单价/(系数-系数)", "0-0.004", "0-0.005"]) {
      const e = parseFormula(text);
      const values = { 面积: "88.88", 单价: "2.35", 系数: "1.5" };
      expect(await inSql(e, values, 1), text).toBe(inTs(e, values, 1));
    }
  });

  it("on random trees, values and rounding modes", async () => {
    await fc.assert(
      fc.asyncProperty(tree, fc.record(Object.fromEntries(NAMES.map((n) => [n, decimal])) as Record<VariableName, fc.Arbitrary<string>>), fc.integer({ min: 1, max: 5 }), async (e, values, mode) => {
        let expected: number | null;
        try {
          expected = inTs(e, values, mode);
        } catch (err) {
          // Beyond the fen a bill can hold: not a formula anyone bills with.
          if (err instanceof FormulaError && err.errorName === "FORMULA_SYNTAX") return;
          throw err;
        }
        expect(await inSql(e, values, mode)).toBe(expected);
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });
});
