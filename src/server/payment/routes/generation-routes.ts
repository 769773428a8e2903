// Bill generation as a background task:
//   POST {property}/bills/actions/generate {period, paymentItemIds, communityIds?, buildingIds?, roomIds?, manualAmount?}
//        -> {taskId, total, batches: [{id, batchNo, paymentItemId, communityId}]}
//   GET  {property}/bills/actions/generationTask?id= -> the task as the task centre shows it, with its batches
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { fenToYuan } from "../../../common/money.ts";
import { bodyOf, queryOf, requiredId } from "../../http/request-input.ts";
import { findTask } from "../../tasks/store.ts";
import { taskItem } from "../../tasks/task-centre.ts";
import { CODES, fen, notFound } from "../common.ts";
import { planGeneration } from "../generation.ts";
import type { TaskRunner } from "../../tasks/runner.ts";

export function generationRoutes(runner: TaskRunner | null) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post("/api/property/bills/actions/generate", { config: { authority: CODES.generation } }, async (request) => {
      const session = sessionOf(request);
      const run = await app.db.transaction((tx) => planGeneration(tx, session, bodyOf(request)));
      runner?.wake();
      return ok({ taskId: run.task.id, total: run.total, batches: run.batches }, "账单生成任务已提交");
    });

    app.get("/api/property/bills/actions/generationTask", { config: { authority: CODES.generation } }, async (request) => {
      const session = sessionOf(request);
      const task = await findTask(app.db, session.tenantId, requiredId(queryOf(request).id));
      if (!task) throw notFound();
      const { rows } = await app.db.query<Record<string, unknown>>(
        `select b.id, b.batch_no as "batchNo", b.payment_item_id as "paymentItemId", i.name as "itemName", b.community_id as "communityId",
                b.period, b.status, b.room_count as "roomCount", b.bill_count as "billCount", b.existing_count as "existingCount",
                b.skipped_count as "skippedCount", b.total_amount as "totalAmount", b.error_message as "errorMessage"
           from bill_batches b left join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
          where b.tenant_id = $1 and b.task_id = $2 order by b.id`,
        [session.tenantId, task.id],
      );
      return ok({ ...taskItem(task), batches: rows.map((r) => ({ ...r, totalAmount: fenToYuan(fen(r.totalAmount)) })) });
    });
  };
}
