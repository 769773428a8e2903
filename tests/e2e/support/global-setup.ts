// Once per browser-test run: the web app built into a fresh temporary folder of the run's own, which
// every product the tests start serves (WEB_DIST_DIR, see support/server.ts). The shared dist/web is
// neither read nor written, so two runs at once, or an edit of src/web during a run, do not change
// the pages a run tests. Removed afterwards.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

const root = resolve(import.meta.dirname, "../../..");
const viteCli = join(root, "node_modules/vite/bin/vite.js");

function buildWebApp(outDir: string): Promise<void> {
  return new Promise((ok, fail) => {
    let log = "";
    const child = spawn(process.execPath, [viteCli, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    child.on("error", fail);
    child.on("exit", (code) => {
      if (code === 0 && existsSync(join(outDir, "index.html"))) ok();
      else fail(new Error(`the web build for the browser tests failed (exit ${code}):\n${log.slice(-4000)}`));
    });
  });
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "neptune-e2e-web-"));
  try {
    await buildWebApp(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide("webDistDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's own web build (tests/e2e/support/global-setup.ts). */
    webDistDir: string;
  }
}
