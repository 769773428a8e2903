// npm run bench:uploads [-- --no-write]
//
// Hostile uploads against the real server in its own process (issue "Security", Deliver 2): the
// server is started as `npm start` runs it (src/server/main.ts) on a fresh PGlite data folder with
// one tenant, signed in as its main account; each hostile file of tests/support/hostile-xlsx.ts (zip
// bombs, a 1 MiB cell, a million rows, 250 columns, repeated shared strings, random bytes) is posted
// to the rooms import over a real socket while a worker thread asks /healthz every 20 ms on another connection and the
// server's resident memory is read from /proc/<pid>/status every 10 ms (VmRSS, and VmHWM at the end).
// Each answer must be its 400 and message. Targets: /healthz answers within 200 ms during every
// upload; the server's RSS stays under 1 GB. Writes the figures into docs/benchmarks.md between the
// bench:uploads markers.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { openDatabase } from "../../src/server/platform/db/open.ts";
import { migrate } from "../../src/server/platform/db/migrate.ts";
import { seedLargeDataSet } from "../seed/large-data-set.ts";
import { hostileUploads } from "../../tests/support/hostile-xlsx.ts";
import { signIn, startChild } from "./child-server.ts";
import { runBench, runLine, writeBenchSection } from "./database.ts";

const HEALTHZ_TARGET_MS = 200;
const RSS_TARGET = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const USERNAME = "benchuploads";
const PASSWORD = `Bench-${randomBytes(6).toString("hex")}`;

const { values } = parseArgs({ options: { "no-write": { type: "boolean", default: false } } });

