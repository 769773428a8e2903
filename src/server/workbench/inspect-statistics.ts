// 巡检统计: the daily plan reports (inspectPlanReports) of the session's tenant, for one community or
// all, counted per day and per plan. The operation: inspect-statistics-routes.ts.
import { chinaDays } from "../../common/china-time.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { DbSession } from "../platform/db/types.ts";
import { sql, when } from "../platform/db/sql.ts";

export const rate = (done: number, total: number) => (total ? Math.round((done * 1000) / total) / 10 : 0);

/** The statistics of the last `days` days (7–365, default 30), of one community or (null) all. */
export async function inspectStatistics(db: DbSession, tenantId: number, communityId: number | null, days: number | undefined) {
  const length = Math.min(365, Math.max(7, days || 30));
  const period = chinaDays(new Date(), length).days;
  const where = sql`r.tenant_id = ${tenantId} and r.report_date >= ${period[0]}::date ${when(communityId !== null, () => sql`and r.community_id = ${communityId}`)}`;

  const perDay = await db.query<{ date: string; total: number; done: number; abnormal: number }>(
    sql`select r.report_date::text as date, sum(r.total_tasks)::int as total, sum(r.done_tasks)::int as done, sum(r.abnormal_tasks)::int as abnormal
       from inspect_plan_reports r where ${where} group by 1`,
  );
  const byDate = new Map(perDay.rows.map((d) => [d.date, d]));
  const series = period.map((date) => ({ date, total: byDate.get(date)?.total ?? 0, done: byDate.get(date)?.done ?? 0, abnormal: byDate.get(date)?.abnormal ?? 0 }));

  const plans = await camelRows<{ planId: number; planName: string | null; total: number; done: number; abnormal: number; averageScore: string | null }>(
    db,
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
    plans,
  };
}
