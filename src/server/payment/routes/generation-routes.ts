// Bill generation as a background task (schemas/operations/payment.yaml): submitting it, and its
// progress with its batches.
import type { FastifyInstance } from "fastify";
import { route } from "../../http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { fenToYuan } from "../../../common/money.ts";
import { present } from "../../http/request-input.ts";
import { findTask } from "../../tasks/store.ts";
import { taskItem } from "../../tasks/task-centre.ts";
import { fen, notFound } from "../common.ts";
import { planGeneration } from "../generation.ts";
import type { TaskRunner } from "../../tasks/runner.ts";
import { sql } from "../../db/sql.ts";
import { camelRows } from "../../db/camel-rows.ts";

interface BatchRow {
  id: number;
  batchNo: string;
  paymentItemId: number;
  itemName: string;
  communityId: number;
  period: string;
  status: number;
  roomCount: number;
  billCount: number;
  existingCount: number;
  skippedCount: number;
  totalAmount: string | number;
  errorMessage: string | null;
}

export function generationRoutes(runner: TaskRunner | null) {
  return async (app: FastifyInstance): Promise<void> => {
    route(app, operations.generateBills, async ({ body, session }) => {
      const run = await app.db.transaction((tx) => planGeneration(tx, session, body));
      runner?.wake();
      return { taskId: run.task.id, total: run.total, batches: run.batches };
    });

    route(app, operations.getGenerationTask, async ({ query, session }) => {
      const task = await findTask(app.db, session.tenantId, present(query.id));
      // A user limited to some communities follows only its own runs (they cover only its communities).
      if (!task || (session.communityIds !== null && task.userId !== session.userId)) throw notFound();
      const rows = await camelRows<BatchRow>(
        app.db,
        sql`select b.id, b.batch_no, b.payment_item_id, i.name as item_name, b.community_id,
                b.period, b.status, b.room_count, b.bill_count, b.existing_count,
                b.skipped_count, b.total_amount, b.error_message
           from bill_batches b left join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
          where b.tenant_id = ${session.tenantId} and b.task_id = ${task.id} order by b.id`,
      );
      return { ...taskItem(task), batches: rows.map((r) => ({ ...r, totalAmount: fenToYuan(fen(r.totalAmount)) })) };
    });
  };
}
