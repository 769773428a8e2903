// What the per-server session cache saves: the demo data on a scratch PostgreSQL database, one app
// server in this process, a signed-in list request under autocannon with the cache on and off
// (pauseSessionCache: every request reads its session), alternating rounds so drifting machine load
// hits both alike. Prints a table; nothing written to the docs.
//   npx tsx scripts/bench/session-cache.ts [--duration 8] [--rounds 2] [--connections 10]
import autocannon from "autocannon";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../src/server/app.ts";
import { pauseSessionCache } from "../../src/server/platform/session/session-store.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg("duration", 8);
const rounds = arg("rounds", 2);
const connections = arg("connections", 10);
const admin = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const name = `neptune_bench_${randomBytes(4).toString("hex")}`;

async function onAdmin(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

await onAdmin(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), "neptune-bench-"));
const app = await buildApp({ databaseUrl: url.toString(), dataDir, demoPassword: "Bench-Pass-2024", print: () => undefined });
try {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const login = await app.inject({ method: "POST", url: "/api/auth/login", headers: { "x-requested-with": "XMLHttpRequest" }, payload: { username: "admin", password: "Bench-Pass-2024" } });
  const signature = login.json().data.signature as string;
  const cookie = /^neptune_session=[^;]+/.exec(String(login.headers["set-cookie"] ?? ""))?.[0] ?? "";
  const run = () =>
    new Promise<{ rps: number; p50: number; p99: number; non2xx: number }>((done, fail) =>
      autocannon(
        {
          url: `${address}/api/system/areas/actions/pageList`,
          method: "POST",
          connections,
          duration,
          headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", signature, cookie },
          body: "{}",
        },
        (err, r) => (err ? fail(err) : done({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx })),
      ),
    );
  console.log(`load average ${loadavg()[0].toFixed(2)} at start; ${connections} connections, ${duration} s per row`);
  console.log("| round | session cache | requests/s | p50 ms | p99 ms | non-2xx |\n|---|---|---:|---:|---:|---:|");
  for (let round = 1; round <= rounds; round++) {
    for (const cached of [true, false]) {
      pauseSessionCache(app.db, !cached);
      const r = await run();
      console.log(`| ${round} | ${cached ? "on" : "off"} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
    }
  }
  console.log(`load average ${loadavg()[0].toFixed(2)} at the end`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  await onAdmin(`drop database if exists ${name} with (force)`);
}
