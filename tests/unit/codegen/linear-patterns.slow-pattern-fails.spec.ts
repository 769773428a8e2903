// A pattern that backtracks (two of its parts can match the same text) fails codegen with the
// file:line:column where it is written, and so does a rule that reads a pattern before its maxLength.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { run } from "../../../scripts/codegen/index.ts";
import { slowPatterns } from "../../../scripts/codegen/linear-patterns.ts";
import { useProjectCopy } from "./support/project-copy.ts";

const copy = useProjectCopy();

/** "line:column" (both from 1) of `needle` in `text`. */
function at(text: string, needle: string): string {
  const lines = text.slice(0, text.indexOf(needle)).split("\n");
  return `${lines.length}:${lines[lines.length - 1].length + 1}`;
}

/** The copy's rules.yaml with one more rule (inserted first, so it is read like any other). */
function addRule(yaml: string): string {
  const file = join(copy.project.root, "schemas", "rules.yaml");
  const text = readFileSync(file, "utf8").replace("rules:\n", `rules:\n${yaml}`);
  writeFileSync(file, text);
  return text;
}

test("a nested quantifier in a rule fails codegen at the pattern's line and column", async () => {
  const text = addRule('  slowProbe:\n    description: 探针\n    checks:\n      - pattern: "^(a+)+$"\n        message: 探针\n');
  const before = copy.project.generated();
  expect(await run(copy.project.root, [])).toBe(1);
  expect(copy.errors).toContain(`schemas/rules.yaml:${at(text, '"^(a+)+$"')}: pattern /^(a+)+$/u takes exponential time`);
  expect(copy.errors).toContain("generated/ was left as it was");
  expect(copy.project.generated()).toEqual(before);
}, 60_000);

test("the old email pattern is reported as quadratic", async () => {
  const problems = await slowPatterns([{ pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", flags: "u", at: "schemas/rules.yaml:1:2" }]);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(/^schemas\/rules\.yaml:1:2: pattern .* takes 2nd degree polynomial time/);
  expect(await slowPatterns([{ pattern: "^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$", flags: "u", at: "x" }])).toEqual([]);
}, 60_000);

test("a rule whose maxLength follows its pattern fails codegen at the maxLength", async () => {
  const text = addRule('  lateLength:\n    description: 探针\n    checks:\n      - pattern: "^a*$"\n        message: 探针\n      - maxLength: 9\n        message: 探针\n');
  expect(await run(copy.project.root, [])).toBe(1);
  expect(copy.errors).toContain(`schemas/rules.yaml:${at(text, "maxLength: 9")}: rule "lateLength": put its maxLength before its patterns`);
}, 60_000);
