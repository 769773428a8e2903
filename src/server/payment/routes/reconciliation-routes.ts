// Daily settlement (对账管理) and the payment report (缴费报表):
//   GET  {property}/reconciliations/actions/day?communityId=&day=   -> {closed, closing, rows, totals}
//   POST {property}/reconciliations/actions/declare {communityId, day, rows: [{payMethod, cashierId, declaredAmount, remark}]}
//   POST {property}/reconciliations/actions/close   {communityId, day, rows?, remark?}
//   POST {property}/reports/actions/payment {startMonth, endMonth, communityIds?} -> {list, totals}
//   GET  {property}/reports/actions/exportPayment?startMonth=&endMonth=&communityIds=1,2 -> .xlsx
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { messages } from "../../../../generated/errors.ts";
import { bodyOf, queryOf } from "../../http/request-input.ts";
import { CODES } from "../common.ts";
import { closeDay, daySummary, declareDay } from "../reconciliation.ts";
import { paymentReport, reportWorkbook } from "../report.ts";

export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  const settle = { config: { authority: CODES.settings } };
  app.get("/api/property/reconciliations/actions/day", settle, async (request) => {
    const q = queryOf(request);
    return ok(await daySummary(app.db, sessionOf(request), q.communityId, q.day));
  });
  app.post("/api/property/reconciliations/actions/declare", settle, async (request) => {
    const session = sessionOf(request);
    await app.db.transaction((tx) => declareDay(tx, session, request.ip, bodyOf(request)));
    return ok(null, messages.saved);
  });
  app.post("/api/property/reconciliations/actions/close", settle, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => closeDay(tx, session, request.ip, bodyOf(request))), "日结成功");
  });

  const report = { config: { authority: CODES.report } };
  app.post("/api/property/reports/actions/payment", report, async (request) => ok(await paymentReport(app.db, sessionOf(request), bodyOf(request))));
  app.get("/api/property/reports/actions/exportPayment", report, async (request, reply) => {
    const q = queryOf(request);
    const ids = typeof q.communityIds === "string" && q.communityIds.trim() ? q.communityIds.split(",") : undefined;
    const data = await paymentReport(app.db, sessionOf(request), { ...q, communityIds: ids });
    const file = await reportWorkbook(data);
    const name = encodeURIComponent(`缴费报表_${data.startMonth}_${data.endMonth}.xlsx`);
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename*=UTF-8''${name}`)
      .send(file);
  });
}
