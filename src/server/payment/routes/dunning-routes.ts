// Dunning notices (催缴通知):
//   POST {property}/dunningNotices/actions/generate {communityId, buildingIds?, roomIds?, title?, template?} -> {taskId, total}
//        (a background task: progress in the task centre and GET .../actions/generationTask?id=)
//   GET  {property}/dunningNotices/actions/generationTask?id=-> the task (state, done, total, result)
//   GET  {property}/dunningNotices/{id}/actions/print   -> the notice with its room and bills (A4 print view)
// The list, history per room (roomId filter) and the Excel export are the generic resource's.
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf, pathId, queryOf, requiredId } from "../../http/request-input.ts";
import type { TaskRunner } from "../../tasks/runner.ts";
import { findTask } from "../../tasks/store.ts";
import { CODES, notFound } from "../common.ts";
import { DEFAULT_TEMPLATE, DEFAULT_TITLE, DUNNING_TASK, dunningNoticeView, startDunning } from "../dunning.ts";

export function dunningRoutes(runner: TaskRunner | null) {
  return async (app: FastifyInstance): Promise<void> => {
    const report = { config: { authority: CODES.report } };
    app.post("/api/property/dunningNotices/actions/generate", report, async (request) => {
      const session = sessionOf(request);
      const started = await app.db.transaction((tx) => startDunning(tx, session, request.ip, bodyOf(request)));
      runner?.wake();
      return ok(started, "催缴通知生成任务已创建");
    });
    app.get("/api/property/dunningNotices/actions/template", report, async () => ok({ title: DEFAULT_TITLE, template: DEFAULT_TEMPLATE }));
    app.get("/api/property/dunningNotices/actions/generationTask", report, async (request) => {
      const task = await findTask(app.db, sessionOf(request).tenantId, requiredId(queryOf(request).id));
      if (!task || task.type !== DUNNING_TASK) throw notFound();
      return ok({ id: task.id, state: task.state, done: task.done, total: task.total, result: task.result, error: task.error });
    });
    app.get("/api/property/dunningNotices/:id/actions/print", report, async (request) => ok(await dunningNoticeView(app.db, sessionOf(request), pathId(request))));
  };
}
