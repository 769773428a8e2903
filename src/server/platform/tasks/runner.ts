// The in-process task worker of one app server. It claims tasks from the tasks table (any server
// may take any task; a task whose server died is taken over when its lease runs out, and on PGlite,
// which only one process can open, at start-up), runs them step by step — each step one short
// transaction that commits its work and the task's cursor — and yields to the event loop between
// steps, so a large run never blocks the server's requests.
//
// Why not pg-boss: its queue tables, polling and advisory locks would run through PGlite's single
// connection beside every request; this table does what the task centre needs (progress, result,
// resume) with one claim query. See docs/payment.md.
import { UserFacingError } from "../http/user-facing-error.ts";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db, DbSession } from "../db/types.ts";
import { sql } from "../db/sql.ts";
import { texts } from "../../../../generated/texts.ts";
import { claimTask, findTaskById, finishTask, MAX_ATTEMPTS, releaseOrphanedTasks, saveStep, type TaskRow } from "./store.ts";
import { fillTexts } from "../../../../generated/fill-texts.ts";

export class LeaseLostError extends Error {
  constructor() {
    super("task lease lost");
  }
}

export interface StepContext {
  db: Db;
  task: TaskRow;
  /**
   * Inside the step's transaction: records progress and the cursor (with `at`, only the part of the
   * cursor at that path, which must exist); throws LeaseLostError when the task is no longer ours.
   */
  save: (tx: DbSession, doneDelta: number, cursor: unknown, at?: string[]) => Promise<void>;
}

export interface StepOutcome {
  finished: boolean;
  /** The task's result (when finished). */
  result?: unknown;
}

export interface TaskHandler {
  step(ctx: StepContext): Promise<StepOutcome>;
  /** Called (outside any transaction) when the task fails, to mark what it made. */
  onFail?(db: Db, task: TaskRow, message: string): Promise<void>;
}

const handlers = new Map<string, TaskHandler>();

export function registerTaskHandler(type: string, handler: TaskHandler): void {
  handlers.set(type, handler);
}

export interface RunnerOptions {
  leaseMs?: number;
  pollMs?: number;
  log?: (message: string, err?: unknown) => void;
}

/** `cursor` with the part at `path` replaced (as jsonb_set does). */
function withPart(cursor: unknown, path: string[], value: unknown): TaskRow["cursor"] {
  const copy = structuredClone(cursor) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]] = value;
  return copy as TaskRow["cursor"];
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class TaskRunner {
  readonly workerId = `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly log: (message: string, err?: unknown) => void;
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    options: RunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.log = options.log ?? ((m, e) => console.error(`[tasks] ${m}`, e ?? ""));
    // A committed write of the tasks table through this server's database (a task enqueued: an import,
    // an export, a generation, dunning notices) wakes a sleeping worker, so the task starts at once and not
    // at the next poll, whoever enqueued it. The worker's own writes come while it is awake and wake nothing.
    db.onWrite?.(["tasks"], () => this.wake());
  }

  start(): void {
    if (!this.loopDone) this.loopDone = this.loop();
  }

  /** A task may have been enqueued: a sleeping worker looks now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops after the current step; a task cut short goes back to pending for any server. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.loopDone;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async loop(): Promise<void> {
    try {
      if (this.db.kind === "pglite") await releaseOrphanedTasks(this.db);
    } catch (err) {
      this.log("could not release orphaned tasks", err);
    }
    while (!this.stopping) {
      let task: TaskRow | null = null;
      try {
        task = await claimTask(this.db, this.workerId, this.leaseMs);
      } catch (err) {
        if (!this.stopping) this.log("claim failed", err);
      }
      if (!task) {
        if (!this.stopping) await this.sleep(this.pollMs);
        continue;
      }
      await this.run(task);
    }
  }

  /** Runs one claimed task to its end (or until the runner stops). */
  async run(task: TaskRow): Promise<void> {
    const handler = handlers.get(task.type);
    try {
      if (!handler) throw new UserFacingError(fillTexts.tasks.unknownType({ type: task.type }));
      if (task.attempts > MAX_ATTEMPTS) throw new UserFacingError(texts.tasks.tooManyAttempts);
      const ctx: StepContext = {
        db: this.db,
        task,
        save: async (tx, doneDelta, cursor, at) => {
          if (!(await saveStep(tx, task, this.workerId, this.leaseMs, doneDelta, cursor, at))) throw new LeaseLostError();
          task.done += doneDelta;
          task.cursor = at ? withPart(task.cursor, at, cursor) : (cursor as TaskRow["cursor"]);
        },
      };
      while (!this.stopping) {
        const outcome = await handler.step(ctx);
        if (outcome.finished) {
          await finishTask(this.db, task.id, "completed", outcome.result ?? null);
          return;
        }
        await nextTick();
      }
      await this.db.query(sql`update tasks set state = 'pending', locked_by = null, locked_until = null, updated_at = now() where id = ${task.id} and locked_by = ${this.workerId}`);
    } catch (err) {
      if (err instanceof LeaseLostError) return;
      const message = err instanceof Error ? err.message : String(err);
      if (this.stopping && /closed|terminat|ended/i.test(message)) return;
      this.log(`task ${task.id} (${task.type}) failed`, err);
      const text = err instanceof UserFacingError ? err.message : texts.tasks.failedRetry;
      try {
        await handler?.onFail?.(this.db, task, text);
        await finishTask(this.db, task.id, "failed", null, text);
      } catch (e) {
        this.log(`task ${task.id}: could not record the failure`, e);
      }
    }
  }
}

/** Runs a task to its end in the caller (the benchmark, the demo seed): claim it by id and step. */
export async function runTaskNow(db: Db, taskId: number, options: RunnerOptions = {}): Promise<void> {
  const runner = new TaskRunner(db, options);
  const { rows } = await db.query<{ id: number }>(
    sql`update tasks set state = 'active', locked_by = ${runner.workerId}, locked_until = now() + interval '10 minutes', attempts = attempts + 1,
            started_at = coalesce(started_at, now()), updated_at = now()
      where id = ${taskId} and state in ('pending', 'active') returning id`,
  );
  if (!rows[0]) return;
  const task = await findTaskById(db, taskId);
  if (task) await runner.run(task);
}
