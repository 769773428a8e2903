// scripts/check/server-texts.ts: a string or template literal with Chinese in server code is reported
// with file:line; comments, regular expressions and ASCII literals are not; the data folders are exempt.
// Runs on throwaway source trees, then on the project's own src/server (which must be clean).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { checkServerTexts, chineseLiterals } from "../../../scripts/check/server-texts.ts";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const roots: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "server-texts-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("chineseLiterals", () => {
  test("finds string literals and every part of a template, with their lines", () => {
    const source = ['const a = "ok";', 'const b = "押金退还";', "const c = `已导出${n}条`;", "const d = `${x}（最多${y}条）`;"].join("\n");
    expect(chineseLiterals(source)).toEqual([
      { line: 2, text: "押金退还" },
      { line: 3, text: "已导出" },
      { line: 3, text: "条" },
      { line: 4, text: "（最多" },
      { line: 4, text: "条）" },
    ]);
  });

  test("leaves comments, regular expressions and identifiers alone", () => {
    const source = ["// 楼栋 / 单元 by name", "/** 填写说明 sheet */", "const cjk = /[\\u4e00-\\u9fa5]/;", "const re = /楼栋/;", 'const s = "building";'].join("\n");
    expect(chineseLiterals(source)).toEqual([]);
  });
});

describe("checkServerTexts", () => {
  test("names file:line of each literal outside the exempt data files", () => {
    const root = tree({
      "src/server/payment/report.ts": 'export const SHEET = "plain";\nexport const TITLE = "缴费报表";\n',
      "src/server/excel/tasks.ts": 'throw new Error("该数据不支持导入");\n',
      "src/server/seed/demo.ts": 'export const NAME = "阳光花园";\n',
      "src/server/community/province-city-data.ts": 'export const CITY = "北京市";\n',
    });
    const problems = checkServerTexts(root);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^src\/server\/excel\/tasks\.ts:1: Chinese text "该数据不支持导入"/);
    expect(problems[1]).toMatch(/^src\/server\/payment\/report\.ts:2: Chinese text "缴费报表"/);
  });

  test("the project's server code has no inline Chinese text", () => {
    expect(checkServerTexts(projectRoot)).toEqual([]);
  });
});