interface Measured {
  name: string;
  megabytes: number;
  status: number;
  message: string;
  expected: string;
  answeredMs: number;
  healthzMaxMs: number;
  polls: number;
  rssPeak: number;
}

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM), or NaN off Linux. */
function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return line ? Number(line[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function main() {
  const startLoad = loadavg()[0];
  const dataDir = mkdtempSync(join(tmpdir(), "neptune-bench-uploads-"));
  try {
    const db = await openDatabase({ dataDir });
    let communityId: number;
    try {
      await migrate(db);
      const seeded = await seedLargeDataSet(db, { rooms: 1, communities: 1, residentsPerRoom: 0, username: USERNAME, password: PASSWORD, log: () => {} });
      communityId = seeded.communityIds[0];
    } finally {
      await db.close();
    }
    const server = await startChild("src/server/main.ts", { DATA_DIR: dataDir });
    const pid = server.process.pid!;
    try {
      const headers = { ...(await signIn(server.port, USERNAME, PASSWORD)), "x-requested-with": "XMLHttpRequest" };
      const runs: Measured[] = [];
      for (const hostile of hostileUploads) {
        const content = hostile.file();
        const run = await measure(server.port, headers, communityId, hostile, content, pid);
        runs.push(run);
        console.log(
          `${run.name}: ${run.megabytes.toFixed(2)} MB, ${run.status} in ${run.answeredMs.toFixed(0)} ms; /healthz max ${run.healthzMaxMs.toFixed(0)} ms over ${run.polls} polls; server RSS peak ${(run.rssPeak / MiB).toFixed(0)} MB`,
        );
      }
      const highWater = statusBytes(pid, "VmHWM");
      const wrong = runs.filter((r) => r.status !== 400 || r.message !== r.expected);
      if (wrong.length) throw new Error(`uploads not refused as expected:\n${wrong.map((r) => `  ${r.name}: ${r.status} ${r.message} (expected 400 ${r.expected})`).join("\n")}`);
      const text = report(runs, highWater, startLoad);
      console.log(`\n${text}`);
      if (!values["no-write"]) writeBenchSection("uploads", "Hostile uploads (npm run bench:uploads)", text);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One upload with /healthz and the server's memory watched meanwhile. */
async function measure(port: number, headers: Record<string, string>, communityId: number, hostile: (typeof hostileUploads)[number], content: Buffer, pid: number): Promise<Measured> {
  const base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/healthz`).then((r) => r.arrayBuffer()); // a warm connection: the upload is what is measured
  let rssPeak = statusBytes(pid, "VmRSS");
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, statusBytes(pid, "VmRSS"))), 10);
  const poller = startPoller(`${base}/healthz`);
  const started = performance.now();
  try {
    const r = await fetch(`${base}/api/system/rooms/actions/import?communityId=${communityId}`, { method: "POST", headers: { ...headers, "content-type": XLSX }, body: new Uint8Array(content) });
    const body = (await r.json()) as { message?: string };
    const answeredMs = performance.now() - started;
    const latencies = await poller.stop();
    return {
      name: hostile.name,
      megabytes: content.length / MiB,
      status: r.status,
      message: body.message ?? "",
      expected: hostile.message,
      answeredMs,
      healthzMaxMs: Math.max(...latencies),
      polls: latencies.length,
      rssPeak,
    };
  } finally {
    await poller.stop();
    clearInterval(sampler);
  }
}

/**
 * Asks `url` every 20 ms from a worker thread, so that the uploading thread's own work (sending 19 MB)
 * never delays a poll: what is measured is the server. `stop` ends it and gives the latencies (ms).
 */
function startPoller(url: string): { stop(): Promise<number[]> } {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const latencies = [];
    let running = true;
    parentPort.on("message", () => (running = false));
    (async () => {
      while (running) {
        const started = performance.now();
        const r = await fetch(workerData.url);
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error("/healthz answered " + r.status);
        latencies.push(performance.now() - started);
        await new Promise((done) => setTimeout(done, 20));
      }
      parentPort.postMessage(latencies);
    })();`;
  const worker = new Worker(code, { eval: true, workerData: { url } });
  const result = new Promise<number[]>((done, fail) => {
    worker.once("message", (latencies: number[]) => done(latencies));
    worker.once("error", fail);
  });
  let stopped: Promise<number[]> | undefined;
  return {
    stop() {
      if (!stopped) {
        worker.postMessage("stop");
        stopped = result.finally(() => worker.terminate());
      }
      return stopped;
    },
  };
}

function report(runs: Measured[], highWater: number, startLoad: number): string {
  const worstHealthz = Math.max(...runs.map((r) => r.healthzMaxMs));
  const worstRss = Math.max(highWater, ...runs.map((r) => r.rssPeak));
  return [
    runLine("npm run bench:uploads", startLoad),
    "",
    "The real server in its own process (PGlite), one hostile file after another posted to the rooms import over a real socket; meanwhile a worker thread asks /healthz every 20 ms on another connection and the server's resident memory read every 10 ms. Every file is refused with its 400 and message.",
    "",
    "| upload | file MB | answer | answered in ms | /healthz max ms (polls) | server RSS peak MB |",
    "|---|---:|---|---:|---:|---:|",
    ...runs.map(
      (r) => `| ${r.name} | ${r.megabytes.toFixed(2)} | ${r.status} ${r.message} | ${r.answeredMs.toFixed(0)} | ${r.healthzMaxMs.toFixed(0)} (${r.polls}) | ${(r.rssPeak / MiB).toFixed(0)} |`,
    ),
    "",
    `The server's high-water mark over the whole run (VmHWM): ${(highWater / MiB).toFixed(0)} MB.`,
    "",
    "Targets:",
    `- /healthz within ${HEALTHZ_TARGET_MS} ms during every upload: worst ${worstHealthz.toFixed(0)} ms — ${worstHealthz <= HEALTHZ_TARGET_MS ? "达到 ✅" : "未达到 ❌"}`,
    `- server RSS under 1 GB: worst ${(worstRss / MiB).toFixed(0)} MB — ${worstRss < RSS_TARGET ? "达到 ✅" : "未达到 ❌"}`,
  ].join("\n");
}

runBench(main);
