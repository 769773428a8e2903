// Publishing dunning notices to residents (generate with publish): each new dunning notice becomes a
// published notice (公告类型 催缴通知) addressed to its room only (notices.roomId, see
// room-notices.ts), whose content is the notice's text followed by its unpaid bills, and the dunning
// notice keeps the notice's id. Runs in the dunning step's transaction, for the notices that step made.
import type { DbSession } from "../db/types.ts";
import { say } from "./common.ts";
import { sql } from "../db/sql.ts";
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
