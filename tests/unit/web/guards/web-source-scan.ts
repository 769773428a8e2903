// Reads the web app's sources (src/web) with the TypeScript parser and names, as "file:line", the
// two things the web app leaves to its schema and its data layer:
//   - a direct call of the generated client (`api.<operation>(...)`), which bypasses react-query;
//   - a Chinese text filled by hand: a template literal with a placeholder, or a `+` joining a Chinese
//     string to something else, where schemas/texts.yaml's typed fillers (generated/fill-texts.ts) belong.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

const CHINESE = /[\u4e00-\u9fff]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isChineseString = (node: ts.Node): boolean => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CHINESE.test(node.text);
const holdsChineseString = (node: ts.Node): boolean => isChineseString(node) || (ts.forEachChild(node, (child) => holdsChineseString(child) || undefined) ?? false);

/** A template with a placeholder whose own text, or a string inside a placeholder (`${a ? "新增" : "编辑"}`), is Chinese. */
const isFilledChineseTemplate = (node: ts.TemplateExpression): boolean =>
  [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].some((t) => CHINESE.test(t)) || node.templateSpans.some((s) => holdsChineseString(s.expression));

/** What one source holds: the lines of direct client calls and of hand-filled Chinese texts. */
export function scanSource(fileName: string, text: string): { apiCalls: number[]; filledTexts: number[] } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const apiCalls: number[] = [];
  const filledTexts: number[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === "api") {
      apiCalls.push(lineOf(node));
    }
    if (ts.isTemplateExpression(node) && isFilledChineseTemplate(node)) {
      filledTexts.push(lineOf(node));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken && (isChineseString(node.left) || isChineseString(node.right))) {
      filledTexts.push(lineOf(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // One finding per line (a chain of + is one text).
  return { apiCalls: [...new Set(apiCalls)], filledTexts: [...new Set(filledTexts)] };
}

/** Every finding under root's src/web, as "path:line" (path relative to root, with forward slashes). */
export function scanWeb(root: string): { apiCalls: string[]; filledTexts: string[] } {
  const apiCalls: string[] = [];
  const filledTexts: string[] = [];
  for (const file of sourceFiles(join(root, "src/web"))) {
    const name = relative(root, file).split(sep).join("/");
    const found = scanSource(name, readFileSync(file, "utf8"));
    apiCalls.push(...found.apiCalls.map((line) => `${name}:${line}`));
    filledTexts.push(...found.filledTexts.map((line) => `${name}:${line}`));
  }
  return { apiCalls, filledTexts };
}
