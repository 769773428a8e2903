// The Excel import and export as background tasks (src/server/tasks: the task centre shows their
// progress and result; any app server may run them).
// Import: the rows parsed at upload are in the payload (compactly: one array a row). Each step takes
// IMPORT_CHUNK rows in one transaction and writes them set-wise (importers.ts: a few statements for
// the whole chunk); a row is written whole (with the buildings and units it creates) or not at all,
// and a rejected row is reported with its Excel row number and reason. Should the database refuse
// the set-wise write for a reason the checks did not foresee (e.g. a row another user wrote
// meanwhile), the step undoes it and writes the chunk again one row at a time, each row in its own
// savepoint, so that only the row concerned is rejected. Each step commits its rows with the cursor
// (next row, counts, rejections), so a task cut off resumes after the last committed row and
// nothing is written twice. The task keeps the row number and reason of the first
// importMaxErrorRows rejected rows (the others are counted); once done, those rows as uploaded, with
// their reason, make the error workbook (task_files; the task centre's 下载错误数据,
// downloadImportErrors in routes.ts).
// Export: the list with the filters it was asked with (the generic pageList, so the same tenant and
// community scoping), at most MAX_EXPORT_ROWS rows, as one xlsx file kept in task_files.
import { chinaDateTime } from "../../common/china-time.ts";
import { constants } from "../../../generated/constants.ts";
import { UserFacingError } from "../platform/http/user-facing-error.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { fillScene } from "../../common/validate.ts";
import { texts } from "../../../generated/texts.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { translateDbError } from "../platform/http/db-errors.ts";
import { buildModel } from "../crud/model.ts";
import { inSavepoint } from "../crud/insert.ts";
import { pageList } from "../crud/list-query.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { registerTaskHandler, type StepContext, type TaskHandler } from "../platform/tasks/runner.ts";
import { registerTaskSummary } from "../tasks/task-centre.ts";
import { enqueueTask, type TaskRow } from "../platform/tasks/store.ts";
import { columnLabel, exportCell } from "./cells.ts";
import { DUPLICATE_REASON, importerOf, type Cells, type ImportColumn, type ImportResult, type ImportRow } from "./importers.ts";
import { errorWorkbook, exportWorkbook, readImportFile } from "./workbook.ts";
import type { JsonObject } from "../platform/db/row.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

export const IMPORT_TASK = "excelImport";
export const EXPORT_TASK = "excelExport";
/** Rows a step writes in one transaction (set-wise; a step of 1000 rooms takes a fraction of a second). */
export const IMPORT_CHUNK = 1000;
export const MAX_EXPORT_ROWS = 50_000;
/** Rejected rows whose reason the task keeps, and which its error workbook holds (the first ones of the file). */
export const MAX_ERROR_ROWS = constants.importMaxErrorRows;

/** A cell in the payload: text, empty, or a date (as ISO text). */
type PayloadCell = string | null | { date: string };

export interface ImportPayload {
  resource: string;
  communityId: number | null;
  username: string;
  sceneName: string;
  /** The column keys, in the order of each row's cells. */
  keys: string[];
  /** One array a row: its Excel row number, then its cells in `keys` order. */
  rows: [number, ...PayloadCell[]][];
}

export interface ImportCursor {
  next: number;
  imported: number;
  /** The first MAX_ERROR_ROWS rejected rows. */
  rejected: { row: number; reason: string }[];
  /** Every rejected row (absent in a cursor saved before it was counted: then rejected's length). */
  rejectedCount?: number;
}

/** An import task's result (the task centre's detail). */
interface ImportResultSummary {
  total: number;
  imported: number;
  rejected: ImportCursor["rejected"];
  rejectedCount: number;
  /** Rows in the error workbook (0: none to download). */
  errorRows: number;
}

export interface ExportPayload {
  resource: string;
  /** The pageList body the export was asked with (pageNo and pageSize left out). */
  filters: JsonObject;
  username: string;
  sceneName: string;
  /** The requester's community scope when the export was asked for (null: every community). */
  communityIds?: readonly number[] | null;
}

/** The task's user as the write path needs it (tenant, user, scene; no authority checks happen here). */
function taskSession(task: TaskRow, p: { username: string; sceneName: string; communityIds?: readonly number[] | null }): SessionInfo {
  return {
    tokenHash: "",
    userId: task.userId ?? 0,
    tenantId: task.tenantId,
    username: p.username,
    realName: null,
    userType: "1",
    authorities: [],
    communityIds: p.communityIds ?? null,
    tenantName: "",
    sceneName: p.sceneName,
  };
}

/**
 * Reads an uploaded file against the resource's template and queues its import (the upload endpoint
 * and the import benchmark). Throws TemplateError (→ 400 with its message) for a file that is not
 * the template; the caller has checked the user's access to the community.
 */
