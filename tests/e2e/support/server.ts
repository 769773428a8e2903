// Starts the real product for a browser test: `scripts/start.ts` (builds the web app when it is
// stale, then runs the server) on a free port with a data folder of its own and a known password,
// serving the run's own web build (WEB_DIST_DIR). The data folder starts as a copy of the run's
// seeded one (made once per run, like the web build, by global-setup.ts), so the server finds the
// demo data and seeds nothing.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inject } from "vitest";
import { DEMO_PASSWORD } from "../../support/demo-password.ts";
import { waitForTemplate } from "../../support/templates.ts";

export { DEMO_PASSWORD };
const root = resolve(import.meta.dirname, "../../..");

export interface RunningProduct {
  baseUrl: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
    s.on("error", fail);
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

export interface StartOptions {
  /**
   * Adds to the data folder before the server starts rows a test needs that the product has no API
   * for (support/new-tenant.ts). The folder then holds the copy of the run's seeded one, or nothing
   * without it. The server seeds the demo data only into an empty database, so whatever this leaves
   * there is what the product finds.
   */
  prepare?: (dataDir: string, password: string) => Promise<void>;
}

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-e2e-"));
  try {
    // Without a seeded folder (a runner without global-setup.ts) the server seeds an empty one itself.
    const seeded = inject("pgliteSeeded");
    if (seeded) {
      await waitForTemplate(seeded);
      cpSync(seeded, dataDir, { recursive: true });
    }
    await options.prepare?.(dataDir, DEMO_PASSWORD);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  let log = "";
  // The run's web build; without one (a runner without global-setup.ts) the product's own default.
  const webDistDir = inject("webDistDir");
  if (webDistDir) await waitForTemplate(webDistDir);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NEPTUNE_DEMO_PASSWORD: DEMO_PASSWORD,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log.slice(-4000), 280_000);
  } catch (err) {
    await stop(); // a server that did not come up leaves neither a process nor its data folder behind
    throw err;
  }
  return { baseUrl, stop };
}
