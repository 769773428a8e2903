// The statements behind the patrol check-ins operation (check-ins-routes.ts): the check-ins the plans
// of one community expect over a date range, against the patrol records.
import type { QueryPatrolCheckInsBody, QueryPatrolCheckInsData } from "../../../generated/operation-types.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { messages } from "../../../generated/errors.ts";
import { PatrolCheckInStatus, PatrolResult } from "../../../generated/states.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { anyOf, sql, when } from "../platform/db/sql.ts";
import { pageArgs } from "../platform/http/page-args.ts";
import { daysBetween, isCalendarDay, planShifts } from "./expected.ts";

/** The longest date range one request may ask for, in days. */
export const MAX_RANGE_DAYS = 31;
/** The patrol type of the online pages (spec §4 "patrol paths set 1"). */
const ONLINE_PATROL = 1;

type CheckIn = QueryPatrolCheckInsData["list"][number];

interface PlanRow {
  planId: number;
  planName: string;
  cycle: number;
  pointIds: unknown;
  startDate: string;
  endDate: string | null;
  arrangeId: number;
  arrangeName: string;
  shiftStart: string;
  shiftEnd: string;
  weekdays: unknown;
  userId: number | null;
  username: string | null;
}

interface RecordRow {
  id: number;
  planId: number | null;
  pointId: number;
  patrolTime: string;
  userId: number | null;
  username: string | null;
  result: number;
}

const refused = (field: string, message: string) => validationError([{ field, message }]);

/** The checked date range: real days, in order, at most MAX_RANGE_DAYS long. */
function dateRange(body: QueryPatrolCheckInsBody): string[] {
  if (!isCalendarDay(body.startDate)) throw refused("startDate", messages.patrolStartDateInvalid);
  if (!isCalendarDay(body.endDate)) throw refused("endDate", messages.patrolEndDateInvalid);
  if (body.startDate > body.endDate) throw refused("endDate", messages.patrolDateOrder);
  const days = daysBetween(body.startDate, body.endDate);
  if (days.length > MAX_RANGE_DAYS) throw refused("endDate", fillMessage.patrolRangeTooLong({ max: MAX_RANGE_DAYS }));
  return days;
}

/** The community's enabled plans of the patrol type running in the range, with their enabled arrangements. */
async function plansOf(db: DbSession, tenantId: number, communityId: number, patrolType: number, planId: number | null, from: string, to: string): Promise<PlanRow[]> {
  return camelRows<PlanRow>(
    db,
    sql`select p.id as plan_id, p.name as plan_name, p.cycle, p.point_ids, p.start_date::text as start_date, p.end_date::text as end_date,
               a.id as arrange_id, a.name as arrange_name, a.start_time as shift_start, a.end_time as shift_end, a.weekdays,
               a.user_id, u.username
          from patrol_plans p
          join patrol_arranges a on a.tenant_id = p.tenant_id and a.id = p.arrange_id and a.enabled
          left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
         where p.tenant_id = ${tenantId} and p.community_id = ${communityId} and p.patrol_type = ${patrolType} and p.enabled
           and p.start_date <= ${to}::date and (p.end_date is null or p.end_date >= ${from}::date)
           ${when(planId !== null, () => sql`and p.id = ${planId}`)}
         order by p.id`,
  );
}

/** The ids of a plan's route as stored (json), in order, each once. */
function routeIds(stored: unknown): number[] {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.map((v) => Number(v)).filter((v) => Number.isSafeInteger(v) && v > 0))];
}

