// The job queue: pg-boss on the app's own database (its tables in schema pgboss), its SQL run through
// the app's Db (db/boss-executor.ts), so it works the same on PGlite and on PostgreSQL. Domains
// define a queue with its handler and retry policy (define), put jobs on it (send, with a start time),
// and name cron schedules (schedule, China time). pg-boss makes a cron fire once however many servers
// run it (each minute one server wins a row lock on its cron time; the job is a singleton per minute).
//
// Modes (AppOptions.jobs): "work" (the server: workers poll, crons fire; started when the server is
// ready), "send" (a server that leaves the work to others: jobs are only put on the queue), "manual"
// (tests: nothing polls; runDue() runs the due jobs now). In every mode pg-boss starts on first use,
// so a server or test that never sends a job never creates or reads its tables.
// Why pg-boss and not the task runner of src/server/tasks: see docs/online-payment.md.
import PgBoss from "pg-boss";
import { bossExecutor } from "../db/boss-executor.ts";
import { sql } from "../db/sql.ts";
import type { Db } from "../db/types.ts";

export type JobMode = "work" | "send" | "manual";

export interface QueuePolicy {
  /** Attempts after the first (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled each time with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job that runs longer than this is failed (and retried). */
  expireInSeconds?: number;
}

type Handler = (data: Record<string, unknown>) => Promise<void>;

interface Defined {
  handler: Handler;
  policy: QueuePolicy;
}

export interface JobQueueOptions {
  mode: JobMode;
  /** Seconds between a worker's polls (mode work). */
  pollSeconds?: number;
  /** Seconds between the cron checks and the cron worker's polls (pg-boss's 30 and 5 by default; a test of crons shortens them). */
  cronSeconds?: number;
  log?: (message: string, err?: unknown) => void;
}

/** China time, for crons written in the office's clock. */
export const CHINA_TZ = "Asia/Shanghai";

/**
 * Runs `step` again when PostgreSQL broke a deadlock by failing it (40P01): two servers starting at
 * once both create the same queue's partition, and one of them is chosen to fail; once the other
 * has committed, the step finds the queue made.
 */
async function onDeadlockAgain<T>(step: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if ((err as { code?: unknown }).code !== "40P01" || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.floor(Math.random() * 50)));
    }
  }
}

export class JobQueue {
  private readonly defined = new Map<string, Defined>();
  private readonly schedules = new Map<string, string>();
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  /** Sends not yet on the queue: runDue waits for them, so a job sent just before it is not missed. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {}

  get mode(): JobMode {
    return this.options.mode;
  }

  /** A queue and what runs its jobs. Define before the queue starts (a plugin's registration). */
  define(name: string, handler: Handler, policy: QueuePolicy = {}): void {
    this.defined.set(name, { handler, policy });
  }

  /** A cron (China time) that puts a job on the queue `name`; fires in mode work only. */
  schedule(name: string, cron: string): void {
    this.schedules.set(name, cron);
  }

  /** Starts pg-boss (once): its tables made or migrated, the queues and schedules written, the workers polling in mode work. */
  start(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error("the job queue is stopped"));
    this.starting ??= this.open().catch((err: unknown) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  private async open(): Promise<PgBoss> {
    const work = this.options.mode === "work";
    const boss = new PgBoss({
      db: bossExecutor(this.db),
      schema: "pgboss",
      migrate: true,
      // Maintenance (archiving, expiring) and crons only where jobs are worked.
      supervise: work,
      schedule: work,
      ...(this.options.cronSeconds ? { cronMonitorIntervalSeconds: this.options.cronSeconds, cronWorkerIntervalSeconds: this.options.cronSeconds } : {}),
    });
    boss.on("error", (err: unknown) => this.options.log?.("pg-boss", err));
    await boss.start();
    for (const [name, { policy }] of this.defined) {
      await onDeadlockAgain(() => boss.createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true, ...policy }));
    }
    if (work) {
      for (const [name, cron] of this.schedules) await boss.schedule(name, cron, {}, { tz: CHINA_TZ });
      for (const [name, { handler }] of this.defined) {
        await boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: this.options.pollSeconds ?? 5 }, async (jobs: PgBoss.Job<Record<string, unknown>>[]) => {
          for (const job of jobs) await handler(job.data ?? {});
        });
      }
    }
    this.boss = boss;
    return boss;
  }

  /** Puts a job on a queue (starting the queue first if needed). */
  send(name: string, data: Record<string, unknown>, options: Pick<PgBoss.SendOptions, "startAfter" | "singletonKey"> = {}): Promise<void> {
    const sent = this.start().then(async (boss) => void (await boss.send(name, data, options)));
    this.sending.add(sent);
    const forget = () => void this.sending.delete(sent);
    sent.then(forget, forget);
    return sent;
  }

  /**
   * Tests (mode manual): runs every job that is due now, queue by queue, until none is left; a job
   * that throws is failed (retried later, as pg-boss would). With `allScheduled`, jobs whose start
   * time lies ahead are made due first (as if that time had come). Jobs still being sent are waited
   * for first (a write's wake-up is sent without being awaited). The number of jobs run.
   */
  async runDue(options: { allScheduled?: boolean; only?: string[] } = {}): Promise<number> {
    const boss = await this.start();
    await Promise.allSettled(this.sending);
    // A second back: pg-boss fetches what starts strictly before now(), and PGlite's clock may not have moved on by then.
    if (options.allScheduled) await this.db.query(sql`update pgboss.job set start_after = now() - interval '1 second' where state in ('created', 'retry') and start_after > now()`);
    let ran = 0;
    for (let round = 0; round < 20; round++) {
      let found = 0;
      for (const [name, { handler }] of this.defined) {
        if (options.only && !options.only.includes(name)) continue;
        for (const job of await boss.fetch<Record<string, unknown>>(name, { batchSize: 50 })) {
          found++;
          try {
            await handler(job.data ?? {});
            await boss.complete(name, job.id);
          } catch (err) {
            this.options.log?.(`job ${name} failed`, err);
            await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      }
      ran += found;
      if (found === 0) break;
    }
    return ran;
  }

  /** Runs a queue's handler now, outside the queue (a cron's work when a person asks for it, tests). */
  async runNow(name: string, data: Record<string, unknown> = {}): Promise<void> {
    const defined = this.defined.get(name);
    if (!defined) throw new Error(`no queue ${name}`);
    await defined.handler(data);
  }

  /** Stops polling and crons; waits a little for jobs in hand. The database stays open (the app closes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    if (boss) await boss.stop({ close: false, graceful: true, wait: true, timeout: 5_000 });
  }
}