export async function submitImport(
  db: DbSession,
  session: SessionInfo,
  input: { resource: string; communityId: number | null; taskName: string; content: Buffer },
): Promise<{ taskId: number; total: number }> {
  const importer = importerOf(input.resource);
  if (!importer) throw new Error(`${input.resource} is not importable`);
  const keys = importer.columns(session.sceneName).map((c) => c.key);
  const rows = await readImportFile(input.content, importer.columns(session.sceneName));
  const payload: ImportPayload = {
    resource: input.resource,
    communityId: input.communityId,
    username: session.username,
    sceneName: session.sceneName,
    keys,
    rows: rows.map((r) => [
      r.row,
      ...keys.map((k): PayloadCell => {
        const v = r.cells[k] ?? null;
        return v instanceof Date ? { date: v.toISOString() } : v;
      }),
    ]),
  };
  const task = await enqueueTask(db, { tenantId: session.tenantId, userId: session.userId, type: IMPORT_TASK, name: input.taskName, total: rows.length, payload });
  return { taskId: task.id, total: rows.length };
}

/** The payload's rows as the importer takes them; decoded once for a run of the task (the worker keeps its payload object). */
const decoded = new WeakMap<object, ImportRow[]>();
function rowsOf(p: ImportPayload): ImportRow[] {
  let rows = decoded.get(p);
  if (!rows) {
    rows = p.rows.map(([row, ...cells]) => ({
      row,
      cells: Object.fromEntries(
        p.keys.map((k, i): [string, Cells[string]] => {
          const v = cells[i] ?? null;
          return [k, v !== null && typeof v === "object" ? new Date(v.date) : v];
        }),
      ),
    }));
    decoded.set(p, rows);
  }
  return rows;
}

const importHandler: TaskHandler = {
  async step({ db, task, save }: StepContext) {
    const p = task.payload as unknown as ImportPayload;
    const importer = importerOf(p.resource);
    if (!importer) throw new UserFacingError(texts.tasks.importUnsupported);
    const model = buildModel(resourceByName[p.resource]);
    const session = taskSession(task, p);
    const rows = rowsOf(p);
    const cursor: ImportCursor = (task.cursor as unknown as ImportCursor | null) ?? { next: 0, imported: 0, rejected: [] };
    const chunk = rows.slice(cursor.next, cursor.next + IMPORT_CHUNK);
    const next: ImportCursor = { next: cursor.next + chunk.length, imported: cursor.imported, rejected: [...cursor.rejected], rejectedCount: cursor.rejectedCount ?? cursor.rejected.length };

    await db.transaction(async (tx) => {
      const ctx = { tx, session, communityId: p.communityId };
      let result: ImportResult = { written: 0, rejected: [] };
      const failure = await inSavepoint(tx, async () => {
        result = await importer.write(ctx, chunk);
      });
      if (failure) {
        // Row by row: the database's own refusal of a row is that row's reason.
        result = { written: 0, rejected: [] };
        for (const one of chunk) {
          let own: ImportResult = { written: 0, rejected: [] };
          const refused = await inSavepoint(tx, async () => {
            own = await importer.write(ctx, [one]);
          });
          if (!refused) {
            result.written += own.written;
            result.rejected.push(...own.rejected);
            continue;
          }
          const known = translateDbError(refused, p.sceneName, "write");
          if (!known) throw refused;
          result.rejected.push({ row: one.row, reason: known.httpStatus === 409 ? (importer.duplicateReason ?? DUPLICATE_REASON) : known.message });
        }
      }
      next.imported += result.written;
      next.rejected.push(...result.rejected.slice(0, Math.max(0, MAX_ERROR_ROWS - next.rejected.length)));
      next.rejectedCount = (next.rejectedCount ?? 0) + result.rejected.length;
      if (result.written) {
        await writeOperationLog(tx, {
          tenantId: session.tenantId,
          userId: task.userId,
          username: p.username,
          ip: null,
          resource: p.resource,
          action: "import",
          operationCode: model.def.code,
          targetId: task.id,
          detail: { rows: result.written },
        });
      }
      await save(tx, chunk.length, next);
    });
    if (next.next < rows.length) return { finished: false };
    const errorRows = next.rejected.length ? await saveErrorWorkbook(db, task, p, importer.columns(p.sceneName), rows, next.rejected) : 0;
    const result: ImportResultSummary = { total: rows.length, imported: next.imported, rejected: next.rejected, rejectedCount: next.rejectedCount ?? 0, errorRows };
    return { finished: true, result };
  },
};

