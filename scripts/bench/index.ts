// npm run bench:api [-- --backend pglite|postgres|all] [--duration 10] [--connections 20]
//                    [--rooms 200000] [--communities 200] [--deep-page 100] [--no-write]
// (npm run bench runs this and then the other benchmark scripts.)
//
// Runs the benchmark parts (today: "api", see api.ts) and writes their figures into
// docs/benchmarks.md between the part's markers, leaving the rest of the page as it is.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres — a fresh database
// neptune_bench_<random> is created on that server and dropped afterwards. Everything listens on
// loopback only. The whole run is bounded (--timeout minutes, default 20): past it, it stops.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { runApiBench, type BackendRun } from "./api.ts";
import { runBench, writeBenchSection } from "./database.ts";

const { values } = parseArgs({
  options: {
    part: { type: "string", default: "api" },
    backend: { type: "string", default: "all" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "20" },
    rooms: { type: "string", default: "200000" },
    communities: { type: "string", default: "200" },
    "residents-per-room": { type: "string", default: "3" },
    "deep-page": { type: "string", default: "100" },
    "page-size": { type: "string", default: "10" },
    timeout: { type: "string", default: "20" },
    "no-write": { type: "boolean", default: false },
  },
});

const num = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number`);
  return n;
};

/** Targets of the API part (the issue's): PostgreSQL p95 and throughput against the hand-written endpoint, PGlite p95. */
export const TARGETS = { postgresP95Ms: 20, postgresVersusBaseline: 0.8, pgliteP95Ms: 60 };

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
const mark = (ok: boolean) => (ok ? "达到 ✅" : "未达到 ❌");

function apiReport(runs: BackendRun[], o: { connections: number; duration: number; warmup: number; pageSize: number; deepPage: number }, startLoad: number, endLoad: number): string {
  const lines: string[] = [];
  const first = runs[0];
  lines.push(`Command: \`npm run bench\` (this part alone: \`npm run bench:api\`). Last run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC,`);
  lines.push(`Node ${process.version}, ${cpus().length} CPU(s), load average ${startLoad.toFixed(2)} when it started, ${endLoad.toFixed(2)} when it ended.`);
  lines.push("");
  if (first) {
    lines.push(`Data set (\`npm run seed\`): 1 tenant, ${first.counts.communities} communities, ${first.counts.rooms} rooms, ${first.counts.inhabitants} residents;`);
    lines.push(
      `the community measured holds ${first.communityResidents} residents. Seeding took ${runs.map((r) => `${fmt(r.seedSeconds, 1)} s on ${r.backend === "pglite" ? "PGlite" : "PostgreSQL"}`).join(", ")}.`,
    );
  }
  lines.push(`Request: \`POST /api/system/inhabitants/actions/pageList\` \`{pageNo, pageSize: ${o.pageSize}, communityId, sortField: "name", sortOrder: "asc"}\`,`);
  lines.push(`signed in (session header); autocannon, ${o.connections} connections, ${o.duration} s per row after a ${o.warmup} s warm-up; latency from every 2xx response;`);
  lines.push("CPU per request from `/proc/<pid>/stat` of the server process and of the database's PostgreSQL backends across the row's run (autocannon's own CPU not included).");
  lines.push("");
  lines.push("| backend | endpoint | page | p50 ms | p95 ms | p99 ms | requests/s | errors | CPU ms/request (server + PostgreSQL) |");
  lines.push("|---|---|---|---:|---:|---:|---:|---:|---:|");
  const all = runs.flatMap((r) => r.measurements);
  for (const m of all) {
    const endpoint = m.target === "app" ? "the app (generic pageList)" : m.target === "scoped" ? "the app, a user limited to that community" : "hand-written Fastify + pg, same SQL";
    const cpu = m.backend === "postgres" ? `${fmt(m.nodeCpuMs, 2)} + ${fmt(m.dbCpuMs, 2)}` : fmt(m.nodeCpuMs, 2);
    lines.push(
      `| ${m.backend === "pglite" ? "PGlite" : "PostgreSQL"} | ${endpoint} | ${m.pageNo} | ${fmt(m.p50)} | ${fmt(m.p95)} | ${fmt(m.p99)} | ${fmt(m.requestsPerSecond)} | ${m.errors + m.non2xx} | ${cpu} |`,
    );
  }
  lines.push("");
  lines.push("Targets:");
  const find = (backend: string, target: string, pageNo: number) => all.find((m) => m.backend === backend && m.target === target && m.pageNo === pageNo);
  for (const pageNo of [1, o.deepPage]) {
    const app = find("postgres", "app", pageNo);
    const base = find("postgres", "baseline", pageNo);
    if (app) lines.push(`- PostgreSQL, page ${pageNo}: p95 ${fmt(app.p95)} ms ≤ ${TARGETS.postgresP95Ms} ms — ${mark(app.p95 <= TARGETS.postgresP95Ms)}`);
    if (app && base) {
      const ratio = app.requestsPerSecond / base.requestsPerSecond;
      lines.push(
        `- PostgreSQL, page ${pageNo}: ${fmt(app.requestsPerSecond)} req/s = ${fmt(ratio, 2)} × the hand-written endpoint's ${fmt(base.requestsPerSecond)} (target ≥ ${TARGETS.postgresVersusBaseline}) — ${mark(ratio >= TARGETS.postgresVersusBaseline)}`,
      );
    }
    const lite = find("pglite", "app", pageNo);
    if (lite) lines.push(`- PGlite, page ${pageNo}: p95 ${fmt(lite.p95)} ms ≤ ${TARGETS.pgliteP95Ms} ms — ${mark(lite.p95 <= TARGETS.pgliteP95Ms)}`);
    // The community scope's cost: a limited user's p95 within 10 % of the main account's (latencies
    // are whole milliseconds, so never less than 1 ms of room).
    for (const backend of ["postgres", "pglite"]) {
      const own = find(backend, "app", pageNo);
      const scoped = find(backend, "scoped", pageNo);
      if (!own || !scoped) continue;
      const room = Math.max(own.p95 * 0.1, 1);
      lines.push(
        `- ${backend === "pglite" ? "PGlite" : "PostgreSQL"}, page ${pageNo}: limited user's p95 ${fmt(scoped.p95)} ms within 10 % (or 1 ms) of the main account's ${fmt(own.p95)} ms — ${mark(scoped.p95 <= own.p95 + room)}`,
      );
    }
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const limit = setTimeout(
    () => {
      console.error(`基准测试超过 ${values.timeout} 分钟，已停止 / benchmark exceeded ${values.timeout} minutes; stopping`);
      process.exit(1);
    },
    num("timeout") * 60_000,
  );
  limit.unref();

  if (values.part !== "api") throw new Error(`unknown part ${values.part} (parts: api)`);
  const backends = values.backend === "all" ? (["pglite", "postgres"] as const) : ([values.backend] as ("pglite" | "postgres")[]);
  if (!backends.every((b) => b === "pglite" || b === "postgres")) throw new Error("--backend is pglite, postgres or all");
  const startLoad = loadavg()[0];
  const options = {
    backends: [...backends],
    rooms: num("rooms"),
    communities: num("communities"),
    residentsPerRoom: num("residents-per-room"),
    connections: num("connections"),
    durationSeconds: num("duration"),
    warmupSeconds: num("warmup"),
    deepPage: num("deep-page"),
    pageSize: num("page-size"),
    adminDatabaseUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
    log: (text: string) => console.log(text),
  };
  const runs = await runApiBench(options);
  const report = apiReport(
    runs,
    { connections: options.connections, duration: options.durationSeconds, warmup: options.warmupSeconds, pageSize: options.pageSize, deepPage: options.deepPage },
    startLoad,
    loadavg()[0],
  );
  console.log(`\n${report}`);
  if (!values["no-write"]) {
    writeBenchSection("api", "API: residents pageList", report);
  }
}

runBench(main);
