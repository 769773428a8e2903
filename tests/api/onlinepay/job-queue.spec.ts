// The job queue (src/server/platform/jobs: pg-boss on the app's database, its SQL through the app's Db): a job
// sent with a start time runs when it is due, a failing job is retried later, and a cron fires once
// however many queues run it (two queues working the same database, as two servers would).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/open.ts";
import type { Db } from "../../../src/server/platform/db/types.ts";
import { JobQueue } from "../../../src/server/platform/jobs/queue.ts";
import { backends, freshServer, type TestServer } from "../support/server.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)("job queue (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let second: Db | null = null;
  beforeAll(async () => {
    const started = await freshServer(backend);
    server = started.server;
    stop = started.stop;
  });
  afterAll(async () => {
    await second?.close();
    await stop?.();
  });

  it("runs a job when it is due, and retries one that failed", async () => {
    const queue = new JobQueue(server.db, { mode: "manual" });
    const seen: unknown[] = [];
    let fail = true;
    queue.define("test.later", async (data) => void seen.push(data.n));
    queue.define(
      "test.flaky",
      async () => {
        if (fail) throw new Error("gateway down");
        seen.push("flaky");
      },
      { retryLimit: 2, retryDelay: 600 },
    );
    await queue.send("test.later", { n: 1 });
    await queue.send("test.later", { n: 2 }, { startAfter: 600 });
    await queue.send("test.flaky", {});
    expect(await queue.runDue()).toBe(2);
    expect(seen).toEqual([1]);
    fail = false;
    expect(await queue.runDue()).toBe(0); // the retry waits its delay
    expect(await queue.runDue({ allScheduled: true })).toBe(2);
    expect(seen.sort()).toEqual([1, 2, "flaky"].sort());
    await queue.stop();
  });

  it("fires a cron once with two queues working the same database", async () => {
    // The second "server": on PostgreSQL a connection pool of its own.
    const db2 = server.storage.databaseUrl ? (second = await openDatabase({ dataDir: server.app.dataDir, databaseUrl: server.storage.databaseUrl })) : server.db;
    // A cron fires once per minute: start clear of a minute's end, so the test sees one minute only.
    const intoMinute = new Date().getSeconds();
    if (intoMinute > 40) await sleep((61 - intoMinute) * 1000);
    const fired: string[] = [];
    const queues = [new JobQueue(server.db, { mode: "work", pollSeconds: 0.5, cronSeconds: 1 }), new JobQueue(db2, { mode: "work", pollSeconds: 0.5, cronSeconds: 1 })];
    queues.forEach((q, i) => {
      q.define("test.cron", async () => void fired.push(`queue ${i}`));
      q.schedule("test.cron", "* * * * *");
    });
    await Promise.all(queues.map((q) => q.start()));
    for (let waited = 0; fired.length === 0 && waited < 15_000; waited += 250) await sleep(250);
    await sleep(4000); // both queues' crons looked again meanwhile
    await Promise.all(queues.map((q) => q.stop()));
    expect(fired).toHaveLength(1);
  });
});
