// Every regular expression written in server and common code runs in linear time (npm run check):
// each regex literal and each `new RegExp("…")` / `RegExp("…")` of a literal under src/server and
// src/common goes through the same analyser as the schemas' patterns (scripts/codegen/linear-patterns.ts).
// A RegExp built from something else cannot be analysed here: its file is listed below with the
// reason it is safe, or the check fails.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { slowPatterns, type PatternSite } from "../codegen/linear-patterns.ts";

const SCANNED = ["src/server", "src/common"];

/** Files (relative to the project root) that build a RegExp from a value, with why it stays linear. */
const builtFromValues: Record<string, string> = {
  "src/common/validate.ts": "checkRuleWith runs the patterns of schemas/rules.yaml, which codegen checks are linear",
  "src/server/platform/http/json-body.ts": "an alternation of fixed words (\\u and the shadowing keys), no quantifier",
  "src/server/platform/db/write-watch.ts": "table names joined by |, between \\b; read against the SQL the server itself runs",
};

const literalText = (node: ts.Expression | undefined): string | undefined => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);

/** The regexes of one TypeScript source: the literal ones as sites, and where one is built from a value. */
export function regexesOf(source: string, file: string): { sites: PatternSite[]; built: string[] } {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const at = (node: ts.Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return `${file}:${line + 1}:${character + 1}`;
  };
  const sites: PatternSite[] = [];
  const built: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(sf);
      const end = text.lastIndexOf("/");
      sites.push({ pattern: text.slice(1, end), flags: text.slice(end + 1), at: at(node) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [patternArg, flagsArg] = node.arguments ?? [];
      const pattern = literalText(patternArg);
      const flags = flagsArg === undefined ? "" : literalText(flagsArg);
      if (pattern !== undefined && flags !== undefined) sites.push({ pattern, flags, at: at(node) });
      else built.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { sites, built };
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** Problems ("file:line:column: ...") for slow regexes, and RegExps built from values outside the listed files. */
export async function checkLinearRegexes(root: string): Promise<string[]> {
  const sites: PatternSite[] = [];
  const problems: string[] = [];
  for (const path of SCANNED.flatMap((d) => tsFiles(join(root, d))).sort()) {
    const file = relative(root, path).split("\\").join("/");
    const found = regexesOf(readFileSync(path, "utf8"), file);
    sites.push(...found.sites);
    if (!(file in builtFromValues)) {
      for (const where of found.built)
        problems.push(
          `${where}: a RegExp built from a value cannot be checked for linear time (write the pattern as a literal, or list the file in scripts/check/linear-regexes.ts with why it is safe)`,
        );
    }
  }
  return [...problems, ...(await slowPatterns(sites))];
}
