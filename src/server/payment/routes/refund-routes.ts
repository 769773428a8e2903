// Refunds (实收管理) and waivers (账单缴费), schemas/operations/payment.yaml: what a payment may still
// refund, applying for a refund or a waiver, approving and rejecting them, a refund's voucher.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { applyRefund, approvedRefund, approveRefund, refundable, refundVoucher, rejectRefund } from "../refunds.ts";
import { refundGatewayOf } from "../refund-gateway.ts";
import { applyWaiver, approveWaiver, rejectWaiver } from "../waivers.ts";

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getRefundable, async ({ params, session }) => refundable(app.db, session, params.id));
  route(app, operations.applyRefund, async ({ body, session, request }) => app.db.transaction((tx) => applyRefund(tx, session, request.ip, body)));
  route(app, operations.approveRefund, async ({ params, session, request }) => {
    const gateway = refundGatewayOf(app.db);
    const { gatewayRefundId, ...approved } = await app.db.transaction((tx) => approveRefund(tx, session, request.ip, params.id, new Date(), gateway));
    if (gatewayRefundId === null || !gateway) return approved;
    // An online payment's refund: asked of its gateway after the commit (a slow gateway holds no lock).
    await gateway.send(request, session.tenantId, gatewayRefundId);
    return approvedRefund(app.db, session.tenantId, params.id);
  });
  route(app, operations.rejectRefund, async ({ params, body, session, request }) => app.db.transaction((tx) => rejectRefund(tx, session, request.ip, params.id, body.reason)));
  route(app, operations.printRefundVoucher, async ({ params, session }) => refundVoucher(app.db, session, params.id));

  route(app, operations.applyWaiver, async ({ body, session, request }) => app.db.transaction((tx) => applyWaiver(tx, session, request.ip, body)));
  route(app, operations.approveWaiver, async ({ params, session, request }) => app.db.transaction((tx) => approveWaiver(tx, session, request.ip, params.id)));
  route(app, operations.rejectWaiver, async ({ params, body, session, request }) => app.db.transaction((tx) => rejectWaiver(tx, session, request.ip, params.id, body.reason)));
}
