// npm run bench:fees [-- --backend postgres|pglite|all] [--rooms 200000] [--communities 200] [--samples 200] [--no-write]
//
// Prepayment and arrears at scale, on the large data set of scripts/seed (no residents):
//  1. approval with auto-deduction: one bill per room (one area-priced item per community, generated
//     by the server's task handler); prepayment accounts with a balance and auto-deduct on for every
//     other room; then every batch approved (one approveBills call and transaction per batch, as the
//     approval page's "approve the batch" does) — timed from the first call to the last; the bills of
//     the rooms with an account are paid from their balances inside those calls.
//  2. the arrears list: 11 more months of approved unpaid bills for every room (12 periods in all,
//     2.4 M bills at 200k rooms, inserted in SQL), then `samples` pageList calls of the arrears list of
//     a random community (the page's query: the current community, first page of 20) and, apart, of
//     the whole tenant; p50 / p95 / max.
// Targets (PostgreSQL): approval ≤ 8 s; arrears list p95 ≤ 100 ms (one community), ≤ 300 ms (whole tenant).
import { loadavg } from "node:os";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Db } from "../../src/server/platform/db/types.ts";
import { analyzeLargeTables, seedLargeDataSet } from "../seed/large-data-set.ts";
import { planGeneration } from "../../src/server/payment/generation.ts";
import { approveBills } from "../../src/server/payment/approval.ts";
import { arrearsPage, arrearsQueryOf } from "../../src/server/payment/arrears.ts";
import { runTaskNow } from "../../src/server/platform/tasks/runner.ts";
import { type Backend, backendName, backendsOf, benchSession, openBenchDatabase, runBench, runLine, seconds, writeBenchSection } from "./database.ts";

const { values } = parseArgs({
  options: {
    backend: { type: "string", default: "postgres" },
    rooms: { type: "string", default: "200000" },
    communities: { type: "string", default: "200" },
    samples: { type: "string", default: "200" },
    "no-write": { type: "boolean", default: false },
  },
});

const log = (text: string) => console.log(text);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Run {
  backend: Backend;
  rooms: number;
  approved: number;
  deducted: number;
  approveSeconds: number;
  bills: number;
  community: { p50: number; p95: number; max: number };
  tenant: { p50: number; p95: number; max: number };
}

async function timed(db: Db, n: number, query: () => Record<string, unknown>, session: ReturnType<typeof benchSession>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = process.hrtime.bigint();
    await arrearsPage(db, session, arrearsQueryOf(query()));
    ms.push(seconds(started) * 1000);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] };
}

