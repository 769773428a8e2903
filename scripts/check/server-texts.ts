// Server code throws codes and reads its texts from the schemas (schemas/errors.yaml, schemas/texts.yaml):
// a string or template literal under src/server with a Chinese character is a problem (npm run check).
// Only data is exempt (demo seed rows, the province/city table), each folder or file with its reason.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const CJK = /[\u4e00-\u9fff]/;

/** Files and folders (relative to the project root, "/" separated) whose Chinese literals are data, not text, with the reason. */
const dataNotText: Record<string, string> = {
  "src/server/seed/": "demo data rows (names, addresses, notes) written into a fresh database",
  "src/server/community/province-city-data.ts": "the province and city table, place names",
  "src/server/onlinepay/sandbox/": "the sandbox gateway plays WeChat Pay and Alipay: their own wire texts (error messages, the trade bill's columns) and their pay page, not this product's",
  "src/server/onlinepay/gateways/wechatpay-bill.ts": "WeChat Pay's trade bill file format: its Chinese column names",
  "src/server/onlinepay/gateways/alipay-bill.ts": "Alipay's trade statement file format: its Chinese column names, row kinds and file names",
};

const exempt = (file: string) => Object.keys(dataNotText).some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p));

/** "line: text" of every string or template literal part of a TypeScript source that has a Chinese character. */
export function chineseLiterals(source: string, fileName = "file.ts"): { line: number; text: string }[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (CJK.test(node.text)) found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Problems ("file:line: ...") for Chinese literals in src/server outside the exempt files. */
export function checkServerTexts(root: string): string[] {
  const problems: string[] = [];
  for (const path of tsFiles(join(root, "src/server")).sort()) {
    const file = relative(root, path).split("\\").join("/");
    if (exempt(file)) continue;
    for (const { line, text } of chineseLiterals(readFileSync(path, "utf8"), file)) {
      problems.push(`${file}:${line}: Chinese text "${text.slice(0, 40)}" in server code (throw an error code, or read the text from schemas/texts.yaml or schemas/errors.yaml)`);
    }
  }
  return problems;
}
