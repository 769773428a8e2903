// The cashier and bill pay (schemas/operations/payment.yaml): a room's payable bills, paying them
// (one receipt, also for several rooms of one owner), printing a receipt, voiding one (applied for, then approved or rejected); the desk's owner
// rooms and recent receipts, and prepaying months of an item.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import { payBills, receiptView, roomBills } from "../cashier.ts";
import { approveVoidReceipt, rejectVoidReceipt, voidReceipt } from "../receipt-void.ts";
import { cashierDesk, prepayBills, prepayPlan } from "../desk.ts";

export async function cashierRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.getRoomBills, async ({ query, session }) => roomBills(app.db, session, query.roomId));
  route(app, operations.payBills, async ({ body, session, request }) => app.db.transaction((tx) => payBills(tx, session, request.ip, body)));
  route(app, operations.printReceipt, async ({ params, session }) => receiptView(app.db, session, params.id));
  route(app, operations.voidReceipt, async ({ params, body, session, request }) => app.db.transaction((tx) => voidReceipt(tx, session, request.ip, params.id, body.reason)));
  route(app, operations.approveVoidReceipt, async ({ params, session, request }) => app.db.transaction((tx) => approveVoidReceipt(tx, session, request.ip, params.id)));
  route(app, operations.rejectVoidReceipt, async ({ params, body, session, request }) => app.db.transaction((tx) => rejectVoidReceipt(tx, session, request.ip, params.id, body.reason)));
  route(app, operations.getCashierDesk, async ({ query, session }) => cashierDesk(app.db, session, query.roomId));
  route(app, operations.getPrepayPlan, async ({ query, session }) => prepayPlan(app.db, session, query));
  route(app, operations.prepayBills, async ({ body, session, request }) => app.db.transaction((tx) => prepayBills(tx, session, request.ip, body)));
}
