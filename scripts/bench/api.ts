// Benchmark part "api": the generic residents pageList (POST /api/system/inhabitants/actions/pageList,
// one community, sorted by name; page 1 and a deep page) under load, on PGlite and on PostgreSQL, and
// on PostgreSQL beside a minimal hand-written Fastify + pg endpoint running the same SQL
// (baseline-server.ts). For each backend: seed the large data set (scripts/seed) into a fresh place
// (a temporary DATA_DIR; a new database neptune_bench_<random> on the PostgreSQL server), start the
// real server as a child process on a loopback port, sign in, warm up, then measure with autocannon.
// Latency percentiles are computed from every response time (autocannon's own summary has no p95).
// CPU per request: the server process's and (PostgreSQL) the benchmark database's backends' CPU
// time from /proc/<pid>/stat across the measured run, divided by the requests answered (Linux only;
// autocannon's own CPU is not in it).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import autocannon, { type Result as AutocannonResult } from "autocannon";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import { migrate } from "../../src/server/platform/db/migrate.ts";
import { analyzeLargeTables, seedLargeDataSet } from "../seed/large-data-set.ts";
import { type Child, signIn, startChild } from "./child-server.ts";

export interface ApiBenchOptions {
  backends: ("pglite" | "postgres")[];
  rooms: number;
  communities: number;
  residentsPerRoom: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  deepPage: number;
  pageSize: number;
  adminDatabaseUrl: string;
  log: (text: string) => void;
}

export interface Measurement {
  backend: "pglite" | "postgres";
  target: "app" | "scoped" | "baseline";
  scenario: string;
  pageNo: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU ms per request of the server process, and of PostgreSQL (NaN on PGlite or without /proc). */
  nodeCpuMs: number;
  dbCpuMs: number;
}

export interface BackendRun {
  backend: "pglite" | "postgres";
  seedSeconds: number;
  counts: { communities: number; rooms: number; inhabitants: number };
  communityResidents: number;
  measurements: Measurement[];
}

const PASSWORD = `Bench-${randomBytes(6).toString("hex")}`;
const USERNAME = "bench";

/** user + system CPU time of a process in ms, from /proc/<pid>/stat (NaN when unreadable). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const CLOCK_TICKS = 100;

/** CPU time of the server process and of the database's backends (PostgreSQL), taken before and after a run. */
interface CpuProbe {
  take(): Promise<{ node: number; db: Map<number, number> }>;
}

function cpuProbe(serverPid: number | undefined, database: pg.Client | null): CpuProbe {
  return {
    async take() {
      const db = new Map<number, number>();
      if (database) {
        const { rows } = await database.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
        for (const r of rows) db.set(r.pid, cpuMs(r.pid));
      }
      return { node: cpuMs(serverPid), db };
    },
  };
}

