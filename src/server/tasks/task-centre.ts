// What the task centre shows (GET {management}/taskCentre/actions/list, docs/api.md): the tenant's
// background tasks, newest first — the main account sees every task of the tenant, another user
// the tasks it started. state: pending (waiting for a worker), active, completed, failed.
import { messages } from "../../../generated/errors.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import { progressOf, TASK_VIEW_COLUMNS, type TaskRow } from "../platform/tasks/store.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql, when } from "../platform/db/sql.ts";
import type { JsonObject } from "../platform/db/row.ts";

export interface TaskCentreItem {
  id: number;
  name: string;
  type: string;
  state: TaskRow["state"];
  progress: number;
  done: number;
  total: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A sentence for the list (what was made, or why it failed). */
  result: string | null;
  detail: JsonObject | null;
  downloadUrl?: string;
}

/** Summary texts by task type (the task's result object → one sentence). */
const summaries: Record<string, (result: JsonObject) => string> = {};

export function registerTaskSummary(type: string, summary: (result: JsonObject) => string): void {
  summaries[type] = summary;
}

export function taskItem(t: TaskRow): TaskCentreItem {
  const result = t.result && typeof t.result === "object" && !Array.isArray(t.result) ? t.result : null;
  const text = t.state === "failed" ? t.error || messages.taskFailed : t.state === "completed" ? (result && summaries[t.type]?.(result)) || messages.taskCompleted : null;
  return {
    id: t.id,
    name: t.name,
    type: t.type,
    state: t.state,
    progress: progressOf(t),
    done: t.done,
    total: t.total,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    result: text,
    detail: result,
    // A task whose result names a file it made (Excel exports, src/server/excel) offers it for download.
    ...(t.state === "completed" && typeof result?.downloadUrl === "string" ? { downloadUrl: result.downloadUrl } : {}),
  };
}

export async function listTasks(db: DbSession, session: SessionInfo, page: { pageSize: number; offset: number }): Promise<{ list: TaskCentreItem[]; total: number }> {
  // A user sees the tasks it started; the main account every task of the tenant.
  const where = sql`tenant_id = ${session.tenantId} ${when(session.userType !== MAIN_ACCOUNT, () => sql`and user_id = ${session.userId}`)}`;
  // Limit and offset as parameters: one statement text for every page (prepared once, db/postgres.ts).
  const rows = await camelRows<TaskRow>(db, sql`select ${TASK_VIEW_COLUMNS} from tasks where ${where} order by created_at desc, id desc limit ${page.pageSize} offset ${page.offset}`);
  const total = Number((await db.query<{ n: number }>(sql`select count(*)::int as n from tasks where ${where}`)).rows[0].n);
  return { list: rows.map(taskItem), total };
}