async function runBackend(backend: Backend, rooms: number, communities: number, samples: number): Promise<Run> {
  log(`\n== ${backend}: migrate and seed ${rooms} rooms in ${communities} communities`);
  const { db, dispose } = await openBenchDatabase(backend, "neptune-bench-fees-");
  try {
    const data = await seedLargeDataSet(db, { rooms, communities, residentsPerRoom: 0, username: `benchfees${randomBytes(2).toString("hex")}`, password: randomBytes(12).toString("hex"), log });
    const session = benchSession(data, "社区");
    const itemIds: number[] = [];
    await db.transaction(async (tx) => {
      for (const communityId of data.communityIds) {
        const pt = await tx.query<{ id: number }>(
          `insert into price_types (tenant_id, community_id, name, pricing_method, unit_price, billing_cycle, enabled) values ($1, $2, '物业服务费', 2, 10000, 1, true) returning id`,
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
    const run = await db.transaction((tx) => planGeneration(tx, session, { period: "2031-01", paymentItemIds: itemIds }));
    await runTaskNow(db, run.task.id);
    // Every other room: an account holding 250.00 with auto-deduct on (each bill is 100.00).
    await db.query(
      `insert into prepay_accounts (tenant_id, community_id, room_id, balance, auto_deduct, status)
       select tenant_id, community_id, id, 25000, true, 1 from rooms where tenant_id = $1 and id % 2 = 0`,
      [data.tenantId],
    );
    await analyzeLargeTables(db);
    await db.exec("analyze prepay_accounts; analyze bills;");
    const batches = (await db.query<{ id: number }>("select id from bill_batches where tenant_id = $1 order by id", [data.tenantId])).rows.map((r) => Number(r.id));
    log(
      `   ${batches.length} batches to approve; accounts with auto-deduct: ${(await db.query<{ n: number }>("select count(*)::int as n from prepay_accounts where tenant_id = $1", [data.tenantId])).rows[0].n}`,
    );
    let approved = 0;
    let deducted = 0;
    const started = process.hrtime.bigint();
    for (const batchId of batches) {
      const r = await db.transaction((tx) => approveBills(tx, session, null, { batchId }));
      approved += r.changed;
      deducted += r.deducted ?? 0;
    }
    const approveSeconds = seconds(started);
    log(`   approved ${approved} bills in ${approveSeconds.toFixed(1)} s, ${deducted} paid from balances`);

    // 11 more months of approved, unpaid bills for every room: 12 periods in all.
    const insertStart = process.hrtime.bigint();
    await db.query(
      `insert into bills (tenant_id, community_id, bill_no, room_id, payment_item_id, period, amount_due, due_date, status, approver_id, approved_at)
       select r.tenant_id, r.community_id, 'A2030' || lpad(m::text, 2, '0') || 'R' || r.id, r.id, i.id, '2030-' || lpad(m::text, 2, '0'), 10000,
              (current_date - (30 * (12 - m) + 5)), 2, $2, now()
         from rooms r join payment_items i on i.tenant_id = r.tenant_id and i.community_id = r.community_id
        cross join generate_series(1, 11) m
        where r.tenant_id = $1`,
      [data.tenantId, data.userId],
    );
    await db.exec("analyze bills;");
    const bills = (await db.query<{ n: number }>("select count(*)::int as n from bills where tenant_id = $1", [data.tenantId])).rows[0].n;
    log(`   ${bills} bills in all (inserted in ${seconds(insertStart).toFixed(1)} s); timing the arrears list`);
    const pick = () => data.communityIds[Math.floor(Math.random() * data.communityIds.length)];
    await timed(db, 5, () => ({ communityId: pick(), pageNo: 1, pageSize: 20 }), session); // warm-up
    const community = await timed(db, samples, () => ({ communityId: pick(), pageNo: 1, pageSize: 20 }), session);
    log(`   community list: p50 ${community.p50.toFixed(1)} ms, p95 ${community.p95.toFixed(1)} ms`);
    const tenant = await timed(db, Math.max(5, Math.round(samples / 20)), () => ({ pageNo: 1, pageSize: 20 }), session);
    log(`   whole tenant: p50 ${tenant.p50.toFixed(1)} ms, p95 ${tenant.p95.toFixed(1)} ms`);
    return { backend, rooms: data.counts.rooms, approved, deducted, approveSeconds, bills, community, tenant };
  } finally {
    await dispose();
  }
}

function report(runs: Run[], startLoad: number, samples: number): string {
  const ms = (v: number) => v.toFixed(1);
  const lines = [
    runLine("npm run bench:fees", startLoad),
    "",
    "Data set: `scripts/seed` large data set without residents; one fixed-price item (100.00) per community; every other room has a prepayment account of 250.00 with auto-deduct on.",
    "",
    "| backend | rooms | bills approved | paid from balances | approval s (all batches) | bills in arrears table | arrears list p50 / p95 / max ms (one community) | whole tenant p50 / p95 ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${backendName(r.backend)} | ${r.rooms} | ${r.approved} | ${r.deducted} | ${r.approveSeconds.toFixed(1)} | ${r.bills} | ${ms(r.community.p50)} / ${ms(r.community.p95)} / ${ms(r.community.max)} (${samples} calls) | ${ms(r.tenant.p50)} / ${ms(r.tenant.p95)} |`,
    ),
  ];
  const pg = runs.find((r) => r.backend === "postgres");
  if (pg) {
    lines.push(
      "",
      `Targets (PostgreSQL): approval with auto-deduction ≤ 8 s — ${pg.approveSeconds <= 8 ? "达到 ✅" : "未达到 ❌"} (${pg.approveSeconds.toFixed(1)} s); arrears list p95 ≤ 100 ms (one community, the page's query) — ${pg.community.p95 <= 100 ? "达到 ✅" : "未达到 ❌"} (${ms(pg.community.p95)} ms); whole tenant p95 ≤ 300 ms — ${pg.tenant.p95 <= 300 ? "达到 ✅" : "未达到 ❌"} (${ms(pg.tenant.p95)} ms).`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const samples = Number(values.samples);
  const startLoad = loadavg()[0];
  const runs: Run[] = [];
  for (const b of backendsOf(values.backend)) runs.push(await runBackend(b, Number(values.rooms), Number(values.communities), samples));
  const text = report(runs, startLoad, samples);
  console.log(`\n${text}`);
  if (!values["no-write"]) writeBenchSection("fees", "Prepayment auto-deduction and arrears: 200k rooms", text);
}

runBench(main);
