// Route files only declare (npm run check): a file of src/server under a routes/ folder, or whose
// name has "routes" in it, registers operation handlers that call services; the statements are the
// services'. Such a file holds no sql`…` statement, no query call (db.query, tx.query …) and no
// camelRows read. Comments are not read.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** What gives a statement away, each with the name a problem reports. */
const STATEMENT_SIGNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "an sql`…` statement", pattern: /\bsql`/ },
  { name: "a query call", pattern: /\.query\s*[<(]/ },
  { name: "a camelRows read", pattern: /\bcamelRows\s*[<(]/ },
];

/**
 * Route files allowed to hold statements, each with its reason (none now). A listed file that no
 * longer holds one is reported too, so the list only shrinks.
 */
export const KNOWN_ROUTE_STATEMENTS: Readonly<Record<string, string>> = {};

/** A route file: under a routes/ folder, or named *routes*.ts. */
export function isRouteFile(path: string): boolean {
  const parts = path.split(/[\\/]/);
  const name = parts[parts.length - 1];
  return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") && (parts.slice(0, -1).includes("routes") || name.includes("routes"));
}

/** The text with its comments blanked (line breaks kept, so line numbers still hold). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** Where a file's text gives a statement away: "line 12: a query call", in order. */
export function statementsIn(text: string): string[] {
  const found: string[] = [];
  withoutComments(text)
    .split("\n")
    .forEach((line, i) => {
      for (const sign of STATEMENT_SIGNS) if (sign.pattern.test(line)) found.push(`line ${i + 1}: ${sign.name}`);
    });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

export function checkRouteStatements(root: string, known: Readonly<Record<string, string>> = KNOWN_ROUTE_STATEMENTS): string[] {
  const problems: string[] = [];
  const holding = new Set<string>();
  for (const file of sourceFiles(join(root, "src", "server"))) {
    const path = relative(root, file).split(sep).join("/");
    if (!isRouteFile(path)) continue;
    const found = statementsIn(readFileSync(file, "utf8"));
    if (!found.length) continue;
    holding.add(path);
    if (!(path in known)) problems.push(`route file holds statements (move them to a service of its domain): ${path}: ${found.join("; ")}`);
  }
  for (const path of Object.keys(known))
    if (!holding.has(path)) problems.push(`route file ${path} no longer holds statements: remove it from KNOWN_ROUTE_STATEMENTS (scripts/check/route-statements.ts)`);
  return problems;
}
