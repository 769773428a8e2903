// npm run check refuses statements in route files (scripts/check/route-statements.ts): a file of
// src/server under a routes/ folder or named *routes*.ts registers operations and calls services; an
// sql`…` statement, a query call or a camelRows read there is reported, beyond the listed files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkRouteStatements, isRouteFile, statementsIn } from "../../../scripts/check/route-statements.ts";

describe("route files hold no statements", () => {
  const root = mkdtempSync(join(tmpdir(), "route-statements-"));
  const file = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("hold for the project", () => {
    expect(checkRouteStatements(process.cwd())).toEqual([]);
  });

  it("knows a route file by its folder or its name", () => {
    expect(isRouteFile("src/server/payment/routes/cashier-routes.ts")).toBe(true);
    expect(isRouteFile("src/server/payment/routes/helpers.ts")).toBe(true);
    expect(isRouteFile("src/server/devices/video-pages-routes.ts")).toBe(true);
    expect(isRouteFile("src/server/excel/routes.ts")).toBe(true);
    expect(isRouteFile("src/server/devices/video-pages.ts")).toBe(false);
    expect(isRouteFile("src/server/routes-data/readme.md")).toBe(false);
  });

  it("finds an sql tag, a query call with or without its row type, and a camelRows read, not a comment", () => {
    const text = [
      "// the statement is sql`select 1` in the service, db.query(...) there",
      "const a = sql`select 1`;",
      "/* app.db.query(sql`select 2`) */",
      "const { rows } = await app.db.query<{ n: number }>(statement);",
      "await tx.query(statement);",
      "const rows = await camelRows<Row>(app.db, statement);",
      'const url = "http://example.com/query(";',
      "route(app, operations.listCameras, async ({ session }) => listCameras(app.db, session.tenantId));",
    ].join("\n");
    expect(statementsIn(text)).toEqual(["line 2: an sql`…` statement", "line 4: a query call", "line 5: a query call", "line 6: a camelRows read"]);
  });

  it("reports a route file with statements and a listed file that no longer has any", () => {
    file("src/server/one/one-routes.ts", "export async function m(app) {\n  route(app, op, async () => (await app.db.query(sql`select 1`)).rows);\n}\n");
    file("src/server/one/one.ts", "export const one = (db) => db.query(sql`select 1`);\n");
    file("src/server/two/routes/two-routes.ts", "export async function m(app) {\n  route(app, op, async () => two(app.db));\n}\n");
    file("src/server/two/routes/kept.ts", "const rows = await camelRows(db, q);\n");
    expect(checkRouteStatements(root, { "src/server/two/routes/kept.ts": "another change", "src/server/two/routes/two-routes.ts": "another change" })).toEqual([
      "route file holds statements (move them to a service of its domain): src/server/one/one-routes.ts: line 2: an sql`…` statement; line 2: a query call",
      "route file src/server/two/routes/two-routes.ts no longer holds statements: remove it from KNOWN_ROUTE_STATEMENTS (scripts/check/route-statements.ts)",
    ]);
  });
});
