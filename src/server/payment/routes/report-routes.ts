// The money desk's reports (缴费报表 tabs), schemas/operations/payment.yaml: 收费日报/月报, collection by
// building or item, the prepayment and deposit ledgers, and their Excel export.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { sendFile } from "../../excel/routes.ts";
import { chargeReport } from "../report-charges.ts";
import { collectionReport } from "../report-collection.ts";
import { depositLedger, prepayLedger } from "../report-ledgers.ts";
import { reportsWorkbook } from "../report-export.ts";
import { reportCommunity } from "../report-period.ts";

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  // The community is the one the operation's scope checked; none given 400 (40080).
  route(app, operations.getChargeReport, async ({ body, session, community }) => chargeReport(app.db, session, body, reportCommunity(community)));
  route(app, operations.getCollectionReport, async ({ body, session, community }) => collectionReport(app.db, session, body, reportCommunity(community)));
  route(app, operations.getPrepayLedger, async ({ body, session, community }) => prepayLedger(app.db, session, body, reportCommunity(community)));
  route(app, operations.getDepositLedger, async ({ body, session, community }) => depositLedger(app.db, session, body, reportCommunity(community)));
  route(app, operations.exportPaymentReports, async ({ query, session, reply, community }) => {
    const { fileName, content } = await reportsWorkbook(app.db, session, query, reportCommunity(community));
    return sendFile(reply, fileName, content);
  });
}
