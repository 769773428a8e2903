// Prepayment at the cashier (the account's recharge and refund application, the ledger's refund
// approval are declared actions of the generic resources, prepay.ts hooks):
//   POST {property}/bills/actions/payFromBalance {billIds, payAmount?, expectedAmount?, payerName?, remark?}
//        -> the cashier's pay answer plus the balance left
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf } from "../../http/request-input.ts";
import { anyOf, CODES } from "../common.ts";
import { payFromBalance } from "../prepay.ts";
import type { PayRequest } from "../cashier.ts";

/** The one place this call reads its input. */
function payFromBalanceInput(body: Record<string, unknown>): PayRequest {
  const { billIds, payAmount, expectedAmount, payerName, remark } = body;
  return { billIds, payAmount, expectedAmount, payerName, remark };
}

export async function prepayRoutes(app: FastifyInstance): Promise<void> {
  app.post("/api/property/bills/actions/payFromBalance", { preHandler: anyOf(CODES.cashier, CODES.billPay) }, async (request) => {
    const session = sessionOf(request);
    const input = payFromBalanceInput(bodyOf(request));
    return ok(await app.db.transaction((tx) => payFromBalance(tx, session, request.ip, input)), "缴费成功");
  });
}
