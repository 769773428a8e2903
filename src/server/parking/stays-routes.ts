// 临停出场收费's operations (schemas/operations/parking.yaml): a stay quoted by its lot's rule, and paid at exit (stays.ts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { payStay, quoteStay } from "./stays.ts";

export async function parkingStaysModule(app: FastifyInstance): Promise<void> {
  route(app, operations.quoteParkingStay, async ({ body, session }) => quoteStay(app.db, session, body));
  route(app, operations.payParkingStay, async ({ body, session }) => app.db.transaction((tx) => payStay(tx, session, body)));
}
