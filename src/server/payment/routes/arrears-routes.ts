// Arrears (欠费管理), read-only:
//   POST {property}/arrears/actions/pageList {communityId?, buildingId?, paymentItemId?, bucket?, roomNo?, pageNo, pageSize}
//        -> {list: [{roomId, communityName, buildingName, roomNo, amountOwed, billCount, oldestPeriod, daysPastDue, bucket, bucketLabel}], total, totalOwed, pageNo, pageSize, today}
//   GET  {property}/arrears/actions/export?communityId=&buildingId=&paymentItemId=&bucket=&roomNo=  -> .xlsx
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope.ts";
import { sessionOf } from "../../auth/guard.ts";
import { bodyOf, queryOf } from "../../http/request-input.ts";
import { CODES } from "../common.ts";
import { arrearsPage, arrearsQueryOf, arrearsWorkbook } from "../arrears.ts";

export async function arrearsRoutes(app: FastifyInstance): Promise<void> {
  const report = { config: { authority: CODES.report } };
  app.post("/api/property/arrears/actions/pageList", report, async (request) => ok(await arrearsPage(app.db, sessionOf(request), arrearsQueryOf(bodyOf(request)))));
  app.get("/api/property/arrears/actions/export", report, async (request, reply) => {
    const file = await arrearsWorkbook(app.db, sessionOf(request), arrearsQueryOf(queryOf(request), 100_000));
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent("欠费管理.xlsx")}`)
      .send(file);
  });
}
