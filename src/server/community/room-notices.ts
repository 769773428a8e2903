// The statements behind the room-targeted notices (room-notices-routes.ts): what a room's residents
// read, and the check of a notice's room on the generic write path.
import { messages } from "../../../generated/errors.ts";
import type { ListRoomNoticesData } from "../../../generated/operation-types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { NoticePublishStatus } from "../../../generated/states.ts";

/** SQL condition (on notices aliased n) of a notice the residents read now. */
const LIVE_NOTICE_SQL = sql`n.publish_status = ${NoticePublishStatus.Published} and (n.expire_time is null or n.expire_time > now())`;

/** The generic notice write's check: a notice's room is of the notice's community. */
export async function checkNoticeRoom(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const { rows } = await tx.query(
    sql`select 1 from notices n join rooms r on r.tenant_id = n.tenant_id and r.id = n.room_id
      where n.tenant_id = ${session.tenantId} and n.id = ${id} and r.community_id <> n.community_id`,
  );
  if (rows.length) throw validationError([{ field: "roomId", message: messages.roomNotInCommunity }]);
}

/** The live notices a room's residents see: its community's without a room or addressed to it; an unknown room is 404. */
export async function roomNotices(db: DbSession, tenantId: number, roomId: number) {
  const [room] = await camelRows<{ communityId: number }>(db, sql`select community_id from rooms where tenant_id = ${tenantId} and id = ${roomId}`);
  if (!room) throw apiError("NOT_FOUND");
  const rows = await camelRows<ListRoomNoticesData["list"][number]>(
    db,
    sql`select n.id, n.title, n.notice_type, n.content, n.publish_time, coalesce(n.pinned, false) as pinned, n.room_id
       from notices n
      where n.tenant_id = ${tenantId} and n.community_id = ${room.communityId} and (n.room_id is null or n.room_id = ${roomId}) and ${LIVE_NOTICE_SQL}
      order by coalesce(n.pinned, false) desc, n.publish_time desc nulls last, n.id desc limit 200`,
  );
  return { roomId, list: rows };
}
