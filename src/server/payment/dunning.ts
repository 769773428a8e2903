// Dunning notices (催缴通知), made in batch by a background task: the scope (a community, some of its
// buildings or chosen rooms) is walked in steps of 500 rooms, one transaction each (the notices and
// the task's cursor commit together, so a resumed task neither repeats nor skips a room; notice
// numbers CJ{task}R{room} are unique besides). A room gets a notice when it is in arrears (arrears.ts:
// approved bills past due still owed, late fees as of the task's day); the notice keeps those bills
// as they were, the total and the template's text with the room's figures filled in. With publish,
// each notice is also published to its room's residents (dunning-publish.ts); that needs the notice
// centre's code besides, checked when the task is asked for.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { checkRule } from "../../common/validate.ts";
import { fenToYuan } from "../../common/money.ts";
import { chinaDay } from "../../common/china-time.ts";
import { enqueueTask, findTask, finishTask } from "../platform/tasks/store.ts";
import { registerTaskHandler, type StepContext, type TaskHandler } from "../platform/tasks/runner.ts";
import { registerTaskSummary } from "../tasks/task-centre.ts";
import { audit, CODES, fen, notFound, optionalIds, refused, ruleBroken, say } from "./common.ts";
import type { GenerateDunningNoticesBody, PrintDunningNoticeResult } from "../../../generated/operation-types.ts";
import { owedSql, roomOwner } from "./arrears.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { publishDunningNotices, publishedContent, republishDunningNotices, type DunningBill } from "./dunning-publish.ts";
import { texts } from "../../../generated/texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { allOf, anyOf, raw, sql, type Sql } from "../platform/db/sql.ts";
import { BillStatus } from "../../../generated/states.ts";

export const DUNNING_TASK = "dunningNotices";
const STEP = 500;

export const DEFAULT_TITLE = texts.dunning.title;
export const DEFAULT_TEMPLATE = texts.dunning.body;

interface DunningPayload {
  communityId: number;
  buildingIds: number[] | null;
  roomIds: number[] | null;
  title: string;
  template: string;
  day: string;
  /** Also publish each notice to its room's residents (absent in tasks made before publishing existed). */
  publish?: boolean;
}

/** The generate call's input, checked (the one place it is read); `communityId` is the tenant's community the caller checked. */
function dunningRequestOf(session: SessionInfo, communityId: number, body: GenerateDunningNoticesBody): DunningPayload {
  // The operation's validator refused a title over 64 characters and a template over 1000.
  const title = typeof body.title === "string" && body.title.trim() ? body.title.trim() : DEFAULT_TITLE;
  const titleProblem = checkRule("cjkText", title);
  if (titleProblem) throw ruleBroken(titleProblem, "title");
  const template = typeof body.template === "string" && body.template.trim() ? body.template.trim() : DEFAULT_TEMPLATE;
  const problem = checkRule("noEmoji", template);
  if (problem) throw ruleBroken(problem, "template");
  const publish = body.publish === true;
  if (publish && !session.authorities.includes(resourceByName.notices.code)) throw refused("dunningPublishNoPermission", "publish");
  return { communityId, buildingIds: optionalIds(body.buildingIds), roomIds: optionalIds(body.roomIds), title, template, day: chinaDay(), publish };
}

/** The rooms `r` of the scope, as a condition. */
function scopeSql(p: DunningPayload): Sql {
  const conditions = [sql`r.community_id = ${p.communityId}`];
  if (p.buildingIds) conditions.push(anyOf(sql`r.building_id`, p.buildingIds));
  if (p.roomIds) conditions.push(anyOf(sql`r.id`, p.roomIds));
  return allOf(conditions);
}

/**
 * Creates the task (the rooms in scope are its total); the worker makes the notices. `communityId`:
 * the tenant's community, checked by the caller (the operation's scope guard, or the demo seed's own).
 */
export async function startDunning(tx: DbSession, session: SessionInfo, ip: string | null, communityId: number, body: GenerateDunningNoticesBody) {
  const payload = dunningRequestOf(session, communityId, body);
  const { rows } = await tx.query<{ n: number }>(sql`select count(*)::int as n from rooms r where r.tenant_id = ${session.tenantId} and ${scopeSql(payload)}`);
  if (!rows[0].n) throw refused("noRoomsInScope", "roomIds");
  const task = await enqueueTask(tx, { tenantId: session.tenantId, userId: session.userId, type: DUNNING_TASK, name: say("dunningTaskName", { day: payload.day }), total: rows[0].n, payload });
  await audit(tx, session, ip, "dunningNotices", "generate", task.id, { communityId: payload.communityId, rooms: rows[0].n, publish: payload.publish }, CODES.report);
  return { taskId: task.id, total: rows[0].n };
}

