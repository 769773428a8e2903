// The cashier and bill pay (schemas/operations/payment.yaml): a room's payable bills, paying them
// (one receipt), printing a receipt.
import type { FastifyInstance } from "fastify";
import { route } from "../../http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import type { GetRoomBillsData, PrintReceiptData } from "../../../../generated/operation-types.ts";
import { payBills, receiptView, roomBills } from "../cashier.ts";
import { notFound } from "../common.ts";
import { parseId } from "../../http/request-input.ts";

export async function cashierRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    operations.getRoomBills,
    async ({ query, session }) =>
      // The room and the receipt are read untyped (Record); their shape is the declared one.
      (await roomBills(app.db, session, query.roomId)) as GetRoomBillsData,
  );
  route(app, operations.payBills, async ({ body, session, request }) => app.db.transaction((tx) => payBills(tx, session, request.ip, body)));
  route(app, operations.printReceipt, async ({ params, session }) => {
    // A malformed id is simply not found.
    const id = parseId(params.id);
    if (id === null) throw notFound();
    return (await receiptView(app.db, session, id)) as PrintReceiptData;
  });
}