export async function patrolCheckIns(db: DbSession, session: SessionInfo, body: QueryPatrolCheckInsBody, now = new Date()): Promise<QueryPatrolCheckInsData> {
  const days = dateRange(body);
  const { pageNo, pageSize, offset } = pageArgs(body);
  const { tenantId } = session;
  const communityId = body.communityId;
  const patrolType = body.patrolType ?? ONLINE_PATROL;
  const planId = body.planId ?? null;
  if (planId !== null) {
    const { rows } = await db.query(sql`select 1 from patrol_plans where tenant_id = ${tenantId} and community_id = ${communityId} and id = ${planId}`);
    if (!rows.length) throw apiError("NOT_FOUND");
  }

  const plans = await camelRows<{ id: number; name: string }>(
    db,
    sql`select id, name from patrol_plans where tenant_id = ${tenantId} and community_id = ${communityId} and patrol_type = ${patrolType} order by name, id`,
  );
  const planRows = await plansOf(db, tenantId, communityId, patrolType, planId, days[0], days[days.length - 1]);
  // The points the plans name that are this community's and enabled (a deleted or disabled point is expected nowhere).
  const named = [...new Set(planRows.flatMap((p) => routeIds(p.pointIds)))];
  const points = named.length
    ? await camelRows<{ id: number; name: string }>(
        db,
        sql`select id, name from patrol_points where tenant_id = ${tenantId} and community_id = ${communityId} and enabled and ${anyOf(sql`id`, named)}`,
      )
    : [];
  const pointName = new Map(points.map((p) => [p.id, p.name]));

  // Every expected check-in of the range.
  const expected: CheckIn[] = [];
  for (const plan of planRows) {
    const route = routeIds(plan.pointIds).filter((id) => pointName.has(id));
    if (!route.length) continue;
    const shifts = planShifts({ cycle: plan.cycle, startDate: plan.startDate, endDate: plan.endDate, shiftStart: plan.shiftStart, shiftEnd: plan.shiftEnd, weekdays: plan.weekdays }, days);
    for (const shift of shifts) {
      route.forEach((pointId, i) =>
        expected.push({
          key: `${shift.day}-${plan.planId}-${pointId}`,
          date: shift.day,
          planId: plan.planId,
          planName: plan.planName,
          arrangeId: plan.arrangeId,
          arrangeName: plan.arrangeName,
          startTime: plan.shiftStart,
          endTime: plan.shiftEnd,
          windowStart: shift.start.toISOString(),
          windowEnd: shift.end.toISOString(),
          userId: plan.userId,
          username: plan.username,
          pointId,
          pointName: pointName.get(pointId)!,
          seq: i + 1,
          status: shift.end.getTime() <= now.getTime() ? PatrolCheckInStatus.Missed : PatrolCheckInStatus.Pending,
          recordId: null,
          patrolTime: null,
          recordUserId: null,
          recordUsername: null,
          result: null,
        }),
      );
    }
  }

  // The records that may count: the points' check-ins within the earliest and latest window.
  if (expected.length) {
    const from = expected.reduce((m, e) => (e.windowStart < m ? e.windowStart : m), expected[0].windowStart);
    const to = expected.reduce((m, e) => (e.windowEnd > m ? e.windowEnd : m), expected[0].windowEnd);
    const records = await camelRows<RecordRow>(
      db,
      sql`select r.id, r.plan_id, r.point_id, r.patrol_time, r.user_id, u.username, r.result
            from patrol_records r left join users u on u.tenant_id = r.tenant_id and u.id = r.user_id
           where r.tenant_id = ${tenantId} and r.community_id = ${communityId} and ${anyOf(sql`r.point_id`, [...pointName.keys()])}
             and r.patrol_time between ${from}::timestamptz and ${to}::timestamptz and r.result <> ${PatrolResult.Missed}
           order by r.patrol_time, r.id`,
    );
    const byPoint = new Map<number, RecordRow[]>();
    for (const r of records) byPoint.set(r.pointId, [...(byPoint.get(r.pointId) ?? []), r]);
    for (const e of expected) {
      const start = Date.parse(e.windowStart);
      const end = Date.parse(e.windowEnd);
      const hit = byPoint.get(e.pointId)?.find((r) => {
        const t = Date.parse(r.patrolTime);
        return t >= start && t <= end && (r.planId === null || r.planId === e.planId);
      });
      if (!hit) continue;
      Object.assign(e, { status: PatrolCheckInStatus.Done, recordId: hit.id, patrolTime: hit.patrolTime, recordUserId: hit.userId, recordUsername: hit.username, result: hit.result });
    }
  }

  const totals = { expected: expected.length, done: 0, missed: 0, pending: 0 };
  for (const e of expected) {
    if (e.status === PatrolCheckInStatus.Done) totals.done++;
    else if (e.status === PatrolCheckInStatus.Missed) totals.missed++;
    else totals.pending++;
  }
  // Newest day first; within a day by shift, plan and the route's order.
  const shown = (body.status ? expected.filter((e) => e.status === body.status) : expected).sort(
    (a, b) => b.date.localeCompare(a.date) || a.windowStart.localeCompare(b.windowStart) || a.planId - b.planId || a.seq - b.seq,
  );
  return { list: shown.slice(offset, offset + pageSize), total: shown.length, pageNo, pageSize, totals, plans };
}
