// Every pattern that validates input must run in linear time: a backtracking pattern that two of its
// parts can match the same text takes quadratic (or exponential) time on a long near-miss, and the
// server answers nothing else meanwhile. recheck decides it; codegen fails on a slow pattern with the
// file:line:column where it is written (schemas/*.yaml, or the field types' own in validators.ts).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { check } from "recheck";
import ts from "typescript";
import { isMap, isScalar, isSeq } from "yaml";
import { parseYaml, position, type SourceFile, type YamlPath } from "./load.ts";
import type { Model } from "./model.ts";
import { BUILTIN_PATTERNS, decimalDigits } from "./validators.ts";

/** A pattern as some code runs it, and where it is written ("file:line:column"). */
export interface PatternSite {
  pattern: string;
  flags: string;
  at: string;
}

interface Verdict {
  status: "safe" | "vulnerable" | "unknown";
  /** What recheck says: the time it takes and an input showing it, or why it could not decide. */
  detail: string;
}

// The automaton checker alone: its verdict is exact and the same on every machine (the fuzzing one
// depends on time and load). A pattern it cannot read (a lookaround, a backreference) or a check
// still undecided after the timeout is a problem, never taken as safe.
const PARAMS = { checker: "automaton" as const, timeout: 10_000 };

// recheck takes 0.2 to 1 s a pattern: its verdicts are kept in .tmp/codegen-patterns/ under the hash of
// the pattern, its flags, recheck's version and this file's text (same input, same verdict).
const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = join(here, "../../.tmp/codegen-patterns");
const cacheSalt = `${createRequire(import.meta.url)("recheck/package.json").version}\0${readFileSync(fileURLToPath(import.meta.url), "utf8")}`;

