// npm run check's web path rule: a literal starting with /api/ in src/web outside the typed client
// and the data provider is a problem named by file:line; comments and other strings are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiPathLines, checkWebApiPaths } from "../../../scripts/check/web-paths.ts";

describe("apiPathLines", () => {
  it("finds string, plain template and template-head literals", () => {
    const text = ['const a = "/api/system/rooms";', "const b = `/api/system/${name}`;", "// GET /api/system/comment", "const c = '/api/x';", "const d = `${base}/api/`;", 'const e = "/apiary";'].join(
      "\n",
    );
    expect(apiPathLines("a.ts", text)).toEqual([1, 2, 4]);
  });

  it("reads TSX (attribute strings count)", () => {
    expect(apiPathLines("a.tsx", 'export const A = () => <a href="/api/file">x</a>;')).toEqual([1]);
  });
});

describe("checkWebApiPaths", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it("names file:line of every literal outside src/web/http and src/web/providers", () => {
    root = mkdtempSync(join(tmpdir(), "web-paths-"));
    write("src/web/http/api.ts", 'export const A = "/api/a";');
    write("src/web/providers/dataProvider.ts", 'export const B = "/api/b";');
    write("src/web/pages/payment/api.ts", 'export const P = "/api/property";');
    write("src/web/pages/x/Page.tsx", '\nexport const X = () => fetch("/api/system/x");');
    write("src/web/generic/ok.ts", "export const ok = `${base}/actions/export`;");
    expect(checkWebApiPaths(root)).toEqual([
      "src/web/pages/payment/api.ts:1 spells an API path by hand (call api.<operation>() or the data provider with the resource name)",
      "src/web/pages/x/Page.tsx:2 spells an API path by hand (call api.<operation>() or the data provider with the resource name)",
    ]);
  });

  it("holds the residents' app (src/h5) to the same rule: it calls only its generated client", () => {
    root = mkdtempSync(join(tmpdir(), "web-paths-"));
    write("src/h5/pages/Bills.tsx", 'export const load = () => fetch("/api/h5/rooms");');
    expect(checkWebApiPaths(root)).toEqual(["src/h5/pages/Bills.tsx:1 spells an API path by hand (call api.<operation>() or the data provider with the resource name)"]);
  });
});
