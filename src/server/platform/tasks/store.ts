// The tasks table (core migration 0002): enqueue, claim with a lease, record progress, finish.
// A task's work is done in steps; each step commits its own work together with the task's cursor
// (saveStep), so a task whose server died resumes from its last committed step.
import type { DbSession } from "../db/types.ts";
import type { JsonObject, JsonValue } from "../db/row.ts";
import { camelRows } from "../db/camel-rows.ts";
import { raw, sql, type Sql } from "../db/sql.ts";

export type TaskState = "pending" | "active" | "completed" | "failed";

/** A task as stored: payload, cursor and result are jsonb (a task type names their shapes: TaskRow<ExportPayload, …>). */
export interface TaskRow<P = JsonObject, C = JsonObject> {
  id: number;
  tenantId: number;
  userId: number | null;
  type: string;
  name: string;
  state: TaskState;
  total: number;
  done: number;
  payload: P;
  cursor: C | null;
  result: JsonValue;
  error: string | null;
  attempts: number;
  lockedBy: string | null;
  lockedUntil: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

const columnsWith = (payload: Sql): Sql => sql`id, tenant_id, user_id, type, name, state, total, done, ${payload}, cursor,
  result, error, attempts, locked_by, locked_until, created_at,
  started_at, finished_at, updated_at`;

export const TASK_COLUMNS = columnsWith(raw("payload"));

/**
 * The columns for showing a task (task centre, progress polling): the payload without `rows`, where a
 * task keeps its bulk input (an Excel import's rows: up to 100 000 of them), which only the worker
 * that runs the task reads (claimTask, findTaskById).
 */
export const TASK_VIEW_COLUMNS = columnsWith(raw(`payload - 'rows' as payload`));

/** A task retried this many times (its server died each time) is given up. */
export const MAX_ATTEMPTS = 5;

export async function enqueueTask(db: DbSession, t: { tenantId: number; userId: number | null; type: string; name: string; total: number; payload: unknown }): Promise<TaskRow> {
  const rows = await camelRows<TaskRow>(
    db,
    sql`insert into tasks (tenant_id, user_id, type, name, total, payload) values (${t.tenantId}, ${t.userId}, ${t.type}, ${t.name.slice(0, 128)}, ${t.total}, ${JSON.stringify(t.payload)}::jsonb) returning ${TASK_VIEW_COLUMNS}`,
  );
  return rows[0];
}

/** Takes the oldest pending task, or an active one whose lease ran out, for `workerId`. */
export async function claimTask(db: DbSession, workerId: string, leaseMs: number): Promise<TaskRow | null> {
  const rows = await camelRows<TaskRow>(
    db,
    sql`update tasks set state = 'active', locked_by = ${workerId}, locked_until = now() + (${String(leaseMs)} || ' milliseconds')::interval,
            attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
      where id = (select id from tasks
                   where state = 'pending' or (state = 'active' and locked_until < now())
                   order by id limit 1 for update skip locked)
      returning ${TASK_COLUMNS}`,
  );
  return rows[0] ?? null;
}

/**
 * Inside a step's transaction: adds to done, stores the cursor and extends the lease. Returns false
 * when the task is no longer this worker's (its lease was taken over): the caller must roll back.
 * With `at` (a path into the cursor), stores only that part: steps running side by side in
 * transactions of their own each save their own part, the row lock ordering them.
 */
export async function saveStep(tx: DbSession, task: Pick<TaskRow, "id">, workerId: string, leaseMs: number, doneDelta: number, cursor: unknown, at?: string[]): Promise<boolean> {
  const value = sql`${JSON.stringify(cursor)}::jsonb`;
  const r = await tx.query(
    sql`update tasks set done = done + ${doneDelta}, cursor = ${at ? sql`jsonb_set(cursor, ${at}::text[], ${value})` : value}, locked_until = now() + (${String(leaseMs)} || ' milliseconds')::interval, updated_at = now()
      where id = ${task.id} and locked_by = ${workerId} and state = 'active' returning id`,
  );
  return r.rows.length === 1;
}

export async function finishTask(db: DbSession, id: number, state: "completed" | "failed", result: unknown, error: string | null = null): Promise<void> {
  await db.query(
    sql`update tasks set state = ${state}::varchar, result = ${JSON.stringify(result ?? null)}::jsonb, error = ${error}::text, finished_at = now(), updated_at = now(), locked_by = null, locked_until = null,
            done = case when ${state}::varchar = 'completed' then greatest(done, total) else done end
      where id = ${id}`,
  );
}

export async function findTask(db: DbSession, tenantId: number, id: number): Promise<TaskRow | null> {
  const rows = await camelRows<TaskRow>(db, sql`select ${TASK_VIEW_COLUMNS} from tasks where tenant_id = ${tenantId} and id = ${id}`);
  return rows[0] ?? null;
}

export async function findTaskById(db: DbSession, id: number): Promise<TaskRow | null> {
  const rows = await camelRows<TaskRow>(db, sql`select ${TASK_COLUMNS} from tasks where id = ${id}`);
  return rows[0] ?? null;
}

/** PGlite has one process (the data folder is locked): an active task at start-up was cut off. */
export async function releaseOrphanedTasks(db: DbSession): Promise<number> {
  const r = await db.query(sql`update tasks set state = 'pending', locked_by = null, locked_until = null, updated_at = now() where state = 'active' returning id`);
  return r.rows.length;
}

/** 0–100 for the task centre. */
export function progressOf(t: Pick<TaskRow, "state" | "done" | "total">): number {
  if (t.state === "completed") return 100;
  if (!t.total) return 0;
  return Math.min(99, Math.floor((t.done * 100) / t.total));
}
