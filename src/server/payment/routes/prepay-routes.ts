// Prepayment at the cashier (schemas/operations/payment.yaml): paying bills from the room's
// prepayment balance. The account's recharge and refund application and the ledger's refund
// approval are declared actions of the generic resources (prepay.ts hooks).
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { payFromBalance } from "../prepay.ts";

export async function prepayRoutes(app: FastifyInstance): Promise<void> {
  // The body holds only the declared keys: no pay method or cash amount reaches the payment.
  route(app, operations.payFromBalance, async ({ body, session, request }) => app.db.transaction((tx) => payFromBalance(tx, session, request.ip, body)));
}
