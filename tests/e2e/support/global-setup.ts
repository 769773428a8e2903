// Once per browser-test run, two things every product the tests start uses (support/server.ts), made
// side by side:
// - the web app built into a fresh temporary folder of the run's own (WEB_DIST_DIR). The shared
//   dist/web is neither read nor written, so two runs at once, or an edit of src/web during a run, do
//   not change the pages a run tests;
// - a data folder migrated and loaded with the demo data by the real server (the demo password of
//   the browser tests), which each product starts on a copy of instead of seeding its own.
// Both are removed afterwards.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "../../../src/server/app.ts";
import { DEMO_PASSWORD } from "./demo-password.ts";

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

async function migrateAndSeed(dataDir: string): Promise<void> {
  const app = await buildApp({ dataDir, demoPassword: DEMO_PASSWORD, print: () => undefined });
  await app.close();
}

export default async function setup(project: TestProject) {
  const web = mkdtempSync(join(tmpdir(), "neptune-e2e-web-"));
  const seeded = mkdtempSync(join(tmpdir(), "neptune-e2e-seeded-"));
  const teardown = () => {
    rmSync(web, { recursive: true, force: true });
    rmSync(seeded, { recursive: true, force: true });
  };
  const [built, seeding] = await Promise.allSettled([buildWebApp(web), migrateAndSeed(seeded)]);
  if (built.status === "rejected" || seeding.status === "rejected") {
    teardown();
    throw built.status === "rejected" ? built.reason : (seeding as PromiseRejectedResult).reason;
  }
  project.provide("webDistDir", web);
  project.provide("seededDataDir", seeded);
  return teardown;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's own web build (tests/e2e/support/global-setup.ts). */
    webDistDir: string;
    /** The run's data folder with the demo data, to be copied, never used in place (global-setup.ts). */
    seededDataDir: string;
  }
}
