// Publishing dunning notices to residents (generate with publish): each new dunning notice becomes a
// published notice (公告类型 催缴通知) addressed to its room only (notices.roomId, see
// room-notices.ts), whose content is the notice's text followed by its unpaid bills, and the dunning
// notice keeps the notice's id. Runs in the dunning step's transaction, for the notices that step made.
import type { DbSession } from "../db/types.ts";
import { say } from "./common.ts";

/** noticeType of a notice published from a dunning notice (mapping noticeType). */
const DUNNING_NOTICE_TYPE = 5;
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
  await tx.query(
    `with made as (
       insert into notices (tenant_id, community_id, title, notice_type, content, publish_status, publish_time, publisher_id, pinned, room_id, created_by, updated_by)
       select $1, $2, $3, $4, u.content, 1, now(), $5, false, u.room_id, $5, $5
         from unnest($7::bigint[], $8::text[]) as u(room_id, content)
       returning id, room_id
     )
     update dunning_notices d set published_notice_id = made.id from made
      where d.tenant_id = $1 and d.task_id = $6 and d.room_id = made.room_id`,
    [p.tenantId, p.communityId, p.title, DUNNING_NOTICE_TYPE, p.userId, p.taskId, notices.map((n) => n.roomId), notices.map((n) => n.content)],
  );
}
