// Visitor passes of the residents' app (visitors.ts) and the staff's hooks on the residents'
// accounts and bindings (accounts.ts); schemas/operations/residents.yaml, docs/residents.md.
import type { FastifyInstance } from "fastify";
import { route } from "../platform/http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { cancelPass, createPass, myPasses } from "./visitors.ts";
import { registerAccountHooks } from "./accounts.ts";

export async function residentVisitorRoutes(app: FastifyInstance): Promise<void> {
  registerAccountHooks();
  route(app, operations.createVisitorPass, async ({ body, resident }) => app.db.transaction((tx) => createPass(tx, resident, body)));
  route(app, operations.listMyVisitorPasses, async ({ resident }) => myPasses(app.db, resident));
  route(app, operations.cancelMyVisitorPass, async ({ params, resident }) => app.db.transaction((tx) => cancelPass(tx, resident, params.id)));
}
