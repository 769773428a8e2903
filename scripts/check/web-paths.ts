// No API path typed by hand in the web app (npm run check): a string or template literal starting
// with /api/ is only allowed in src/web/http (the typed client of the declared operations) and
// src/web/providers (the data provider, which derives a resource's URL from its metadata). The same in
// the residents' app (src/h5): it calls the server only through generated/h5-client.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

const ALLOWED_DIRS = ["src/web/http/", "src/web/providers/"];

/** 1-based line numbers of the literals starting with /api/ in a TypeScript source. */
export function apiPathLines(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : undefined;
    if (literal?.startsWith("/api/")) lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every hand-typed API path of src/web and src/h5 under root, as "file:line" problems. */
export function checkWebApiPaths(root: string): string[] {
  const problems: string[] = [];
  const files = ["src/web", "src/h5"].flatMap((dir) => (existsSync(join(root, dir)) ? sourceFiles(join(root, dir)) : []));
  for (const file of files) {
    const name = relative(root, file).split(sep).join("/");
    if (ALLOWED_DIRS.some((dir) => name.startsWith(dir))) continue;
    for (const line of apiPathLines(name, readFileSync(file, "utf8"))) {
      problems.push(`${name}:${line} spells an API path by hand (call api.<operation>() or the data provider with the resource name)`);
    }
  }
  return problems;
}
