// The cashier and bill pay:
//   GET  {property}/bills/actions/roomBills?roomId=   -> {room, bills, totals, draftCount, payMethods, allowPartialPayment, autoPrintReceipt}
//   POST {property}/bills/actions/pay {billIds, payMethod, payAmount?, receivedAmount?, expectedAmount?, payerName?, remark?}
//        -> {receiptId, receiptNo, payAmount, receivedAmount, changeAmount, accountingDay, paymentIds, bills}
//   GET  {property}/receipts/{id}/actions/print        -> the receipt with its lines
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf, pathId, queryOf } from "../../http/request-input.ts";
import { anyOf, CODES } from "../common.ts";
import { payBills, receiptView, roomBills } from "../cashier.ts";

export async function cashierRoutes(app: FastifyInstance): Promise<void> {
  const payers = anyOf(CODES.cashier, CODES.billPay);

  app.get("/api/property/bills/actions/roomBills", { preHandler: payers }, async (request) => ok(await roomBills(app.db, sessionOf(request), queryOf(request).roomId)));

  app.post("/api/property/bills/actions/pay", { preHandler: payers }, async (request) => {
    const session = sessionOf(request);
    return ok(await app.db.transaction((tx) => payBills(tx, session, request.ip, bodyOf(request))), "缴费成功");
  });

  app.get("/api/property/receipts/:id/actions/print", { preHandler: anyOf(CODES.cashier, CODES.billPay, CODES.received, CODES.history) }, async (request) =>
    ok(await receiptView(app.db, sessionOf(request), pathId(request))),
  );
}
