// Runs the server from the environment: PORT (8080), HOST (0.0.0.0), DATA_DIR (./data),
// DATABASE_URL (PostgreSQL instead of PGlite), NEPTUNE_DEMO_PASSWORD, TRUST_PROXY, LOG_LEVEL (info:
// start-up, refused and failed requests and those slower than 1 s, one line each; debug: every request).
// Exit code 1 when it cannot start, with one Chinese + English line for the usual causes (the data
// folder locked or not writable, the database unreachable, its login refused, the database missing).
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { DataDirLockedError } from "./platform/db/lock.ts";
import { MigrationChecksumError } from "./platform/db/migrate.ts";
import { describeStartError } from "./start-errors.ts";
import { texts } from "../../generated/texts.ts";
import { fillTexts } from "../../generated/fill-texts.ts";

export async function main(): Promise<void> {
  const port = Number(process.env.PORT || 8080);
  const host = process.env.HOST || "0.0.0.0";
  const dataDir = resolve(process.env.DATA_DIR || "./data");
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let app;
  try {
    app = await buildApp({
      dataDir,
      databaseUrl,
      demoPassword: process.env.NEPTUNE_DEMO_PASSWORD || undefined,
      trustProxy: process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true",
      logger: { level: process.env.LOG_LEVEL || "info" },
      taskWorker: process.env.TASK_WORKER !== "0",
      jobs: process.env.TASK_WORKER === "0" ? "send" : "work",
    });
  } catch (err) {
    const known = describeStartError(err, { databaseUrl, dataDir });
    if (err instanceof DataDirLockedError || err instanceof MigrationChecksumError) console.error(err.message);
    else if (known) console.error(known);
    else console.error(texts.startup.failed, err);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await app.close(); // stops listening, waits for requests in flight, then closes the database
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port, host });
    const address = app.server.address();
    const listening = typeof address === "object" && address ? address.port : port;
    console.log(fillTexts.startup.listening({ url: `http://localhost:${listening}/neptune/` }));
  } catch (err) {
    console.error(fillTexts.startup.cannotListen({ port }), (err as Error).message);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

// Run when executed directly (node --import tsx src/server/main.ts); importing only defines main().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
