// One way to write SQL in the server (src/server/platform/db/sql.ts): the sql`…` tag numbers every placeholder.
// No .ts file under src/server builds placeholders itself: no Params builder (`new Params`), no
// `$${…}` in a template literal (a placeholder numbered by hand: `$${i + 3}`, `$${params.length}`),
// no `.replace("$…` on statement text (placeholders renumbered by string editing).
// One line is allowed: db/sql.ts's sharing(), which renders a tag statement whose Shared values
// are passed once (the generic list's conditions, bill generation's room ids), in the statement's order.
// And outside the driver layer (src/server/platform/db) every statement a query or camelRows runs is a tag
// statement or sharing()'s rendering of one: never a text (a string or template literal, a
// concatenation) and never a parameter array beside it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import ts from "typescript";

const root = join(import.meta.dirname, "../../..");
const SERVER = join(root, "src/server");

const RULES: { name: string; pattern: RegExp }[] = [
  { name: "Params builder", pattern: /\bnew Params\b/ },
  { name: "hand-numbered placeholder", pattern: /\$\$\{/ },
  { name: "placeholders edited in the text", pattern: /\.replace(?:All)?\(\s*(?:["'`]\$|\/\\\$)/ },
];

/** Lines that may match a rule, by file (relative to the repository) and trimmed text. */
const ALLOWED: { file: string; line: string }[] = [{ file: "src/server/platform/db/sql.ts", line: "text += `$${n}${statement.strings[i + 1]}`;" }];

/** "file:line: rule" for every line of the given files that breaks a rule and is not allowed. */
function offenders(files: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    text.split("\n").forEach((line, i) => {
      if (ALLOWED.some((a) => a.file === file && a.line === line.trim())) return;
      for (const rule of RULES) if (rule.pattern.test(line)) out.push(`${file}:${i + 1}: ${rule.name}`);
    });
  }
  return out;
}

const isText = (node: ts.Expression): boolean =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken);

/** "file:line: …" for every db.query / camelRows call outside src/server/platform/db that runs a text or passes parameters beside its statement. */
function textStatements(files: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    if (file.startsWith("src/server/platform/db/")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : "";
        const at = name === "query" && ts.isPropertyAccessExpression(callee) ? 0 : name === "camelRows" ? 1 : -1;
        const statement = at >= 0 ? node.arguments[at] : undefined;
        if (statement && (isText(statement) || node.arguments.length > at + 1)) {
          out.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${name} runs a text, not a tag statement`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

const serverFiles = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts"))
  .map((f) => {
    const path = join(SERVER, f);
    return { file: relative(root, path).split("\\").join("/"), text: readFileSync(path, "utf8") };
  });

describe("SQL in src/server: the sql tag only", () => {
  test("no file builds or edits placeholders itself", () => {
    expect(serverFiles.length).toBeGreaterThan(100);
    expect(offenders(serverFiles)).toEqual([]);
  });

  test("every statement outside the driver layer is a tag statement (or sharing()'s rendering of one)", () => {
    expect(textStatements(serverFiles)).toEqual([]);
  });

  test("the statement check finds a text, a template, a concatenation and parameters beside a statement", () => {
    const sample = [
      'await db.query("select 1 from rooms where id = $1", [id]);',
      "await tx.query(`select ${columns} from rooms`);",
      'await camelRows(db, "select 1 " + more);',
      "await db.query(TEXT, [id]);",
      "await db.query(sql`select 1 from rooms where id = ${id}`);",
      "await camelRows(db, sharing(statement));",
    ].join("\n");
    expect(textStatements([{ file: "src/server/example.ts", text: sample }])).toEqual([
      "src/server/example.ts:1: query runs a text, not a tag statement",
      "src/server/example.ts:2: query runs a text, not a tag statement",
      "src/server/example.ts:3: camelRows runs a text, not a tag statement",
      "src/server/example.ts:4: query runs a text, not a tag statement",
    ]);
    // The driver layer itself speaks text.
    expect(textStatements([{ file: "src/server/platform/db/migrate.ts", text: sample }])).toEqual([]);
  });

  test("every allowed line is still there (an allowance that is no longer needed is removed)", () => {
    const stale = ALLOWED.filter((a) => !serverFiles.some((f) => f.file === a.file && f.text.split("\n").some((l) => l.trim() === a.line)));
    expect(stale).toEqual([]);
  });

  test("the check finds each kind of offence", () => {
    const sample = [
      "const params = new Params();",
      "const sets = names.map((n, i) => `${columns[n]} = $${i + 3}`).join(', ');",
      "where += ` and d.community_id = $${params.length}`;",
      'const text = statement.replace("$1", "$2");',
      "const moved = text.replace(/\\$(\\d+)/g, (_, n) => `$` + (Number(n) + 1));",
      "const fine = sql`select 1 from rooms where tenant_id = ${tenantId}`;",
    ].join("\n");
    expect(offenders([{ file: "src/server/example.ts", text: sample }])).toEqual([
      "src/server/example.ts:1: Params builder",
      "src/server/example.ts:2: hand-numbered placeholder",
      "src/server/example.ts:3: hand-numbered placeholder",
      "src/server/example.ts:4: placeholders edited in the text",
      "src/server/example.ts:5: placeholders edited in the text",
    ]);
    // The allowed line is allowed only in its own file.
    expect(offenders([{ file: "src/server/other.ts", text: ALLOWED[0].line }])).toEqual(["src/server/other.ts:1: hand-numbered placeholder"]);
  });
});
