// Arrears (欠费管理), read-only (schemas/operations/payment.yaml): the rooms in arrears, paged with
// the total owed, and their Excel export; the audited reveal of a row's owner phone.
import type { FastifyInstance } from "fastify";
import { route } from "../../platform/http/operation.ts";
import { texts } from "../../../../generated/texts.ts";
import { operations } from "../../../../generated/operations.ts";
import { arrearsPage, arrearsQueryOf, arrearsWorkbook, revealOwnerPhone } from "../arrears.ts";

export async function arrearsRoutes(app: FastifyInstance): Promise<void> {
  route(app, operations.queryArrears, async ({ body, session }) => arrearsPage(app.db, session, arrearsQueryOf(body)));
  route(app, operations.revealArrearsOwnerPhone, async ({ params, session, request }) => revealOwnerPhone(app.db, session, params.roomId, request.ip));
  route(app, operations.exportArrears, async ({ query, session, reply }) => {
    const file = await arrearsWorkbook(app.db, session, arrearsQueryOf(query, 100_000));
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(texts.arrears.file)}`)
      .send(file);
  });
}
