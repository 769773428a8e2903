// Hostile Excel uploads (src/server/excel/workbook.ts, src/server/platform/http/input-guard.ts), the files of
// tests/support/hostile-xlsx.ts: a zip bomb, a huge cell, a million rows, too many columns, shared
// strings repeated past the limit, random bytes. Each is refused with 400 and the catalogue's message, no task is queued, and while the
// upload is in flight /healthz, asked over a real socket, keeps answering and the upload adds less
// than 512 MB to the process's resident memory (the server runs inside the test worker, which also
// holds the databases of the suites it ran before, so its absolute size says little about the
// upload: the hostile file that took 4.6 GB before the limits would add far more). "Keeps answering" is a bound a blocked event
// loop fails by far (walking a 20 MB upload byte by byte held it for 12 s) and a busy machine
// (the whole suite on 2 cores, a garbage collection of 800 MB) passes: the figures themselves are
// printed here; the targets (/healthz within 200 ms, server RSS under 1 GB) are measured on the server
// in its own process by `npm run bench:uploads` (docs/benchmarks.md), not asserted.
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { backends, type Reply } from "../support/server.ts";
import { hostileUploads } from "../../support/hostile-xlsx.ts";
import { useDemoServer } from "../support/demo.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MiB = 1024 * 1024;
const HEALTHZ_MAX_MS = 2500;
const RSS_GROWTH_MAX = 512 * MiB;

interface Watch {
  /** The slowest /healthz answer (ms) and how many were asked. */
  healthzMaxMs: number;
  polls: number;
  /** The highest resident set size seen (bytes). */
  rssPeak: number;
  /** The resident set size when the upload started (bytes). */
  rssStart: number;
}

/**
 * Watches the server while `during` runs: /healthz asked every 50 ms, resident memory sampled every
 * 10 ms, and the process's high-water mark (ru_maxrss) when it rose meanwhile.
 */
async function watchServer(base: string, during: () => Promise<void>): Promise<Watch> {
  const latencies: number[] = [];
  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  const highWaterBefore = process.resourceUsage().maxRSS * 1024;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  let running = true;
  const polling = (async () => {
    while (running) {
      const started = performance.now();
      const r = await fetch(`${base}/healthz`);
      await r.arrayBuffer();
      expect(r.status).toBe(200);
      latencies.push(performance.now() - started);
      await sleep(50);
    }
  })();
  try {
    await during();
  } finally {
    running = false;
    await polling;
    clearInterval(sampler);
  }
  const highWater = process.resourceUsage().maxRSS * 1024;
  return { healthzMaxMs: Math.max(...latencies), polls: latencies.length, rssPeak: Math.max(rssPeak, highWater > highWaterBefore ? highWater : 0), rssStart };
}

describe.each(backends)("hostile Excel uploads (%s)", (backend) => {
  // No task worker: an import queued by mistake would only be counted, not run.
  const t = useDemoServer(backend, { taskWorker: false });
  let base = "";
  beforeAll(async () => {
    base = await t.server.app.listen({ port: 0, host: "127.0.0.1" });
  });

  const upload = (content: Buffer) =>
    t.server.request("POST", `/api/system/rooms/actions/import?communityId=${t.ids.communityA}`, { token: t.admin, body: content, headers: { "content-type": XLSX } });

  /** Uploads a file while watching the server, and tells what was measured. */
  async function watchedUpload(name: string, content: Buffer): Promise<{ answer: Reply; watch: Watch }> {
    await fetch(`${base}/healthz`).then((r) => r.arrayBuffer()); // a warm connection: the upload is what is measured
    let answer: Reply | undefined;
    const started = performance.now();
    const watch = await watchServer(base, async () => {
      answer = await upload(content);
    });
    const ms = Math.round(performance.now() - started);
    console.info(
      `[upload ${backend}] ${name}: ${(content.length / MiB).toFixed(2)} MiB, answered in ${ms} ms; /healthz max ${watch.healthzMaxMs.toFixed(0)} ms over ${watch.polls} polls; RSS peak ${(watch.rssPeak / MiB).toFixed(0)} MiB (from ${(watch.rssStart / MiB).toFixed(0)} MiB)`,
    );
    return { answer: answer!, watch };
  }

  // Retried: on a machine busy with other work a scheduling hiccup alone can delay one answer; a
  // blocked event loop (the guard walking 20 MB byte by byte took 12 s) fails each time.
  it.each(hostileUploads)("refuses $name with 400 and its message, queues nothing, and /healthz keeps answering", { retry: 2 }, async ({ name, file, message }) => {
    const content = file();
    expect(content.length).toBeLessThan(20 * MiB);
    const tasks = await t.server.count("tasks");
    const { answer, watch } = await watchedUpload(name, content);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, message, success: false });
    expect(await t.server.count("tasks")).toBe(tasks);
    expect(watch.healthzMaxMs).toBeLessThan(HEALTHZ_MAX_MS);
    expect(watch.rssPeak - watch.rssStart).toBeLessThan(RSS_GROWTH_MAX);
  });
});
