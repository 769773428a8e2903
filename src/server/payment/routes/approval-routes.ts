// Bill approval and the fee pages' bill lists:
//   POST {property}/bills/actions/approve {ids} | {batchId}          -> {changed, skipped}
//   POST {property}/bills/actions/reject  {ids | batchId, reason}    -> {changed, skipped}
//   POST {property}/bills/actions/query   {communityId?, status?, period?, paymentItemId?, batchId?, buildingId?, roomId?, keyword?, pageNo, pageSize}
//   GET  {property}/bills/actions/roomHistory?roomId=                -> {bills, payments, refunds, waivers}
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf, queryOf } from "../../http/request-input.ts";
import { anyOf, CODES } from "../common.ts";
import { approveBills, rejectBills } from "../approval.ts";
import { queryBills, roomHistory } from "../history.ts";

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/property/bills/actions/approve", { config: { authority: CODES.approval } }, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => approveBills(tx, session, request.ip, bodyOf(request))), "审核通过");
  });

  app.post("/api/property/bills/actions/reject", { config: { authority: CODES.approval } }, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => rejectBills(tx, session, request.ip, bodyOf(request))), "已驳回");
  });

  app.post(
    "/api/property/bills/actions/query",
    { preHandler: anyOf(CODES.approval, CODES.billPay, CODES.cashier, CODES.history, CODES.generation) },
    async (request) => ok(await queryBills(app.db, sessionOf(request), bodyOf(request))),
  );

  app.get("/api/property/bills/actions/roomHistory", { preHandler: anyOf(CODES.history, CODES.cashier, CODES.billPay, CODES.received) }, async (request) =>
    ok(await roomHistory(app.db, sessionOf(request), queryOf(request).roomId)),
  );
}