/** CPU ms per request between two probes (backends that came or went count from zero or up to their last reading). */
function cpuPerRequest(before: Awaited<ReturnType<CpuProbe["take"]>>, after: Awaited<ReturnType<CpuProbe["take"]>>, requests: number, postgres: boolean) {
  let db = 0;
  for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
  return { nodeCpuMs: (after.node - before.node) / requests, dbCpuMs: postgres ? db / requests : NaN };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function load(url: string, body: unknown, headers: Record<string, string>, connections: number, duration: number) {
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((done, fail) => {
    const instance = autocannon({ url, method: "POST", connections, duration, timeout: 30, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }, (err, res) =>
      err ? fail(err) : done(res),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Makes a user limited to one community with every code of the main account, and signs it in. Its
 * password was set by someone else, so, as at a real first sign-in, it chooses its own before the
 * server answers it anything else (its session stays).
 */
async function scopedUser(port: number, admin: Record<string, string>, communityId: number): Promise<Record<string, string>> {
  const callAs = async <T>(headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await r.json()) as { data: T };
    if (r.status !== 200) throw new Error(`${method} ${path} failed: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const me = await callAs<{ authorities: { code: string }[] }>(admin, "GET", "/api/system/homepage/user");
  const role = await callAs<{ id: number }>(admin, "POST", "/api/system/characters", { name: "单社区基准", authorities: me.authorities.map((a) => a.code) });
  await callAs(admin, "POST", "/api/system/users", { username: "benchscoped", password: PASSWORD, roleId: role.id, communityIds: [communityId] });
  const scoped = await signIn(port, "benchscoped", PASSWORD);
  await callAs(scoped, "POST", "/api/system/homepage/modifyPassword", { oldPassword: PASSWORD, newPassword: `${PASSWORD}-own` });
  return scoped;
}

/** Sends one request and checks the answer holds a full page (the data set is what we think). */
async function probe(url: string, body: unknown, headers: Record<string, string>, pageSize: number): Promise<number> {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const json = (await r.json()) as { data?: { list?: unknown[]; total?: number } };
  if (r.status !== 200 || json.data?.list?.length !== pageSize) throw new Error(`probe of ${url} failed: ${r.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data.total ?? 0;
}

async function measureTarget(
  o: ApiBenchOptions,
  backend: "pglite" | "postgres",
  target: "app" | "scoped" | "baseline",
  url: string,
  headers: Record<string, string>,
  bodyFor: (pageNo: number) => unknown,
  cpu: CpuProbe,
): Promise<{ measurements: Measurement[]; total: number }> {
  const measurements: Measurement[] = [];
  let total = 0;
  for (const [scenario, pageNo] of [
    ["第 1 页", 1],
    [`深页（第 ${o.deepPage} 页）`, o.deepPage],
  ] as const) {
    total = await probe(url, bodyFor(pageNo), headers, o.pageSize);
    if (o.warmupSeconds > 0) await load(url, bodyFor(pageNo), headers, o.connections, o.warmupSeconds);
    o.log(`  ${backend} ${target} page ${pageNo}: ${o.connections} connections, ${o.durationSeconds} s ...`);
    const before = await cpu.take();
    const m = await load(url, bodyFor(pageNo), headers, o.connections, o.durationSeconds);
    const perRequest = cpuPerRequest(before, await cpu.take(), m.requests, backend === "postgres");
    o.log(
      `    p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms, ${m.requestsPerSecond.toFixed(0)} req/s, CPU ${perRequest.nodeCpuMs.toFixed(2)} ms node` +
        `${backend === "postgres" ? ` + ${perRequest.dbCpuMs.toFixed(2)} ms PostgreSQL` : ""} per request${m.errors || m.non2xx ? `, errors ${m.errors}, non-2xx ${m.non2xx}` : ""}`,
    );
    measurements.push({ backend, target, scenario, pageNo, ...m, ...perRequest });
  }
  return { measurements, total };
}

async function runBackend(o: ApiBenchOptions, backend: "pglite" | "postgres"): Promise<BackendRun> {
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-bench-"));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  const children: Child[] = [];
  let watcher: pg.Client | null = null;
  try {
    if (backend === "postgres") {
      const name = `neptune_bench_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: o.adminDatabaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(o.adminDatabaseUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: o.adminDatabaseUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
    }

    o.log(`${backend}: seeding ${o.communities} communities, ${o.rooms} rooms, ${o.rooms * o.residentsPerRoom} residents ...`);
    const started = Date.now();
    const db = await openDatabase({ dataDir, databaseUrl });
    let seeded;
    try {
      await migrate(db);
      seeded = await seedLargeDataSet(db, { rooms: o.rooms, communities: o.communities, residentsPerRoom: o.residentsPerRoom, username: USERNAME, password: PASSWORD, log: o.log });
      await analyzeLargeTables(db);
    } finally {
      await db.close();
    }
    const seedSeconds = (Date.now() - started) / 1000;
    o.log(`${backend}: seeded in ${seedSeconds.toFixed(1)} s`);

    if (databaseUrl) {
      watcher = new pg.Client({ connectionString: databaseUrl });
      await watcher.connect();
    }
    const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
    const app = await startChild("src/server/main.ts", env);
    children.push(app);
    const session = await signIn(app.port, USERNAME, PASSWORD);
    const communityId = seeded.communityIds[0];
    const pageBody = (pageNo: number) => ({ pageNo, pageSize: o.pageSize, communityId, sortField: "name", sortOrder: "asc" });
    const appRun = await measureTarget(
      o,
      backend,
      "app",
      `http://127.0.0.1:${app.port}/api/system/inhabitants/actions/pageList`,
      { ...session, "x-requested-with": "XMLHttpRequest" },
      pageBody,
      cpuProbe(app.process.pid, watcher),
    );
    // The same screen for a user limited to that community, holding every code (the scope's cost).
    const scoped = await scopedUser(app.port, { ...session, "x-requested-with": "XMLHttpRequest" }, communityId);
    const scopedRun = await measureTarget(
      o,
      backend,
      "scoped",
      `http://127.0.0.1:${app.port}/api/system/inhabitants/actions/pageList`,
      { ...scoped, "x-requested-with": "XMLHttpRequest" },
      pageBody,
      cpuProbe(app.process.pid, watcher),
    );
    await app.stop();
    const measurements = [...appRun.measurements, ...scopedRun.measurements];

    if (backend === "postgres") {
      const baseline = await startChild("scripts/bench/baseline-server.ts", { BASELINE_DATABASE_URL: databaseUrl! });
      children.push(baseline);
      const base = await measureTarget(
        o,
        backend,
        "baseline",
        `http://127.0.0.1:${baseline.port}/baseline/inhabitants/pageList`,
        {},
        (pageNo) => ({ ...pageBody(pageNo), tenantId: seeded.tenantId }),
        cpuProbe(baseline.process.pid, watcher),
      );
      await baseline.stop();
      measurements.push(...base.measurements);
    }
    return { backend, seedSeconds, counts: seeded.counts, communityResidents: appRun.total, measurements };
  } finally {
    await watcher?.end().catch(() => undefined);
    for (const child of children) await child.stop().catch(() => undefined);
    await dropDatabase().catch((err) => o.log(`could not drop the benchmark database: ${(err as Error).message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runApiBench(o: ApiBenchOptions): Promise<BackendRun[]> {
  const runs: BackendRun[] = [];
  for (const backend of o.backends) runs.push(await runBackend(o, backend));
  return runs;
}
