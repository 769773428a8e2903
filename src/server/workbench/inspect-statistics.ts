// 巡检统计 (/inspect/report/statistical, RETAIL_AUTH_04023): charts over the daily plan reports
// (inspectPlanReports) of the session's tenant, for one community or all:
//   GET {property}/inspectPlanReports/actions/statistics?communityId=&days=30 (7–365)
//       -> {totals: {total, done, abnormal, completionRate (0–100, one decimal)},
//           days: [{date, total, done, abnormal}] (every day of the period, oldest first),
//           plans: [{planId, planName, total, done, abnormal, averageScore}] (by abnormal, then name)}
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../http/operation.ts";
import { ownCommunity } from "../auth/access.ts";
import { chinaDays } from "../../common/china-time.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql, when } from "../db/sql.ts";

export const rate = (done: number, total: number) => (total ? Math.round((done * 1000) / total) / 10 : 0);

export async function inspectStatisticsModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getInspectStatistics, async ({ query, session }) => {
    const communityId = query.communityId ?? null;
    if (communityId !== null) await ownCommunity(app.db, session, communityId);
    const length = Math.min(365, Math.max(7, query.days || 30));
    const { days } = chinaDays(new Date(), length);
    const where = sql`r.tenant_id = ${session.tenantId} and r.report_date >= ${days[0]}::date ${when(communityId !== null, () => sql`and r.community_id = ${communityId}`)}`;

    const perDay = await app.db.query<{ date: string; total: number; done: number; abnormal: number }>(
      sql`select r.report_date::text as date, sum(r.total_tasks)::int as total, sum(r.done_tasks)::int as done, sum(r.abnormal_tasks)::int as abnormal
         from inspect_plan_reports r where ${where} group by 1`,
    );
    const byDate = new Map(perDay.rows.map((d) => [d.date, d]));
    const series = days.map((date) => ({ date, total: Number(byDate.get(date)?.total ?? 0), done: Number(byDate.get(date)?.done ?? 0), abnormal: Number(byDate.get(date)?.abnormal ?? 0) }));

    const plans = await camelRows<{ planId: number; planName: string | null; total: number; done: number; abnormal: number; averageScore: string | null }>(
      app.db,
      sql`select r.plan_id, p.name as plan_name, sum(r.total_tasks)::int as total, sum(r.done_tasks)::int as done,
              sum(r.abnormal_tasks)::int as abnormal, round(avg(r.average_score), 2)::text as average_score
         from inspect_plan_reports r left join inspect_plans p on p.tenant_id = r.tenant_id and p.id = r.plan_id
        where ${where} group by 1, 2 order by abnormal desc, 2`,
    );
    const total = series.reduce((s, d) => s + d.total, 0);
    const done = series.reduce((s, d) => s + d.done, 0);
    const abnormal = series.reduce((s, d) => s + d.abnormal, 0);
    return {
      totals: { total, done, abnormal, completionRate: rate(done, total) },
      days: series,
      plans: plans.map((p) => ({ ...p, total: Number(p.total), done: Number(p.done), abnormal: Number(p.abnormal) })),
    };
  });
}