/**
 * Keeps the import's error workbook (task_files, one file a task: written again when a task cut off
 * makes it again): the rejected rows as uploaded, the template's columns, and their reasons. Returns
 * its row count.
 */
async function saveErrorWorkbook(db: DbSession, task: TaskRow, p: ImportPayload, columns: ImportColumn[], rows: ImportRow[], rejected: ImportCursor["rejected"]): Promise<number> {
  const byRow = new Map(rows.map((r) => [r.row, r]));
  const errorRows = rejected.flatMap(({ row, reason }) => {
    const r = byRow.get(row);
    return r ? [{ cells: r.cells, reason }] : [];
  });
  const title = fillScene(resourceByName[p.resource].label, p.sceneName);
  const content = await errorWorkbook(columns, errorRows);
  await db.query(
    sql`insert into task_files (task_id, tenant_id, file_name, content) values (${task.id}, ${task.tenantId}, ${fillTexts.excel.errorFile({ title })}, ${content})
     on conflict (task_id) do update set file_name = excluded.file_name, content = excluded.content, created_at = now()`,
  );
  return errorRows.length;
}

/** The file a task keeps (an export's xlsx, an import's error workbook), or undefined when it has none (yet). */
export async function taskFile(db: DbSession, tenantId: number, taskId: number): Promise<{ fileName: string; content: Uint8Array } | undefined> {
  const rows = await camelRows<{ fileName: string; content: Uint8Array }>(db, sql`select file_name, content from task_files where tenant_id = ${tenantId} and task_id = ${taskId}`);
  return rows[0];
}

const exportHandler: TaskHandler = {
  async step({ db, task, save }: StepContext) {
    const p = task.payload as unknown as ExportPayload;
    const def = resourceByName[p.resource];
    const model = buildModel(def);
    const session = taskSession(task, p);
    const fields = model.visible.filter((f) => f.list);
    const communityColumn = model.communityScoped;
    const communities = new Map<number, string>();
    if (communityColumn) {
      const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where tenant_id = ${task.tenantId}`);
      for (const r of rows) communities.set(Number(r.id), r.name);
    }
    const rows: (string | number)[][] = [];
    for (let pageNo = 1; rows.length < MAX_EXPORT_ROWS; pageNo++) {
      const page = await pageList(db, model, session, { ...p.filters, pageNo, pageSize: 500 });
      for (const r of page.list) {
        if (rows.length >= MAX_EXPORT_ROWS) break;
        rows.push([...(communityColumn ? [communities.get(Number(r.communityId)) ?? ""] : []), ...fields.map((f) => exportCell(f, r, p.sceneName))]);
      }
      if (page.list.length < 500) break;
    }
    const headers = [...(communityColumn ? [fillScene(texts.excel.communityColumn, p.sceneName)] : []), ...fields.map((f) => columnLabel(f, p.sceneName))];
    const title = fillScene(def.label, p.sceneName);
    const content = await exportWorkbook(title, headers, rows);
    const stamp = chinaDateTime(new Date()).replace(/\D/g, "");
    const fileName = fillTexts.excel.exportFile({ title, stamp });
    await db.transaction(async (tx) => {
      await tx.query(
        sql`insert into task_files (task_id, tenant_id, file_name, content) values (${task.id}, ${task.tenantId}, ${fileName}, ${content})
         on conflict (task_id) do update set file_name = excluded.file_name, content = excluded.content, created_at = now()`,
      );
      await writeOperationLog(tx, {
        tenantId: task.tenantId,
        userId: task.userId,
        username: p.username,
        ip: null,
        resource: p.resource,
        action: "export",
        operationCode: def.code,
        targetId: task.id,
        detail: { rows: rows.length },
      });
      await save(tx, rows.length, { rows: rows.length });
    });
    const downloadUrl = `/api/${def.service}/${def.name}/actions/file?taskId=${task.id}`;
    return { finished: true, result: { rows: rows.length, fileName, downloadUrl, truncated: rows.length >= MAX_EXPORT_ROWS } };
  },
};

export function registerExcelTasks(): void {
  registerTaskHandler(IMPORT_TASK, importHandler);
  registerTaskHandler(EXPORT_TASK, exportHandler);
  registerTaskSummary(IMPORT_TASK, (r) =>
    fillTexts.tasks.importSummary({ imported: Number(r.imported ?? 0), rejected: typeof r.rejectedCount === "number" ? r.rejectedCount : Array.isArray(r.rejected) ? r.rejected.length : 0 }),
  );
  registerTaskSummary(EXPORT_TASK, (r) => fillTexts.tasks.exportSummary({ rows: Number(r.rows ?? 0) }) + (r.truncated ? fillTexts.tasks.exportTruncated({ max: MAX_EXPORT_ROWS }) : ""));
}
