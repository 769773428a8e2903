// Codegen is deterministic: the same schemas give the same bytes, wherever the project lives, and
// the committed generated/ is what the schemas give (npm run codegen -- --check).
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { join } from "node:path";
import { emitAll } from "../../../scripts/codegen/emit.ts";
import { run } from "../../../scripts/codegen/index.ts";
import { copyProject, projectRoot, readTree, type TempProject } from "./support/temp-project.ts";

const SLOW = 120_000;

function expectSameFiles(a: Map<string, string>, b: Map<string, string>) {
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  // Compared file by file so a difference names the file instead of printing megabytes.
  const differing = [...a.keys()].filter((k) => a.get(k) !== b.get(k));
  expect(differing).toEqual([]);
}

describe("codegen determinism", () => {
  let first: Map<string, string>;
  let copy: TempProject;

  beforeAll(async () => {
    first = await emitAll(projectRoot, readTree(join(projectRoot, "generated")));
    copy = copyProject();
  }, SLOW);
  afterAll(() => copy?.remove());

  test(
    "emitting twice on the project gives the same bytes",
    async () => {
      const second = await emitAll(projectRoot, readTree(join(projectRoot, "generated")));
      expectSameFiles(first, second);
    },
    SLOW,
  );

  test(
    "a copy of the project elsewhere gives the same bytes (no paths of the machine leak in)",
    async () => {
      expectSameFiles(first, await emitAll(copy.root, copy.generated()));
    },
    SLOW,
  );

  test(
    "the committed generated/ is up to date: run --check returns 0",
    async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const err = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const code = await run(projectRoot, ["--check"]);
        expect(code, err.mock.calls.flat().join("\n")).toBe(0);
      } finally {
        log.mockRestore();
        err.mockRestore();
      }
    },
    SLOW,
  );
});
