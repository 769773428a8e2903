// 巡检统计 (/inspect/report/statistical, RETAIL_AUTH_04023): charts over the daily plan reports
// (inspectPlanReports) of the session's tenant, for one community or all:
//   GET {property}/inspectPlanReports/actions/statistics?communityId=&days=30 (7–365)
//       -> {totals: {total, done, abnormal, completionRate (0–100, one decimal)},
//           days: [{date, total, done, abnormal}] (every day of the period, oldest first),
//           plans: [{planId, planName, total, done, abnormal, averageScore}] (by abnormal, then name)}
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { inspectStatistics } from "./inspect-statistics.ts";

export async function inspectStatisticsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getInspectStatistics, async ({ query, session, community }) => inspectStatistics(app.db, session.tenantId, community?.id ?? null, query.days));
}
