// The task centre's list (schemas/operations/tasks.yaml listTaskCentre): the tenant's background
// tasks, newest first (task-centre.ts says who sees which).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { pageArgs } from "../platform/http/request-input.ts";
import { listTasks } from "./task-centre.ts";

export async function taskCentreModule(app: FastifyInstance): Promise<void> {
  route(app, operations.listTaskCentre, async ({ query, session }) => listTasks(app.db, session, pageArgs(query)));
}
