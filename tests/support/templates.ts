// The starting points of a test run, made once per run in the vitest process by the projects'
// global set-ups and copied by the tests: the web build, an initialised empty PGlite cluster (initdb
// takes seconds), that cluster migrated and loaded with the demo data by the real server, and the same
// on PostgreSQL. A set-up starts what its project needs and returns at once; a test that needs a
// starting point waits for its marker file (`waitForTemplate`). So the web build and the seedings go
// side by side whatever order vitest runs the set-ups in, and the API and browser suites share one
// seeded PGlite cluster. Vitest loads each project's set-up files apart, so what they share lives on
// globalThis; it is removed when the last set-up that asked for it tears down.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Template {
  dir: string;
  ready: Promise<void>;
}

interface Shared {
  users: number;
  templates: Map<string, Template>;
  cleanups: (() => Promise<void> | void)[];
}

const KEY = Symbol.for("neptune.test-run-templates");
const shared = (): Shared => ((globalThis as Record<symbol, Shared | undefined>)[KEY] ??= { users: 0, templates: new Map(), cleanups: [] });

const readyMark = (dir: string) => `${dir}.ready`;
const failedMark = (dir: string) => `${dir}.failed`;

/**
 * The run's template `name`: a fresh temporary folder, made by `make` in the background (once per run,
 * whoever asks first). Its marker file says when it is ready, or why it failed.
 */
export function template(name: string, make: (dir: string) => Promise<void>, cleanup?: () => Promise<void>): Template {
  const run = shared();
  let t = run.templates.get(name);
  if (!t) {
    const dir = mkdtempSync(join(tmpdir(), `neptune-${name}-`));
    const ready = make(dir).then(
      () => writeFileSync(readyMark(dir), ""),
      (err: unknown) => {
        writeFileSync(failedMark(dir), err instanceof Error ? (err.stack ?? err.message) : String(err));
        throw err;
      },
    );
    ready.catch(() => undefined); // reported to the tests that wait for it
    run.cleanups.push(async () => {
      await ready.catch(() => undefined);
      await cleanup?.();
      for (const path of [dir, readyMark(dir), failedMark(dir)]) rmSync(path, { recursive: true, force: true });
    });
    t = { dir, ready };
    run.templates.set(name, t);
  }
  return t;
}

/** Called by a set-up that uses templates; returns its teardown (everything is removed after the last). */
export function useTemplates(): () => Promise<void> {
  const run = shared();
  run.users++;
  return async () => {
    if (--run.users > 0) return;
    delete (globalThis as Record<symbol, Shared | undefined>)[KEY];
    for (const cleanup of run.cleanups) await cleanup();
  };
}

/** In a test: waits until the template in `dir` is ready; throws the set-up's error when it failed. */
export async function waitForTemplate(dir: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(readyMark(dir))) {
    if (existsSync(failedMark(dir))) throw new Error(`the test run's set-up failed (${dir}):\n${readFileSync(failedMark(dir), "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the test run's set-up did not make ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
