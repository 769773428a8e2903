// Fee formulas and 公摊 (schemas/operations/formulas.yaml): a formula tried on a room (fee-formula.ts),
// a 公摊 previewed and allocated (share-allocation.ts).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../../generated/operations.ts";
import { route } from "../../platform/http/operation.ts";
import { chosenCommunity } from "../common.ts";
import { previewFeeFormula } from "../fee-formula.ts";
import { allocateShare, previewShareAllocation } from "../share-allocation.ts";

export async function formulaRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.previewFeeFormula, async ({ body, session, community }) => previewFeeFormula(app.db, session, chosenCommunity(community), body));
  route(app, operations.previewShareAllocation, async ({ body, session, community }) => previewShareAllocation(app.db, session, chosenCommunity(community), body));
  route(app, operations.allocateShare, async ({ body, session, community, request }) => app.db.transaction((tx) => allocateShare(tx, session, request.ip, chosenCommunity(community), body)));
}
