// 巡更完成情况 (/patrolManage/patrolCheckIns and its offline variant, HBL20007): the check-ins the
// plans of one community expect over a date range, against the patrol records:
//   POST {property}/patrolRecords/actions/checkIns {communityId, startDate, endDate (≤ 31 days),
//        planId?, status?, patrolType? (default 1), pageNo?, pageSize?}
//     -> {list: [{key, date, plan, arrangement, guard, point, seq, status, the record counted}], total,
//         pageNo, pageSize, totals: {expected, done, missed, pending}, plans: [{id, name}]}
// What a plan expects is expected.ts; a point is 已巡 when a record of it (result 正常 or 异常; a
// device's 漏巡 report is no check-in) falls within the window, inclusive, and names this plan or
// none — the earliest such record counts; 漏检 once the window has ended without one; 待巡 before.
// Nothing is stored: the expected check-ins are computed from the plans as they are now.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { patrolCheckIns } from "./check-ins.ts";

export async function patrolCheckInsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.queryPatrolCheckIns, async ({ body, session }) => patrolCheckIns(app.db, session, body));
}
