// Starts the real product for a browser test: the server scripts/start.ts runs (buildApp, listening
// on a free loopback port), in the test's own process, with a data folder of its own and a known
// password, serving the run's own web build. The data folder starts as a copy of the run's seeded one
// (made once per run, like the web build, by global-setup.ts), so the server finds the demo data and
// seeds nothing. In-process, a product costs its database's start and no new Node process: the
// worker imports the server once for all of its files (the project runs without isolation) and each
// file still gets a product and data of its own.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { buildApp } from "../../../src/server/app.ts";
import { DEMO_PASSWORD } from "../../support/demo-password.ts";
import { waitForTemplate } from "../../support/templates.ts";

export { DEMO_PASSWORD };

export interface RunningProduct {
  baseUrl: string;
  /** The last warnings and errors the server logged. */
  log(): string;
  stop(): Promise<void>;
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

const LOG_KEPT = 20_000;

export async function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-e2e-"));
  let log = "";
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const stop = async () => {
    await app?.close(); // stops listening, waits for requests in flight, then closes the database
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Without a seeded folder (a runner without global-setup.ts) the server seeds an empty one itself.
    const seeded = inject("pgliteSeeded");
    if (seeded) {
      await waitForTemplate(seeded);
      cpSync(seeded, dataDir, { recursive: true });
    }
    await options.prepare?.(dataDir, DEMO_PASSWORD);
    // The run's web build; without one (a runner without global-setup.ts) the product's own default.
    const webDir = inject("webDistDir");
    if (webDir) await waitForTemplate(webDir);
    app = await buildApp({
      dataDir,
      webDir: webDir || undefined,
      demoPassword: DEMO_PASSWORD,
      // What LOG_LEVEL=warn prints, kept for a test that fails.
      logger: { level: "warn", stream: { write: (line: string) => void (log = (log + line).slice(-LOG_KEPT)) } },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (err) {
    await stop().catch(() => undefined); // a server that did not come up leaves neither a database nor its data folder behind
    throw err;
  }
  const { port } = app.server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, log: () => log, stop };
}