const fill = (template: string, v: Record<string, string>) => template.replace(/\{(owner|room|date|count|amount|period)\}/g, (_m, k: string) => v[k] ?? "");

/** One step: the next rooms of the scope after `afterRoomId`; returns how many were scanned and the last id. */
export async function dunningStep(tx: DbSession, tenantId: number, userId: number | null, taskId: number, p: DunningPayload, afterRoomId: number) {
  const { rows } = await tx.query<{ id: number; label: string; owner: string | null; owed: string | null; bills: (Omit<DunningBill, "outstanding"> & { outstanding: number })[] | null }>(
    sql`with cand as (
       select r.id, r.full_name as label, o.name as owner from rooms r left join lateral (${roomOwner(tenantId, raw("r.id"))}) o on true
        where r.tenant_id = ${tenantId} and r.id > ${afterRoomId} and ${scopeSql(p)} order by r.id limit ${STEP}
     ), owed as (
       select b.room_id, b.bill_no, i.name as item_name, b.period, b.due_date, (${owedSql(p.day)}) as owed
         from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
        where b.tenant_id = ${tenantId} and b.room_id in (select id from cand) and b.status in (${BillStatus.Approved}, ${BillStatus.PartlyPaid}) and b.due_date < ${p.day}::date
     )
     select c.id, c.label, c.owner, sum(o.owed) filter (where o.owed > 0)::bigint as owed,
            json_agg(json_build_object('billNo', o.bill_no, 'itemName', o.item_name, 'period', o.period, 'dueDate', o.due_date, 'outstanding', o.owed) order by o.period, o.bill_no)
              filter (where o.owed > 0) as bills
       from cand c left join owed o on o.room_id = c.id group by c.id, c.label, c.owner order by c.id`,
  );
  const owing = rows.filter((r) => fen(r.owed) > 0 && r.bills?.length);
  if (owing.length) {
    const values = owing.map((r) => {
      const bills: DunningBill[] = r.bills!.map((b) => ({ ...b, outstanding: fenToYuan(fen(b.outstanding)) }));
      const oldest = bills.reduce((m, b) => (b.period < m ? b.period : m), bills[0].period);
      return {
        roomId: Number(r.id),
        noticeNo: `CJ${taskId}R${r.id}`,
        content: fill(p.template, { owner: r.owner ?? "", room: r.label, date: p.day, count: String(bills.length), amount: fenToYuan(fen(r.owed)), period: oldest }).slice(0, 2000),
        amount: fen(r.owed),
        count: bills.length,
        oldest,
        bills,
      };
    });
    // One notice per room and month: a room noticed earlier in the month (by this task, resumed, or
    // an earlier one) has that notice updated to this run's figures, its number kept.
    const made = await tx.query<{ room_id: number; published_notice_id: number | null }>(
      sql`insert into dunning_notices (tenant_id, community_id, notice_no, notice_month, room_id, title, content, amount_owed, bill_count, oldest_period, bills, task_id, issued_at, issuer_id, created_by, updated_by)
       select ${tenantId}, ${p.communityId}, u.notice_no, ${p.day.slice(0, 7)}, u.room_id, ${p.title}, u.content, u.amount, u.cnt, u.oldest, u.bills::jsonb, ${taskId}, now(), ${userId}, ${userId}, ${userId}
         from unnest(${values.map((v) => v.noticeNo)}::text[], ${values.map((v) => v.roomId)}::bigint[], ${values.map((v) => v.content)}::text[], ${values.map((v) => v.amount)}::bigint[],
                     ${values.map((v) => v.count)}::int[], ${values.map((v) => v.oldest)}::text[], ${values.map((v) => JSON.stringify(v.bills))}::text[]) as u(notice_no, room_id, content, amount, cnt, oldest, bills)
       on conflict (tenant_id, room_id, notice_month) do update
         set title = excluded.title, content = excluded.content, amount_owed = excluded.amount_owed, bill_count = excluded.bill_count, oldest_period = excluded.oldest_period,
             bills = excluded.bills, task_id = excluded.task_id, issued_at = excluded.issued_at, issuer_id = excluded.issuer_id, updated_by = excluded.updated_by,
             updated_at = now(), version = dunning_notices.version + 1
       returning room_id, published_notice_id`,
    );
    const published = new Map(made.rows.filter((m) => m.published_notice_id !== null).map((m) => [Number(m.room_id), Number(m.published_notice_id)]));
    // A notice already published to its residents shows them the updated figures too.
    await republishDunningNotices(
      tx,
      tenantId,
      values.filter((v) => published.has(v.roomId)).map((v) => ({ noticeId: published.get(v.roomId)!, title: p.title, content: publishedContent(v.content, v.bills) })),
    );
    if (p.publish) {
      const toPublish = values.filter((v) => !published.has(v.roomId)).map((v) => ({ roomId: v.roomId, content: publishedContent(v.content, v.bills) }));
      await publishDunningNotices(tx, { tenantId, communityId: p.communityId, userId, taskId, title: p.title }, toPublish);
    }
  }
  return { scanned: rows.length, lastId: rows.length ? Number(rows[rows.length - 1].id) : afterRoomId, notices: owing.length };
}

