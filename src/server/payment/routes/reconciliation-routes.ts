// Daily settlement (对账管理) and the payment report (缴费报表), schemas/operations/payment.yaml.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { operations } from "../../../../generated/operations.ts";
import { closeDay, daySummary, declareDay } from "../reconciliation.ts";
import { chosenCommunity, refused } from "../common.ts";
import { paymentReport, reportWorkbook } from "../report.ts";
import { asAnswered } from "../answered.ts";
import { dailyClosingWorkbook } from "../daily-closing-export.ts";
import { sendFile } from "../../excel/routes.ts";

export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  // The community is the one the operation's scope checked (another tenant's 404, outside a limited user's scope 403); none given 400.
  route(app, operations.getReconciliationDay, async ({ query, session, community }) => daySummary(app.db, session, chosenCommunity(community), query.day));
  route(app, operations.declareReconciliation, async ({ body, session, request, community }) => {
    const communityId = chosenCommunity(community);
    await app.db.transaction((tx) => declareDay(tx, session, request.ip, communityId, body));
    return null;
  });
  route(app, operations.exportReconciliationDay, async ({ query, session, reply, community }) => {
    if (!community) throw refused("selectCommunity", "communityId");
    const { fileName, content } = await dailyClosingWorkbook(app.db, session, community, query.day);
    return sendFile(reply, fileName, content);
  });
  route(app, operations.closeReconciliation, async ({ body, session, request, community }) => {
    const communityId = chosenCommunity(community);
    return app.db.transaction((tx) => closeDay(tx, session, request.ip, communityId, body));
  });

  route(app, operations.getPaymentReport, async ({ body, session }) => paymentReport(app.db, session, body));
  route(app, operations.exportPaymentReport, async ({ query, session, reply }) => {
    // communityIds: ids separated by commas (the schema's pattern checked them).
    const communityIds = query.communityIds ? query.communityIds.split(",").map(Number) : undefined;
    const data = await paymentReport(app.db, session, { startMonth: query.startMonth, endMonth: query.endMonth, communityIds });
    const file = await reportWorkbook(asAnswered("getPaymentReport", data));
    const name = encodeURIComponent(fillTexts.paymentReport.file({ start: data.startMonth, end: data.endMonth }));
    return reply.header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").header("content-disposition", `attachment; filename*=UTF-8''${name}`).send(file);
  });
}
