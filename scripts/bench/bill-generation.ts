// npm run bench:bills [-- --backend pglite|postgres|all] [--rooms 200000] [--communities 200] [--no-write]
//
// Bill generation at scale: the large data set of scripts/seed (residents left out: bills do not
// read them), one area-priced payment item per community billing every room status, then one
// generation run over all items — the same task handler the server's worker runs (chunks of 5000
// rooms, one transaction each) — timed from the request's planning to the task's end; then the same
// run again (idempotent: every bill already exists). Writes the figures into docs/benchmarks.md
// between the bench:bills markers. PostgreSQL: BENCH_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres — a fresh database neptune_bench_<random>, dropped
// afterwards; PGlite: a temporary data folder, removed afterwards. Target: ≤ 30 s on PostgreSQL.
import { loadavg } from "node:os";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Db } from "../../src/server/db/types.ts";
import type { SessionInfo } from "../../src/server/auth/session-store.ts";
import { analyzeLargeTables, seedLargeDataSet } from "../seed/large-data-set.ts";
import { planGeneration } from "../../src/server/payment/generation.ts";
import { runTaskNow } from "../../src/server/tasks/runner.ts";
import { findTaskById } from "../../src/server/tasks/store.ts";
import { type Backend, backendName, backendsOf, benchSession, openBenchDatabase, runBench, runLine, seconds, writeBenchSection } from "./database.ts";

const TARGET_POSTGRES_SECONDS = 30;

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
}

const log = (text: string) => console.log(text);
async function generateAll(db: Db, session: SessionInfo, itemIds: number[], period: string) {
  const started = process.hrtime.bigint();
  const run = await db.transaction((tx) => planGeneration(tx, session, { period, paymentItemIds: itemIds }));
  await runTaskNow(db, run.task.id);
  const took = seconds(started);
  const task = await findTaskById(db, run.task.id);
  if (task?.state !== "completed") throw new Error(`generation task ended ${task?.state}: ${task?.error}`);
  return { seconds: took, result: task.result as { billCount: number; existingCount: number } };
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
          `insert into payment_items (tenant_id, community_id, name, price_type_id, payment_type, room_statuses, due_day, enabled)
           values ($1, $2, '物业费', $3, 1, '[1,2,3,4,5]'::jsonb, 15, true) returning id`,
          [data.tenantId, communityId, pt.rows[0].id],
        );
        itemIds.push(Number(item.rows[0].id));
      }
    });
    log(`   seeded in ${seedSeconds.toFixed(1)} s; generating bills for ${data.counts.rooms} rooms × 1 item (${itemIds.length} items, one per community)`);
    const first = await generateAll(db, session, itemIds, "2031-01");
    log(`   generated ${first.result.billCount} bills in ${first.seconds.toFixed(1)} s (${Math.round(first.result.billCount / first.seconds)} rows/s)`);
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
    };
  } finally {
    await dispose();
  }
}

function report(runs: Run[], startLoad: number): string {
  const lines = [
    runLine("npm run bench:bills", startLoad),
    "",
    "Data set: `scripts/seed` large data set without residents; one area-priced payment item per community billing every room status; one run over all items (the server's task handler, 5000 rooms per transaction), then the same run again.",
    "",
    "| backend | rooms | items | bills made | time s | rows/s | re-run s (all existing) | seeding s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${backendName(r.backend)} | ${r.rooms} | ${r.items} | ${r.bills} | ${r.seconds.toFixed(1)} | ${Math.round(r.bills / r.seconds)} | ${r.rerunSeconds.toFixed(1)} (${r.rerunExisting}) | ${r.seedSeconds.toFixed(1)} |`,
    ),
  ];
  const pgRun = runs.find((r) => r.backend === "postgres");
  if (pgRun) lines.push("", `Target: PostgreSQL ≤ ${TARGET_POSTGRES_SECONDS} s — ${pgRun.seconds <= TARGET_POSTGRES_SECONDS ? "达到 ✅" : "未达到 ❌"} (${pgRun.seconds.toFixed(1)} s).`);
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
