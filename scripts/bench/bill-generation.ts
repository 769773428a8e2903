// npm run bench:bills [-- --backend pglite|postgres|all] [--rooms 200000] [--communities 200] [--metered] [--no-write]
//
// --metered: the same, billed by meter instead of area (issue 38's scale figure): a water meter per
// room with one approved reading of the period (so 200 000 approved readings), the item priced
// 按用量 of the water type; the run also marks each reading 已计费 with its bill. Written between
// the bench:bills-metered markers; target ≤ 5 s on PostgreSQL.
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
// removed afterwards. Targets: ≤ 4 s on PostgreSQL, ≤ 8 s on PGlite.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Db } from "../../src/server/platform/db/types.ts";
import type { SessionInfo } from "../../src/server/platform/session/session-store.ts";
import { analyzeLargeTables, seedLargeDataSet } from "../seed/large-data-set.ts";
import { planGeneration } from "../../src/server/payment/generation.ts";
import { MeterReadingStatus, PricingMethod } from "../../generated/states.ts";
import { runTaskNow } from "../../src/server/platform/tasks/runner.ts";
import { findTaskById } from "../../src/server/platform/tasks/store.ts";
import { type Backend, backendName, backendsOf, benchSession, openBenchDatabase, runBench, runLine, seconds, writeBenchSection } from "./database.ts";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "all" },
    rooms: { type: "string", default: "200000" },
    communities: { type: "string", default: "200" },
    metered: { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
  },
});

const metered = values.metered;
// Area-priced: ≤ 4 s on PostgreSQL and ≤ 8 s on PGlite; metered: ≤ 5 s on PostgreSQL (PGlite: the earlier 10 s).
const TARGETS: Record<Backend, number> = metered ? { postgres: 5, pglite: 10 } : { postgres: 4, pglite: 8 };

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
const PERIOD = "2031-01";

/** A water meter per room and one approved reading of the period each (set-based); the water type's id. */
async function seedApprovedReadings(db: Db, tenantId: number, period: string): Promise<number> {
  const type = await db.query<{ id: number }>(`select id from meter_types where tenant_id = $1 and name = '水' and built_in`, [tenantId]);
  const waterId = Number(type.rows[0].id);
  await db.query(
    `insert into meters (tenant_id, community_id, meter_no, meter_type_id, scope_kind, room_id, building_id, unit_id, initial_reading)
     select r.tenant_id, r.community_id, 'W' || r.id, $2, 1, r.id, r.building_id, r.unit_id, 0 from rooms r where r.tenant_id = $1`,
    [tenantId, waterId],
  );
  // Uses of 3 to 22 吨, approved: what the generation bills.
  await db.query(
    `insert into meter_readings (tenant_id, community_id, room_id, building_id, meter_id, meter_type_id, period, previous_reading, current_reading, usage, status, approved_at)
     select m.tenant_id, m.community_id, m.room_id, m.building_id, m.id, m.meter_type_id, $3, 100, 100 + 3 + m.id % 20, 3 + m.id % 20, $4, now()
       from meters m where m.tenant_id = $1 and m.meter_type_id = $2`,
    [tenantId, waterId, period, MeterReadingStatus.Approved],
  );
  await db.query("analyze meters");
  await db.query("analyze meter_readings");
  return waterId;
}

/** Every reading billed names its bill: the run is not done before the readings are locked. */
async function expectReadingsBilled(db: Db, tenantId: number, bills: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from meter_readings where tenant_id = $1 and status = $2 and bill_id is not null`, [tenantId, MeterReadingStatus.Billed]);
  if (Number(rows[0].n) !== bills) throw new Error(`${bills} bills made but ${rows[0].n} readings 已计费`);
}
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
    const water = metered ? await seedApprovedReadings(db, data.tenantId, PERIOD) : null;
    await db.transaction(async (tx) => {
      for (const communityId of data.communityIds) {
        const pt = await tx.query<{ id: number }>(
          `insert into price_types (tenant_id, community_id, name, pricing_method, unit_price, billing_cycle, enabled) values ($1, $2, $3, $4, 235, 1, true) returning id`,
          [data.tenantId, communityId, water ? "水费" : "物业服务费", water ? PricingMethod.ByMeterReading : PricingMethod.ByArea],
        );
        const item = await tx.query<{ id: number }>(
          `insert into payment_items (tenant_id, community_id, name, price_type_id, payment_type, occupancy_statuses, due_day, enabled, meter_type_id)
           values ($1, $2, $3, $4, 1, '[1,2,3,4,5]'::jsonb, 15, true, $5) returning id`,
          [data.tenantId, communityId, water ? "水费" : "物业费", pt.rows[0].id, water],
        );
        itemIds.push(Number(item.rows[0].id));
      }
    });
    log(
      `   seeded in ${seedSeconds.toFixed(1)} s; generating bills for ${data.counts.rooms} rooms × 1 item (${itemIds.length} items, one per community${water ? ", by approved water readings" : ""})`,
    );
    const load = loadavg()[0];
    const first = await generateAll(db, session, itemIds, PERIOD);
    log(
      `   generated ${first.result.billCount} bills in ${first.seconds.toFixed(1)} s (${Math.round(first.result.billCount / first.seconds)} rows/s, CPU ${first.cpu?.toFixed(1) ?? "?"} s, load ${load.toFixed(2)})`,
    );
    if (water) await expectReadingsBilled(db, data.tenantId, first.result.billCount);
    const again = await generateAll(db, session, itemIds, PERIOD);
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
    runLine(metered ? "npm run bench:bills -- --metered" : "npm run bench:bills", startLoad),
    "",
    metered
      ? "Data set: `scripts/seed` large data set without residents, a water meter per room with one approved reading of the period; one payment item per community priced 按用量 of the water type, billing every 房屋状态; one run over all items (each new bill's reading marked 已计费 in the same statement), then the same run again (every reading is then 已计费: nothing to bill)"
      : "Data set: `scripts/seed` large data set without residents; one area-priced payment item per community billing every 房屋状态; one run over all items (the server's task handler, steps of about 5000 rooms, one statement and transaction each, two lanes side by side on PostgreSQL), then the same run again.",
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
  if (values["no-write"]) return;
  if (metered) writeBenchSection("bills-metered", "Bill generation by meter: 200k approved readings", text);
  else writeBenchSection("bills", "Bill generation: 200k rooms × 1 item", text);
}

runBench(main);
