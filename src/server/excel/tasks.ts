// The Excel import and export as background tasks (src/server/tasks: the task centre shows their
// progress and result; any app server may run them).
// Import: the rows parsed at upload are in the payload; each step takes IMPORT_CHUNK rows in one
// transaction, every row in its own savepoint: a row is written whole (with the buildings and units
// it creates) or not at all, and a rejected row is reported with its Excel row number and reason.
// Each step commits its rows with the cursor (next row, counts, rejections), so a task cut off
// resumes after the last committed row and nothing is written twice.
// Export: the list with the filters it was asked with (the generic pageList, so the same tenant and
// community scoping), at most MAX_EXPORT_ROWS rows, as one xlsx file kept in task_files.
import { resourceByName } from "../../../generated/resources.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { translateDbError } from "../http/db-errors.ts";
import { buildModel } from "../crud/model.ts";
import { inSavepoint, insertRow } from "../crud/insert.ts";
import { pageList } from "../crud/list-query.ts";
import { writeOperationLog } from "../crud/operation-log.ts";
import { registerTaskHandler, type StepContext, type TaskHandler } from "../tasks/runner.ts";
import { registerTaskSummary } from "../tasks/task-centre.ts";
import type { TaskRow } from "../tasks/store.ts";
import { columnLabel, exportCell } from "./cells.ts";
import { importerOf, RowProblem, withColumn, type Cells } from "./importers.ts";
import { exportWorkbook } from "./workbook.ts";

export const IMPORT_TASK = "excelImport";
export const EXPORT_TASK = "excelExport";
export const IMPORT_CHUNK = 200;
export const MAX_EXPORT_ROWS = 50_000;

export interface ImportPayload {
  resource: string;
  communityId: number | null;
  username: string;
  sceneName: string;
  /** Cells as JSON: a date cell is {date: ISO}. */
  rows: { row: number; cells: Record<string, unknown> }[];
}

export interface ImportCursor {
  next: number;
  imported: number;
  rejected: { row: number; reason: string }[];
}

export interface ExportPayload {
  resource: string;
  filters: Record<string, unknown>;
  username: string;
  sceneName: string;
}

/** The task's user as the write path needs it (tenant, user, scene; no authority checks happen here). */
function taskSession(task: TaskRow, p: { username: string; sceneName: string }): SessionInfo {
  return { tokenHash: "", userId: task.userId ?? 0, tenantId: task.tenantId, username: p.username, realName: null, userType: "1", authorities: [], tenantName: "", sceneName: p.sceneName };
}

const cellsOf = (raw: Record<string, unknown>): Cells =>
  Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v && typeof v === "object" && "date" in v ? new Date(String((v as { date: string }).date)) : (v as string | null)]));

const importHandler: TaskHandler = {
  async step({ db, task, save }: StepContext) {
    const p = task.payload as unknown as ImportPayload;
    const importer = importerOf(p.resource);
    if (!importer) throw new Error("该数据不支持导入");
    const model = buildModel(resourceByName[p.resource]);
    const session = taskSession(task, p);
    const cursor: ImportCursor = (task.cursor as unknown as ImportCursor | null) ?? { next: 0, imported: 0, rejected: [] };
    const chunk = p.rows.slice(cursor.next, cursor.next + IMPORT_CHUNK);
    const next: ImportCursor = { next: cursor.next + chunk.length, imported: cursor.imported, rejected: [...cursor.rejected] };
    const columns = new Map(importer.columns(p.sceneName).map((c) => [c.key, c.label]));

    await db.transaction(async (tx) => {
      let written = 0;
      for (const { row, cells } of chunk) {
        const failure = await inSavepoint(tx, async () => {
          const ctx = { tx, session, communityId: p.communityId };
          const record = await importer.record(ctx, cellsOf(cells));
          const payload = model.communityScoped ? { ...record, communityId: p.communityId } : record;
          const errors = validateResource(p.resource, "create", payload, p.sceneName);
          if (errors.length) {
            const field = model.def.fields.find((f) => f.name === errors[0].field);
            throw new RowProblem(withColumn(columns.get(errors[0].field) ?? (field ? columnLabel(field, p.sceneName) : ""), errors[0].message));
          }
          await insertRow(tx, model, session, record, { communityId: p.communityId });
        });
        if (!failure) {
          written++;
          continue;
        }
        const known = failure instanceof RowProblem ? null : translateDbError(failure, p.sceneName, "write");
        if (!(failure instanceof RowProblem) && !known) throw failure;
        const reason = failure instanceof RowProblem ? failure.message : known!.httpStatus === 409 ? "数据已存在（与已有数据重复）" : known!.message;
        next.rejected.push({ row, reason });
      }
      next.imported += written;
      if (written) {
        await writeOperationLog(tx, {
          tenantId: session.tenantId, userId: task.userId, username: p.username, ip: null,
          resource: p.resource, action: "import", operationCode: model.def.code, targetId: task.id, detail: { rows: written },
        });
      }
      await save(tx, chunk.length, next);
    });
    if (next.next < p.rows.length) return { finished: false };
    return { finished: true, result: { total: p.rows.length, imported: next.imported, rejected: next.rejected } };
  },
};

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
      const { rows } = await db.query<{ id: number; name: string }>("select id, name from communities where tenant_id = $1", [task.tenantId]);
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
    const headers = [...(communityColumn ? [fillScene("所属{scene}", p.sceneName)] : []), ...fields.map((f) => columnLabel(f, p.sceneName))];
    const title = fillScene(def.label, p.sceneName);
    const content = await exportWorkbook(title, headers, rows);
    const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
    const fileName = `${title}_${stamp}.xlsx`;
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into task_files (task_id, tenant_id, file_name, content) values ($1, $2, $3, $4)
         on conflict (task_id) do update set file_name = excluded.file_name, content = excluded.content, created_at = now()`,
        [task.id, task.tenantId, fileName, content],
      );
      await writeOperationLog(tx, {
        tenantId: task.tenantId, userId: task.userId, username: p.username, ip: null,
        resource: p.resource, action: "export", operationCode: def.code, targetId: task.id, detail: { rows: rows.length },
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
  registerTaskSummary(IMPORT_TASK, (r) => `导入成功${Number(r.imported ?? 0)}条，失败${Array.isArray(r.rejected) ? r.rejected.length : 0}条`);
  registerTaskSummary(EXPORT_TASK, (r) => `已导出${Number(r.rows ?? 0)}条${r.truncated ? `（最多导出${MAX_EXPORT_ROWS}条）` : ""}`);
}
