// The meter-reading grid, its save and the batch approval (schemas/operations/payment.yaml).
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { approveBatch, readingGrid, saveGrid } from "../meter-readings.ts";

export async function meterReadingRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.meterReadingGrid, async ({ query, session }) => readingGrid(app.db, session, query));
  route(app, operations.saveMeterReadings, async ({ body, session }) => app.db.transaction((tx) => saveGrid(tx, session, body)));
  route(app, operations.approveMeterReadings, async ({ body, session }) => app.db.transaction((tx) => approveBatch(tx, session, body.ids)));
}
