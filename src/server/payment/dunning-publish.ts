// Publishing dunning notices to residents (generate with publish): each new dunning notice becomes a
// published notice (公告类型 催缴通知) addressed to its room only (notices.roomId, see
// room-notices.ts), whose content is the notice's text followed by its unpaid bills, and the dunning
// notice keeps the notice's id. Runs in the dunning step's transaction, for the notices that step made;
// a notice a later run of the month updated has its published notice updated with it.
// Notices generated without publish are published later, chosen on the list (publishLater): the same
// notice per room, by the user who publishes; those already published are skipped and counted.
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { audit, CODES, notFound, refused, say } from "./common.ts";
import { sql } from "../platform/db/sql.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { NoticePublishStatus, NoticeType } from "../../../generated/states.ts";

const MAX_CONTENT = 5000;

export interface DunningBill {
  billNo: string;
  itemName: string;
  period: string;
  dueDate: string;
  /** Yuan text. */
  outstanding: string;
}

/** The residents' text: the dunning notice's text, then one line per unpaid bill. */
export function publishedContent(text: string, bills: DunningBill[]): string {
  const lines = bills.map((b) => say("dunningBillLine", { period: b.period, itemName: b.itemName, amount: b.outstanding, billNo: b.billNo, dueDate: String(b.dueDate).slice(0, 10) }));
  return [text, "", say("dunningBillsHeading"), ...lines].join("\n").slice(0, MAX_CONTENT);
}

/** One notice per given room of the task, published now by the task's user, linked from its dunning notice. */
export async function publishDunningNotices(
  tx: DbSession,
  p: { tenantId: number; communityId: number; userId: number | null; taskId: number; title: string },
  notices: { roomId: number; content: string }[],
): Promise<void> {
  if (!notices.length) return;
  const roomIds = notices.map((n) => n.roomId);
  const contents = notices.map((n) => n.content);
  await tx.query(
    sql`with made as (
       insert into notices (tenant_id, community_id, title, notice_type, content, publish_status, publish_time, publisher_id, pinned, room_id, created_by, updated_by)
       select ${p.tenantId}, ${p.communityId}, ${p.title}, ${NoticeType.PaymentReminder}, u.content, ${NoticePublishStatus.Published}, now(), ${p.userId}, false, u.room_id,
              ${p.userId}, ${p.userId}
         from unnest(${roomIds}::bigint[], ${contents}::text[]) as u(room_id, content)
       returning id, room_id
     )
     update dunning_notices d set published_notice_id = made.id from made
      where d.tenant_id = ${p.tenantId} and d.task_id = ${p.taskId} and d.room_id = made.room_id`,
  );
}

/** Published notices of dunning notices a later run updated: their residents read the new figures. */
export async function republishDunningNotices(tx: DbSession, tenantId: number, notices: { noticeId: number; title: string; content: string }[]): Promise<void> {
  if (!notices.length) return;
  await tx.query(
    sql`update notices n set title = u.title, content = u.content, publish_time = now(), updated_at = now(), version = n.version + 1
          from unnest(${notices.map((x) => x.noticeId)}::bigint[], ${notices.map((x) => x.title)}::text[], ${notices.map((x) => x.content)}::text[]) as u(id, title, content)
         where n.tenant_id = ${tenantId} and n.id = u.id`,
  );
}

/**
 * Publishes the chosen notices not yet published (one transaction; the rows are locked, so two calls
 * at once publish each notice once). Refused when none is left to publish or without the notice
 * centre's code.
 */
export async function publishLater(tx: DbSession, session: SessionInfo, ip: string | null, ids: readonly number[]): Promise<{ published: number; skipped: number }> {
  if (!session.authorities.includes(resourceByName.notices.code)) throw refused("dunningPublishNoPermission", "ids");
  // The operation's validator refused an empty list and one over 500 ids.
  const chosen = [...new Set(ids)];
  const { rows } = await tx.query<{
    id: string | number;
    community_id: string | number;
    room_id: string | number;
    title: string;
    content: string;
    bills: DunningBill[] | null;
    published_notice_id: string | number | null;
  }>(
    sql`select id, community_id, room_id, title, content, bills, published_notice_id from dunning_notices
         where tenant_id = ${session.tenantId} and id = any(${chosen}::bigint[]) order by id for update`,
  );
  if (rows.length !== chosen.length) throw notFound();
  const open = rows.filter((r) => r.published_notice_id === null);
  if (!open.length) throw refused("dunningAllPublished", "ids");
  for (const r of open) {
    const made = await tx.query<{ id: string | number }>(
      sql`insert into notices (tenant_id, community_id, title, notice_type, content, publish_status, publish_time, publisher_id, pinned, room_id, created_by, updated_by)
          values (${session.tenantId}, ${Number(r.community_id)}, ${r.title}, ${NoticeType.PaymentReminder}, ${publishedContent(r.content, r.bills ?? [])}, ${NoticePublishStatus.Published}, now(),
                  ${session.userId}, false, ${Number(r.room_id)}, ${session.userId}, ${session.userId})
          returning id`,
    );
    await tx.query(sql`update dunning_notices set published_notice_id = ${Number(made.rows[0].id)}, updated_by = ${session.userId}, updated_at = now(), version = version + 1
                        where tenant_id = ${session.tenantId} and id = ${Number(r.id)}`);
  }
  const result = { published: open.length, skipped: rows.length - open.length };
  await audit(tx, session, ip, "dunningNotices", "publish", null, { ids: open.map((r) => Number(r.id)), ...result }, CODES.report);
  return result;
}
