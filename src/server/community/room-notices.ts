// Notices addressed to one room (notices.roomId; the decision in docs/decisions.md "Room-targeted
// notices"): a community-wide notice (no room) is read by every resident of its community, a
// room-targeted one by that room's residents only.
//   GET {property}/notices/actions/roomNoticeList?roomId -> {roomId, list} what the room's residents
//       see: live (published, not expired) notices of its community without a room or addressed to it.
// The generic write path checks that a notice's room is of the notice's community (hooks afterWrite).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { messages } from "../../../generated/errors.ts";
import type { ListRoomNoticesData } from "../../../generated/operation-types.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import type { DbSession } from "../db/types.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql } from "../db/sql.ts";
import { NoticePublishStatus } from "../../../generated/states.ts";

/** SQL condition (on notices aliased n) of a notice the residents read now. */
const LIVE_NOTICE_SQL = sql`n.publish_status = ${NoticePublishStatus.Published} and (n.expire_time is null or n.expire_time > now())`;

async function checkNoticeRoom(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const { rows } = await tx.query(
    sql`select 1 from notices n join rooms r on r.tenant_id = n.tenant_id and r.id = n.room_id
      where n.tenant_id = ${session.tenantId} and n.id = ${id} and r.community_id <> n.community_id`,
  );
  if (rows.length) throw validationError([{ field: "roomId", message: messages.roomNotInCommunity }]);
}

export async function roomNoticesModule(app: FastifyInstance): Promise<void> {
  registerResourceHooks("notices", { afterWrite: (tx, session, id) => checkNoticeRoom(tx, session, id) });

  route(app, operations.listRoomNotices, async ({ query, session }) => {
    const roomId = query.roomId;
    const [room] = await camelRows<{ communityId: number }>(app.db, sql`select community_id from rooms where tenant_id = ${session.tenantId} and id = ${roomId}`);
    if (!room) throw apiError("NOT_FOUND");
    const rows = await camelRows<ListRoomNoticesData["list"][number]>(
      app.db,
      sql`select n.id, n.title, n.notice_type, n.content, n.publish_time, coalesce(n.pinned, false) as pinned, n.room_id
         from notices n
        where n.tenant_id = ${session.tenantId} and n.community_id = ${room.communityId} and (n.room_id is null or n.room_id = ${roomId}) and ${LIVE_NOTICE_SQL}
        order by coalesce(n.pinned, false) desc, n.publish_time desc nulls last, n.id desc limit 200`,
    );
    return { roomId, list: rows };
  });
}
