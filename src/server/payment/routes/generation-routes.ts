// Bill generation as a background task (schemas/operations/payment.yaml): submitting it, and its
// progress with its batches.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { present } from "../../platform/http/request-input.ts";
import { findTask } from "../../platform/tasks/store.ts";
import { taskItem } from "../../tasks/task-centre.ts";
import { fen, notFound } from "../common.ts";
import { generationBatches, planGeneration } from "../generation.ts";

export async function generationRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.generateBills, async ({ body, session }) => {
    const run = await app.db.transaction((tx) => planGeneration(tx, session, body));
    return { taskId: run.task.id, total: run.total, batches: run.batches };
  });

  route(app, operations.getGenerationTask, async ({ query, session }) => {
    const task = await findTask(app.db, session.tenantId, present(query.id));
    // A user limited to some communities follows only its own runs (they cover only its communities).
    if (!task || (session.communityIds !== null && task.userId !== session.userId)) throw notFound();
    const rows = await generationBatches(app.db, session.tenantId, task.id);
    return { ...taskItem(task), batches: rows.map((r) => ({ ...r, totalAmount: fen(r.totalAmount) })) };
  });
}
