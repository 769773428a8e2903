// npm run check refuses import cycles (scripts/check/import-cycles.ts): between any two files of src/
// (type imports included), and between two folders of src/server that import each other, beyond
// the listed pairs still to be undone; and a file of src/server/platform that imports a domain.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkImportCycles, cyclesOf, importGraph, platformImports } from "../../../scripts/check/import-cycles.ts";

describe("import cycles", () => {
  const root = mkdtempSync(join(tmpdir(), "cycles-"));
  const file = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("hold for the project", () => {
    expect(checkImportCycles(process.cwd())).toEqual([]);
  });

  it("finds every cycle once, however long", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });

  it("reports a cycle through a type import, and two folders that import each other", () => {
    file("src/server/one/a.ts", 'import type { B } from "./b.ts";\nexport type A = B;\n');
    file("src/server/one/b.ts", 'import { a } from\n  "./a.ts";\nexport type B = number;\nexport { x } from "../two/x.ts";\n');
    file("src/server/two/x.ts", 'import "../one/b.ts";\nexport const x = 1;\n');
    file("src/server/two/y.ts", 'const later = () => import("../three/z.ts");\n');
    file("src/server/three/z.ts", "export const z = 1;\n");
    expect(checkImportCycles(root, ["one <-> three"])).toEqual([
      "import cycle: src/server/one/a.ts <-> src/server/one/b.ts <-> src/server/two/x.ts",
      "src/server folders import each other: one <-> two",
      "src/server folders one <-> three no longer import each other: remove the pair from KNOWN_MUTUAL_FOLDERS (scripts/check/import-cycles.ts)",
    ]);
  });

  it("reports a platform file that imports a domain, and lets it import the platform and src/common", () => {
    file("src/server/platform/http/edge.ts", 'import { a } from "../../one/a.ts";\nimport { s } from "../db/sql.ts";\nimport { m } from "../../../common/money.ts";\n');
    file("src/server/platform/db/sql.ts", "export const s = 1;\n");
    file("src/common/money.ts", "export const m = 1;\n");
    expect(platformImports(root, importGraph(root))).toEqual(["the platform imports a domain: src/server/platform/http/edge.ts -> src/server/one/a.ts"]);
  });
});
