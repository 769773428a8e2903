// Notices addressed to one room (notices.roomId; the decision in docs/decisions.md "Room-targeted
// notices"): a community-wide notice (no room) is read by every resident of its community, a
// room-targeted one by that room's residents only.
//   GET {property}/notices/actions/roomNoticeList?roomId -> {roomId, list} what the room's residents
//       see: live (published, not expired) notices of its community without a room or addressed to it.
// The generic write path checks that a notice's room is of the notice's community (hooks afterWrite).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { route } from "../platform/http/operation.ts";
import { checkNoticeRoom, roomNotices } from "./room-notices.ts";

export async function roomNoticesModule(app: FastifyInstance): Promise<void> {
  registerResourceHooks("notices", { afterWrite: (tx, session, id) => checkNoticeRoom(tx, session, id) });

  route(app, operations.listRoomNotices, async ({ query, session }) => roomNotices(app.db, session.tenantId, query.roomId));
}
