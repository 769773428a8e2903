// npm run bench:bills [-- --backend pglite|postgres|all] [--rooms 200000] [--communities 200] [--no-write]
//
// Bill generation at scale: the large data set of scripts/seed (residents left out: bills do not
// read them), one area-priced payment item per community billing every 房屋状态, then one
// generation run over all items — the same task handler the server's worker runs (steps of about
// 5000 rooms, one statement and transaction each) — timed from the request's planning to the task's
// end; then the same run again (idempotent: every bill already exists). Beside the wall time, the CPU
// time of the work: on PGlite the benchmark process's (the database runs in it), on PostgreSQL the
// database's backends' (from /proc, when the server runs on this machine), since other work on the
// machine stretches the wall time. Writes the figures into docs/benchmarks.md between the
// bench:bills markers. PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// — a fresh database neptune_bench_<random>, dropped afterwards; PGlite: a temporary data folder,
// removed afterwards. Targets: ≤ 5 s on PostgreSQL, ≤ 10 s on PGlite.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Db } from "../../src/server/platform/db/types.ts";
import type { SessionInfo } from "../../src/server/platform/session/session-store.ts";
import { analyzeLargeTables, seedLargeDataSet } from "../seed/large-data-set.ts";
import { planGeneration } from "../../src/server/payment/generation.ts";
import { runTaskNow } from "../../src/server/platform/tasks/runner.ts";
import { findTaskById } from "../../src/server/platform/tasks/store.ts";
import { type Backend, backendName, backendsOf, benchSession, openBenchDatabase, runBench, runLine, seconds, writeBenchSection } from "./database.ts";

const TARGETS: Record<Backend, number> = { postgres: 5, pglite: 10 };

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "all" },
    rooms: { type: "string", default: "200000" },
    communities: { type: "string", default: "200" },
    "no-write": { type: "boolean", default: false },
  },
});

interface Run {
  backend: Backend;
  seedSeconds: number;
  rooms: number;
  items: number;
  bills: number;
  seconds: number;
  rerunSeconds: number;
  rerunExisting: number;
  /** CPU seconds of the first run: the process (PGlite) or the database's backends (PostgreSQL); null when not readable. */
  cpuSeconds: number | null;
  load: number;
}