export const dunningHandler: TaskHandler = {
  async step(ctx: StepContext) {
    const { task, db } = ctx;
    const payload = task.payload as unknown as DunningPayload;
    const cursor = (task.cursor as { lastRoomId: number; notices: number } | null) ?? { lastRoomId: 0, notices: 0 };
    let finished = false;
    let notices = cursor.notices;
    await db.transaction(async (tx) => {
      const r = await dunningStep(tx, task.tenantId, task.userId, task.id, payload, cursor.lastRoomId);
      finished = r.scanned < STEP;
      notices += r.notices;
      await ctx.save(tx, r.scanned, { lastRoomId: r.lastId, notices });
    });
    return finished ? { finished: true, result: { notices } } : { finished: false };
  },
};

/** The whole run inside the caller's transaction (demo seed): the task, every step, completed. */
export async function dunningInline(tx: DbSession, session: SessionInfo, communityId: number, body: GenerateDunningNoticesBody): Promise<{ taskId: number; notices: number }> {
  const { taskId } = await startDunning(tx, session, null, communityId, body);
  const task = (await findTask(tx, session.tenantId, taskId))!;
  const payload = task.payload as unknown as DunningPayload;
  let after = 0;
  let notices = 0;
  let done = 0;
  for (;;) {
    const r = await dunningStep(tx, session.tenantId, session.userId, taskId, payload, after);
    notices += r.notices;
    done += r.scanned;
    after = r.lastId;
    if (r.scanned < STEP) break;
  }
  await tx.query(sql`update tasks set state = 'active', started_at = now(), done = ${done} where id = ${taskId}`);
  await finishTask(tx, taskId, "completed", { notices });
  return { taskId, notices };
}

registerTaskHandler(DUNNING_TASK, dunningHandler);
registerTaskSummary(DUNNING_TASK, (r) => say("dunningSummary", { count: Number(r.notices ?? 0) }));

/** A notice as read: what it owes in fen until shown as yuan. */
type NoticeRow = Omit<PrintDunningNoticeResult, "amountOwed" | "issuer"> & { amountOwed: number | string };

/** Notices for the print view, with their rooms' places, in the order of `ids`; any missing → 404. */
export async function dunningNoticeViews(db: DbSession, session: SessionInfo, ids: readonly number[]): Promise<PrintDunningNoticeResult[]> {
  const chosen = [...new Set(ids)];
  const rows = await camelRows<NoticeRow>(
    db,
    sql`select d.id, d.notice_no, d.title, d.content, d.amount_owed, d.bill_count, d.oldest_period,
            d.bills, d.issued_at, d.room_id, r.room_no, r.full_name as room_name, bu.name as building_name, un.name as unit_name,
            c.name as community_name
       from unnest(${chosen}::bigint[]) with ordinality as chosen(id, n)
       join dunning_notices d on d.tenant_id = ${session.tenantId} and d.id = chosen.id
       join communities c on c.tenant_id = d.tenant_id and c.id = d.community_id
       join rooms r on r.tenant_id = d.tenant_id and r.id = d.room_id
       left join buildings bu on bu.tenant_id = r.tenant_id and bu.id = r.building_id
       left join units un on un.tenant_id = r.tenant_id and un.id = r.unit_id
      order by chosen.n`,
  );
  if (rows.length !== chosen.length) throw notFound();
  return rows.map((r) => ({ ...r, amountOwed: fen(r.amountOwed), issuer: say("dunningIssuer", { communityName: r.communityName }) }));
}

/** One notice for the print view, with its room's place. */
export async function dunningNoticeView(db: DbSession, session: SessionInfo, id: number): Promise<PrintDunningNoticeResult> {
  return (await dunningNoticeViews(db, session, [id]))[0];
}
