// The workbench's 收费概况 card (fee-overview.ts tells what each figure is):
//   GET {property}/bills/actions/workBenchGetFeeOverview?communityId=   HBL0701309 (the payment report)
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { feeOverview } from "./fee-overview.ts";

export async function feeOverviewModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getWorkbenchFeeOverview, async ({ session, community }) => feeOverview(app.db, session, community));
}