/** CPU seconds so far of the work's side: this process on PGlite, the database's backends on PostgreSQL (null if not on this machine). */
async function cpuSeconds(db: Db): Promise<number | null> {
  if (db.kind === "pglite") {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const { rows } = await db.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()");
  let ticks = 0;
  try {
    for (const r of rows) {
      const fields = readFileSync(`/proc/${r.pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / 100;
}

const log = (text: string) => console.log(text);
async function generateAll(db: Db, session: SessionInfo, itemIds: number[], period: string) {
  const cpuBefore = await cpuSeconds(db);
  const started = process.hrtime.bigint();
  const run = await db.transaction((tx) => planGeneration(tx, session, { period, paymentItemIds: itemIds }));
  await runTaskNow(db, run.task.id);
  const took = seconds(started);
  const cpuAfter = await cpuSeconds(db);
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const task = await findTaskById(db, run.task.id);
  if (task?.state !== "completed") throw new Error(`generation task ended ${task?.state}: ${task?.error}`);
  return { seconds: took, cpu, result: task.result as { billCount: number; existingCount: number } };
}

async function runBackend(backend: Backend, rooms: number, communities: number): Promise<Run> {
  log(`\n== ${backend}: migrate and seed ${rooms} rooms in ${communities} communities`);
  const { db, dispose } = await openBenchDatabase(backend, "neptune-bench-bills-");
  try {
    const seedStart = process.hrtime.bigint();
    const data = await seedLargeDataSet(db, { rooms, communities, residentsPerRoom: 0, username: `benchbills${randomBytes(2).toString("hex")}`, password: randomBytes(12).toString("hex"), log });
    await analyzeLargeTables(db);
    const seedSeconds = seconds(seedStart);
    const session = benchSession(data, "社区");
    const itemIds: number[] = [];
    await db.transaction(async (tx) => {
      for (const communityId of data.communityIds) {
        const pt = await tx.query<{ id: number }>(
          `insert into price_types (tenant_id, community_id, name, pricing_method, unit_price, billing_cycle, enabled) values ($1, $2, '物业服务费', 1, 235, 1, true) returning id`,
          [data.tenantId, communityId],
        );
        const item = await tx.query<{ id: number }>(
          `insert into payment_items (tenant_id, community_id, name, price_type_id, payment_type, occupancy_statuses, due_day, enabled)
           values ($1, $2, '物业费', $3, 1, '[1,2,3,4,5]'::jsonb, 15, true) returning id`,
          [data.tenantId, communityId, pt.rows[0].id],
        );
        itemIds.push(Number(item.rows[0].id));
      }
    });
    log(`   seeded in ${seedSeconds.toFixed(1)} s; generating bills for ${data.counts.rooms} rooms × 1 item (${itemIds.length} items, one per community)`);
    const load = loadavg()[0];
    const first = await generateAll(db, session, itemIds, "2031-01");
    log(
      `   generated ${first.result.billCount} bills in ${first.seconds.toFixed(1)} s (${Math.round(first.result.billCount / first.seconds)} rows/s, CPU ${first.cpu?.toFixed(1) ?? "?"} s, load ${load.toFixed(2)})`,
    );
    const again = await generateAll(db, session, itemIds, "2031-01");
    log(`   re-run: ${again.result.billCount} new, ${again.result.existingCount} existing, ${again.seconds.toFixed(1)} s`);
    return {
      backend,
      seedSeconds,
      rooms: data.counts.rooms,
      items: itemIds.length,
      bills: first.result.billCount,
      seconds: first.seconds,
      rerunSeconds: again.seconds,
      rerunExisting: again.result.existingCount,
      cpuSeconds: first.cpu,
      load,
    };
  } finally {
    await dispose();
  }
}

function report(runs: Run[], startLoad: number): string {
  const lines = [
    runLine("npm run bench:bills", startLoad),
    "",
    "Data set: `scripts/seed` large data set without residents; one area-priced payment item per community billing every 房屋状态; one run over all items (the server's task handler, steps of about 5000 rooms, one statement and transaction each), then the same run again.",
    "CPU s: the first run's CPU time — on PGlite the benchmark process's (the database included), on PostgreSQL the database backends' (node's own is a few tenths of a second).",
    "",
    "| backend | rooms | items | bills made | time s | rows/s | CPU s | load at start | re-run s (all existing) | seeding s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${backendName(r.backend)} | ${r.rooms} | ${r.items} | ${r.bills} | ${r.seconds.toFixed(1)} | ${Math.round(r.bills / r.seconds)} | ${r.cpuSeconds?.toFixed(1) ?? "—"} | ${r.load.toFixed(2)} | ${r.rerunSeconds.toFixed(1)} (${r.rerunExisting}) | ${r.seedSeconds.toFixed(1)} |`,
    ),
  ];
  lines.push("", "Targets:");
  for (const r of runs) {
    const target = TARGETS[r.backend];
    lines.push(`- ${backendName(r.backend)} ≤ ${target} s — ${r.seconds <= target ? "达到 ✅" : "未达到 ❌"} (${r.seconds.toFixed(1)} s).`);
  }
  return lines.join("\n");
}

async function main() {
  const backends = backendsOf(values.backend);
  const rooms = Number(values.rooms);
  const communities = Number(values.communities);
  const startLoad = loadavg()[0];
  const runs: Run[] = [];
  for (const b of backends) runs.push(await runBackend(b, rooms, communities));
  const text = report(runs, startLoad);
  console.log(`\n${text}`);
  if (!values["no-write"]) writeBenchSection("bills", "Bill generation: 200k rooms × 1 item", text);
}

runBench(main);
