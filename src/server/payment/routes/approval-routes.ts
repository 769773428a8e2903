// Bill approval and the fee pages' bill lists (schemas/operations/payment.yaml): approve (with its
// read-only preview) and reject by ids or a whole batch, the paged bill query, a room's payment
// history. The bill query gives each bill what its waiting waivers come to (pendingWaived), which
// the pages' row buttons need (common/payment/row-actions.ts).
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { operations } from "../../../../generated/operations.ts";
import type { GetRoomHistoryResult } from "../../../../generated/operation-types.ts";
import { approveBills, previewApproval, rejectBills, withPendingWaived } from "../approval.ts";
import { queryBills, roomHistory } from "../history.ts";

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.approveBills, async ({ body, session, request }) => app.db.transaction((tx) => approveBills(tx, session, request.ip, { ...body })));
  // What approve would do for the same selection, read in a transaction of its own that writes nothing.
  route(app, operations.previewApproveBills, async ({ body, session }) => app.db.transaction((tx) => previewApproval(tx, session, { ...body })));
  route(app, operations.rejectBills, async ({ body, session, request }) => app.db.transaction((tx) => rejectBills(tx, session, request.ip, { ...body })));
  route(app, operations.queryBills, async ({ body, session }) => {
    const page = await queryBills(app.db, session, { ...body });
    return { ...page, list: await withPendingWaived(app.db, session, page) };
  });
  route(
    app,
    operations.getRoomHistory,
    async ({ query, session }) =>
      // Its rows are read untyped (Record); their shape is the declared one.
      (await roomHistory(app.db, session, query.roomId)) as GetRoomHistoryResult,
  );
}
