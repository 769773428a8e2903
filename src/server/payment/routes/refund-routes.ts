// Refunds (实收管理) and waivers (账单缴费):
//   GET  {property}/payments/{id}/actions/refundable           -> {paymentId, amount, refunded, pending, refundable}
//   POST {property}/refunds/actions/apply {paymentId, amount, refundMethod?, reason}
//   POST {property}/refunds/{id}/actions/approve ; POST {property}/refunds/{id}/actions/reject {reason}
//   POST {property}/waivers/actions/apply {billId, waiverType: 1 discount | 2 amount, discount?, amount?, reason}
//   POST {property}/waivers/{id}/actions/approve ; POST {property}/waivers/{id}/actions/reject {reason}
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf, pathId } from "../../http/request-input.ts";
import { anyOf, CODES } from "../common.ts";
import { applyRefund, approveRefund, refundable, rejectRefund } from "../refunds.ts";
import { applyWaiver, approveWaiver, rejectWaiver } from "../waivers.ts";

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const received = { config: { authority: CODES.received } };
  app.get("/api/property/payments/:id/actions/refundable", received, async (request) => ok(await refundable(app.db, sessionOf(request), pathId(request))));
  app.post("/api/property/refunds/actions/apply", received, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => applyRefund(tx, session, request.ip, bodyOf(request))), "退款申请已提交");
  });
  app.post("/api/property/refunds/:id/actions/approve", received, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => approveRefund(tx, session, request.ip, pathId(request))), "退款成功");
  });
  app.post("/api/property/refunds/:id/actions/reject", received, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => rejectRefund(tx, session, request.ip, pathId(request), bodyOf(request).reason)), "已驳回");
  });

  app.post("/api/property/waivers/actions/apply", { preHandler: anyOf(CODES.billPay, CODES.cashier) }, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => applyWaiver(tx, session, request.ip, bodyOf(request))), "减免申请已提交");
  });
  const billPay = { config: { authority: CODES.billPay } };
  app.post("/api/property/waivers/:id/actions/approve", billPay, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => approveWaiver(tx, session, request.ip, pathId(request))), "审核通过");
  });
  app.post("/api/property/waivers/:id/actions/reject", billPay, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => rejectWaiver(tx, session, request.ip, pathId(request), bodyOf(request).reason)), "已驳回");
  });
}