async function analyse(pattern: string, flags: string): Promise<Verdict> {
  const file = join(cacheDir, `${createHash("sha256").update(cacheSalt).update(`\0${flags}\0${pattern}`).digest("hex")}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Verdict;
  const d = await check(pattern, flags, PARAMS);
  const verdict: Verdict =
    d.status === "safe"
      ? { status: "safe", detail: d.complexity.summary }
      : d.status === "vulnerable"
        ? { status: "vulnerable", detail: `takes ${d.complexity.summary} time (on an input like ${d.attack.pattern}); rewrite it so that no two of its parts can match the same text` }
        : {
            status: "unknown",
            detail: `could not be shown to run in linear time (${d.error.kind}${"message" in d.error ? `: ${d.error.message}` : ""}); write it without lookarounds and backreferences`,
          };
  if (verdict.status === "unknown") return verdict; // a timeout may pass another time: not kept
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(verdict));
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    /* a cache that cannot be written only costs time */
  }
  return verdict;
}

/** "at: problem" for every site whose pattern is not linear (each distinct pattern analysed once). */
export async function slowPatterns(sites: PatternSite[]): Promise<string[]> {
  const verdicts = new Map<string, Promise<Verdict>>();
  for (const s of sites) {
    const key = `${s.flags}\0${s.pattern}`;
    if (!verdicts.has(key)) verdicts.set(key, analyse(s.pattern, s.flags));
  }
  const problems: string[] = [];
  for (const s of sites) {
    const v = await verdicts.get(`${s.flags}\0${s.pattern}`)!;
    if (v.status !== "safe") problems.push(`${s.at}: pattern /${s.pattern}/${s.flags} ${v.detail}`);
  }
  return problems;
}

const PATTERN_KEYS = new Set(["pattern", "notPattern"]);

/** Every `pattern:` and `notPattern:` string of a YAML source, with its path. */
function yamlPatterns(node: unknown, path: YamlPath, out: { path: YamlPath; pattern: string }[]) {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (typeof key !== "string" && typeof key !== "number") continue;
      if (PATTERN_KEYS.has(String(key)) && isScalar(pair.value) && typeof pair.value.value === "string") out.push({ path: [...path, key], pattern: pair.value.value });
      else yamlPatterns(pair.value, [...path, key], out);
    }
  } else if (isSeq(node)) node.items.forEach((item, i) => yamlPatterns(item, [...path, i], out));
}

/** A rule's pattern with each parameter value the model gives it ({max} and the like). */
function ruleVariants(model: Model, rule: string, pattern: string): string[] {
  const def = model.rules[rule];
  if (!def || !/\{\w+\}/.test(pattern)) return [pattern];
  const given = [{}, ...model.resources.flatMap((r) => r.fields.filter((f) => f.rule === rule && f.ruleParams).map((f) => f.ruleParams!))];
  const fill = (params: Record<string, unknown>) => pattern.replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole));
  return [...new Set(given.map((p) => fill({ ...def.params, ...p })))];
}

/** The sources whose `pattern:` keys validate input: the rules, the modules and the declared operations. */
function patternSources(root: string): SourceFile[] {
  const dir = (name: string) =>
    readdirSync(join(root, "schemas", name))
      .filter((f) => f.endsWith(".yaml"))
      .sort()
      .map((f) => join(root, "schemas", name, f));
  return [join(root, "schemas", "rules.yaml"), ...dir("modules"), ...dir("operations")].map((p) => parseYaml(root, p));
}

/** The patterns of schemas/ (rules, modules, operations), each with its file:line:column. */
function schemaSites(root: string, model: Model): PatternSite[] {
  const sites: PatternSite[] = [];
  for (const src of patternSources(root)) {
    const found: { path: YamlPath; pattern: string }[] = [];
    yamlPatterns(src.doc.contents, [], found);
    for (const { path, pattern } of found) {
      const rule = src.file.endsWith("rules.yaml") && path[0] === "rules" ? String(path[1]) : undefined;
      // The value node, not its key: the position points at the pattern's text.
      for (const p of rule ? ruleVariants(model, rule, pattern) : [pattern]) sites.push({ pattern: p, flags: "u", at: position(src, path) });
    }
  }
  return sites;
}

/** The field types' own patterns (BUILTIN_PATTERNS in validators.ts), at the line each is written on. */
function builtinSites(model: Model): PatternSite[] {
  const path = join(here, "validators.ts");
  const file = relative(join(here, "../.."), path).split("\\").join("/");
  const sf = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const at = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(sf) === "BUILTIN_PATTERNS" && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
      for (const p of node.initializer.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const { line, character } = sf.getLineAndCharacterOfPosition(p.initializer.getStart(sf));
        at.set(p.name.getText(sf), `${file}:${line + 1}:${character + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const where = (name: string) => at.get(name) ?? file;
  const sites: PatternSite[] = [];
  for (const [name, value] of Object.entries(BUILTIN_PATTERNS)) if (typeof value === "string") sites.push({ pattern: value, flags: "u", at: where(name) });
  const digits = new Set(model.resources.flatMap((r) => r.fields.filter((f) => f.type === "decimal").map((f) => decimalDigits(f).join())));
  for (const d of digits) {
    const [integerDigits, scale] = d.split(",").map(Number);
    sites.push({ pattern: BUILTIN_PATTERNS.decimal(integerDigits, scale), flags: "u", at: where("decimal") });
  }
  return sites;
}

/**
 * A rule's maxLength comes before its patterns: the server's checkRuleWith runs a rule's checks in
 * their order, so an over-long value is then refused by its length before a pattern reads it.
 */
function lengthAfterPattern(root: string, model: Model): string[] {
  const src = parseYaml(root, join(root, "schemas", "rules.yaml"));
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(model.rules)) {
    const firstPattern = rule.checks.findIndex((c) => c.kind === "pattern" || c.kind === "notPattern");
    rule.checks.forEach((c, i) => {
      if (c.kind === "maxLength" && firstPattern >= 0 && i > firstPattern)
        problems.push(
          `${position(src, ["rules", name, "checks", i])}: rule "${name}": put its maxLength before its patterns, so an over-long value is refused by its length without a pattern reading it`,
        );
    });
  }
  return problems;
}

/** Every problem of the patterns that validate input: slow ones, and rule lengths checked after a pattern. */
export async function patternProblems(root: string, model: Model): Promise<string[]> {
  return [...lengthAfterPattern(root, model), ...(await slowPatterns([...schemaSites(root, model), ...builtinSites(model)]))];
}
