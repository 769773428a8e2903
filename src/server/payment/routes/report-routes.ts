// The money desk's reports (缴费报表 tabs), schemas/operations/payment.yaml: 收费日报/月报, collection by
// building or item, the prepayment and deposit ledgers, and their Excel export.
import type { FastifyInstance } from "fastify";
import { route } from "../../http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { sendFile } from "../../excel/routes.ts";
import { chargeReport } from "../report-charges.ts";
import { collectionReport } from "../report-collection.ts";
import { depositLedger, prepayLedger } from "../report-ledgers.ts";
import { reportsWorkbook } from "../report-export.ts";

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getChargeReport, async ({ body, session }) => chargeReport(app.db, session, body));
  route(app, operations.getCollectionReport, async ({ body, session }) => collectionReport(app.db, session, body));
  route(app, operations.getPrepayLedger, async ({ body, session }) => prepayLedger(app.db, session, body));
  route(app, operations.getDepositLedger, async ({ body, session }) => depositLedger(app.db, session, body));
  route(app, operations.exportPaymentReports, async ({ query, session, reply }) => {
    const { fileName, content } = await reportsWorkbook(app.db, session, query);
    return sendFile(reply, fileName, content);
  });
}
