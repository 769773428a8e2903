// Excel import and export endpoints, for a resource R of service S (authority: R's code):
//   POST /api/S/R/actions/export {pageList filters}   -> {taskId}: a background task makes the xlsx
//   GET  /api/S/R/actions/task?id=                    -> the task as the task centre shows it (+ detail:
//        the import report {total, imported, rejected: [{row, reason}]} or the export {rows, fileName})
//   GET  /api/S/R/actions/file?taskId=                -> the exported xlsx (a download)
// and for importable resources (schemas: importable: true):
//   GET  /api/S/R/actions/importTemplate              -> the template xlsx (a download)
//   POST /api/S/R/actions/import?communityId=         body: the filled-in xlsx (Content-Type
//        application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/octet-stream)
//        -> {taskId, total}; community-level resources import into the given community of the tenant.
//   POST {system}/communities/actions/importCommunity is the spec's name of the community import.
//   GET  {management}/taskCentre/actions/importErrorFile?taskId= -> an import task's error workbook
//        (its rejected rows as uploaded, with 错误原因: the task centre's 下载错误数据).
// A user sees the tasks it started; the main account every task of the tenant.
import { assertCommunity } from "../platform/session/community-scope.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { messages } from "../../../generated/errors.ts";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { operations } from "../../../generated/operations.ts";
import { resourceByName, resources } from "../../../generated/resources.ts";
import { fillScene } from "../../common/validate.ts";
import { MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { apiError, ok, validationError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import { enqueueTask, findTask } from "../platform/tasks/store.ts";
import { taskItem } from "../tasks/task-centre.ts";
import { resourceRoute } from "../platform/http/resource-route.ts";
import { resourceOperations } from "../../../generated/resource-operations.ts";
import { communityName } from "../auth/access.ts";
import { importerOf } from "./importers.ts";
import { EXPORT_TASK, IMPORT_TASK, registerExcelTasks, submitImport, taskFile, type ExportPayload } from "./tasks.ts";
import { TemplateError, templateWorkbook, XLSX_TYPE } from "./workbook.ts";

/** An upload of MAX_IMPORT_ROWS rows (100 000 rooms take about 3 MB) with room to spare. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Sends a file as a download (the name in UTF-8 for Chinese names). */
export function sendFile(reply: FastifyReply, fileName: string, content: Buffer | Uint8Array) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return reply
    .header("content-type", XLSX_TYPE)
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header("cache-control", "no-store")
    .send(Buffer.from(content));
}

async function ownTask(app: FastifyInstance, session: SessionInfo, def: ResourceDef, id: number) {
  const task = await findTask(app.db, session.tenantId, id);
  const resource = (task?.payload as { resource?: string } | undefined)?.resource;
  if (!task || resource !== def.name || (session.userType !== MAIN_ACCOUNT && task.userId !== session.userId)) throw apiError("NOT_FOUND");
  return task;
}

function register(app: FastifyInstance, def: ResourceDef): void {
  const ops = resourceOperations[def.name];
  const label = (session: SessionInfo) => fillScene(def.label, session.sceneName);

  resourceRoute(app, ops.export, async ({ session, body }) => {
    const { pageNo: _p, pageSize: _s, ...filters } = body;
    const payload: ExportPayload = { resource: def.name, filters, username: session.username, sceneName: session.sceneName, communityIds: session.communityIds };
    const task = await enqueueTask(app.db, { tenantId: session.tenantId, userId: session.userId, type: EXPORT_TASK, name: fillMessage.exportTaskName({ label: label(session) }), total: 0, payload });
    return ok({ taskId: task.id }, messages.exportSubmitted);
  });

  resourceRoute(app, ops.task, async ({ session, query }) => ok(taskItem(await ownTask(app, session, def, query.id!))));

  resourceRoute(app, ops.file, async ({ session, query, reply }) => {
    const task = await ownTask(app, session, def, query.taskId!);
    const file = await taskFile(app.db, session.tenantId, task.id);
    if (!file) throw apiError("NOT_FOUND", { message: task.state === "failed" ? messages.exportFileFailed : messages.exportFileNotReady });
    return sendFile(reply, file.fileName, file.content);
  });

  const importer = importerOf(def.name);
  if (!importer) return;

  resourceRoute(app, ops.importTemplate, async ({ session, reply }) => {
    const title = label(session);
    return sendFile(reply, fillTexts.excel.templateFile({ title }), await templateWorkbook(title, importer.columns(session.sceneName)));
  });

  /** The import task of the uploaded file: {taskId, total} (the caller answers it with importSubmitted). */
  const importFile = async (session: SessionInfo, content: Buffer, communityId: number | null) => {
    if (content.length === 0) throw apiError("BAD_REQUEST", { message: messages.importFileRequired });
    if (def.scope === "community") {
      if (communityId === null || (await communityName(app.db, session.tenantId, communityId)) === null) {
        throw validationError([{ field: "communityId", message: fillScene(communityId === null ? messages.importSceneRequired : messages.importSceneNotFound, session.sceneName) }]);
      }
      assertCommunity(session, communityId);
    }
    try {
      return await submitImport(app.db, session, { resource: def.name, communityId, taskName: fillMessage.importTaskName({ label: label(session) }), content });
    } catch (err) {
      if (err instanceof TemplateError) throw apiError("BAD_REQUEST", { message: err.message });
      throw err;
    }
  };
  resourceRoute(app, ops.import, async ({ session, file, query }) => ok(await importFile(session, file, query.communityId ?? null), messages.importSubmitted), { bodyLimit: MAX_FILE_BYTES });
  // The spec's name of the community import: a declared operation (schemas/operations/excel.yaml).
  if (def.name === "communities")
    route(app, operations.importCommunity, ({ request, session }) => importFile(session, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), null), { bodyLimit: MAX_FILE_BYTES });
}

/**
 * The error workbook of an import task (tasks.ts keeps it when the import rejected rows): for the
 * task's own user (the main account: any task of its tenant) while it holds the code of the data
 * imported; any other task, another tenant's included, is not found.
 */
function registerImportErrors(app: FastifyInstance): void {
  route(app, operations.downloadImportErrors, async ({ query, session, reply }) => {
    const task = await findTask(app.db, session.tenantId, query.taskId);
    const def = resourceByName[(task?.payload as { resource?: string } | undefined)?.resource ?? ""];
    const own = task?.type === IMPORT_TASK && (session.userType === MAIN_ACCOUNT || task.userId === session.userId);
    if (!task || !own || !def || !session.authorities.includes(def.code)) throw apiError("NOT_FOUND");
    const file = await taskFile(app.db, session.tenantId, task.id);
    if (task.state !== "completed" || !file) throw apiError("NOT_FOUND", { message: messages.importErrorFileNone });
    return sendFile(reply, file.fileName, file.content);
  });
}

/** Fastify plugin (listed in src/server/domains.ts). */
export async function excelModule(app: FastifyInstance): Promise<void> {
  registerExcelTasks();
  app.addContentTypeParser([XLSX_TYPE, "application/octet-stream"], { parseAs: "buffer", bodyLimit: MAX_FILE_BYTES }, (_request, body, done) => done(null, body));
  for (const def of resources) register(app, def);
  registerImportErrors(app);
}
