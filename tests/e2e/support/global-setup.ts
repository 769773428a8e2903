// Once per browser-test run, what every test file uses, started here side by side: the run's
// Chromium (support/browser.ts), which the files connect to, and two things every product the tests
// start uses (support/server.ts), waited for by startProduct (tests/support/templates.ts):
// - the web app built into a fresh temporary folder of the run's own (WEB_DIST_DIR). The shared
//   dist/web is neither read nor written, so two runs at once, or an edit of src/web during a run, do
//   not change the pages a run tests;
// - the run's PGlite cluster migrated and loaded with the demo data by the real server (shared with the
//   API suites), which each product starts on a copy of instead of seeding its own.
// All three are closed or removed afterwards.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser.ts";
import { seededCluster } from "../../support/database-templates.ts";
import { template, useTemplates } from "../../support/templates.ts";

const root = resolve(import.meta.dirname, "../../..");
const viteCli = join(root, "node_modules/vite/bin/vite.js");

function buildWebApp(outDir: string): Promise<void> {
  return new Promise((ok, fail) => {
    let log = "";
    // A production build, as users get it: vitest sets NODE_ENV=test, which vite would keep (React's
    // development build: slower, and not what runs in an office).
    const env = { ...process.env, NODE_ENV: "production" };
    const child = spawn(process.execPath, [viteCli, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
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
  const teardown = useTemplates();
  project.provide("webDistDir", template("e2e-web", buildWebApp).dir);
  project.provide("pgliteSeeded", seededCluster().dir);
  const browser = await launchBrowserServer();
  project.provide("browserWsEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await teardown();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's own web build (tests/e2e/support/global-setup.ts). */
    webDistDir: string;
    /** The run's Chromium (support/browser.ts), for chromium.connect. */
    browserWsEndpoint: string;
  }
}
