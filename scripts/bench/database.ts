// What the stand-alone benchmark scripts (bench:bills, bench:import) share: a fresh, migrated
// database per backend, the signed-in session of the seeded main account, the run's header line,
// the figures written between a part's markers in docs/benchmarks.md, and the script's exit.
//
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres — a fresh database
// neptune_bench_<random> on that server, dropped afterwards; PGlite: a temporary data folder,
// removed afterwards.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Db } from "../../src/server/platform/db/types.ts";
import type { SessionInfo } from "../../src/server/platform/session/session-store.ts";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import { migrate } from "../../src/server/platform/db/migrate.ts";
import type { LargeDataSet } from "../seed/large-data-set.ts";
import { adminQuery } from "../postgres-admin.ts";

export type Backend = "pglite" | "postgres";

export const backendName = (b: Backend) => (b === "pglite" ? "PGlite" : "PostgreSQL");

/** The --backend option: pglite, postgres or all (PostgreSQL first). */
export function backendsOf(option: string | undefined): Backend[] {
  const backends = (option ?? "all") === "all" ? (["postgres", "pglite"] as Backend[]) : [option as Backend];
  if (!backends.every((b) => b === "pglite" || b === "postgres")) throw new Error("--backend is pglite, postgres or all");
  return backends;
}

export const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

/**
 * A fresh database of the backend with the migrations applied; `dispose` closes it and removes it
 * (the PostgreSQL database dropped, the data folder deleted). `folderPrefix` names the temporary folder.
 */
export async function openBenchDatabase(backend: Backend, folderPrefix: string): Promise<{ db: Db; dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  const removeFolder = () => rmSync(dataDir, { recursive: true, force: true });
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (backend === "postgres") {
    const admin = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `neptune_bench_${randomBytes(5).toString("hex")}`;
    await adminQuery(admin, `create database ${name}`);
    dropDatabase = () => adminQuery(admin, `drop database if exists ${name} with (force)`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  let db: Db;
  try {
    db = await openDatabase({ dataDir, databaseUrl });
  } catch (err) {
    await dropDatabase();
    removeFolder();
    throw err;
  }
  const dispose = async () => {
    try {
      await db.close();
    } finally {
      await dropDatabase();
      removeFolder();
    }
  };
  try {
    await migrate(db);
  } catch (err) {
    await dispose();
    throw err;
  }
  return { db, dispose };
}

/** The session of the seeded data set's main account, as the server's handlers receive it. */
export function benchSession(data: LargeDataSet, sceneName: string): SessionInfo {
  return { tokenHash: "bench", userId: data.userId, tenantId: data.tenantId, username: "bench", realName: null, userType: "0", authorities: [], communityIds: null, tenantName: "", sceneName };
}

/** The first line of a part's figures: the command, when, and on what. */
export function runLine(command: string, startLoad: number): string {
  return `Command: \`${command}\`. Last run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, Node ${process.version}, ${cpus().length} CPU(s), load average ${startLoad.toFixed(2)} when it started.`;
}

const docFile = resolve(fileURLToPath(import.meta.url), "../../../docs/benchmarks.md");

/** Replaces the text between the part's markers (or appends the part under `title`) in docs/benchmarks.md. */
export function writeBenchSection(part: string, title: string, text: string): void {
  const start = `<!-- bench:${part}:start -->`;
  const end = `<!-- bench:${part}:end -->`;
  const block = `${start}\n${text}\n${end}`;
  let doc = existsSync(docFile) ? readFileSync(docFile, "utf8") : "# Benchmarks\n";
  if (doc.includes(start) && doc.includes(end)) doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  else doc = `${doc.trimEnd()}\n\n## ${title}\n\n${block}\n`;
  writeFileSync(docFile, doc);
  console.log("\n已写入 / written to docs/benchmarks.md");
}

/** Runs the script's main and exits: 0 when it ends, 1 (the error printed) when it throws. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
