// 入住审核 (/property/roomAudit, HBL07001): the flow is declared in schemas/modules/property.yaml
// (roomAuditOrders actions approve / reject, only from 待审核); this module adds what approving
// means, inside the action's transaction (crud/actions.ts):
//   - the applicant becomes an inhabitant of the room: an inhabitant of that room with the same
//     phone is bound as it is, else one is created from the request (name, phone, ID card,
//     identity, moved in today), checked by the inhabitants' own rules;
//   - a room holds at most its maxResidents inhabitants (spec §5 residents per room);
//   - the request keeps the inhabitant it produced (inhabitantId).
// Reject needs its reason (the schema's required input). Either way the auditor and time are kept.
import type { FastifyInstance } from "fastify";
import { resourceByName } from "../../../generated/resources.ts";
import type { InhabitantsRow, RoomAuditOrdersRow } from "../../../generated/types.ts";
import { messages } from "../../../generated/errors.ts";
import { validateResource } from "../../common/validate.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { registerResourceHooks, type ActionHookContext } from "../crud/hooks.ts";
import { buildModel } from "../crud/model.ts";
import { insertRow } from "../crud/insert.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { chinaDay } from "../../common/china-time.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import { sql } from "../platform/db/sql.ts";
import { queueResidentsCreated } from "../webhooks/public.ts";

const inhabitants = buildModel(resourceByName.inhabitants);

async function approve({ tx, session, row: order, columns }: ActionHookContext): Promise<void> {
  // The hook gets the order as the API shows it: a roomAuditOrders row.
  const row = order as Partial<RoomAuditOrdersRow>;
  const room = await camelRows<{ communityId: number; maxResidents: number | null; residents: number }>(
    tx,
    sql`select r.community_id, r.max_residents,
            (select count(*)::int from inhabitants i where i.tenant_id = r.tenant_id and i.room_id = r.id) as residents
       from rooms r where r.tenant_id = ${session.tenantId} and r.id = ${row.roomId ?? null} for update`,
  );
  if (!room[0]) throw validationError([{ field: "roomId", message: messages.auditRoomMissing }]);
  const { communityId, maxResidents, residents } = room[0];
  // The inhabitant joins the request's own community: a room of another one (a request stored before
  // the database refused such references) is refused like a new one would be.
  if (communityId !== row.communityId) {
    throw validationError([{ field: "roomId", message: fillMessage.refOutsideCommunity({ target: resourceByName.rooms.label, scene: session.sceneName }) }]);
  }

  const existing = await tx.query<{ id: number }>(sql`select id from inhabitants where tenant_id = ${session.tenantId} and room_id = ${row.roomId} and phone = ${row.phone} order by id limit 1`);
  let inhabitantId = existing.rows[0]?.id;
  if (inhabitantId === undefined) {
    if (maxResidents !== null && residents >= maxResidents) {
      throw apiError("ILLEGAL_STATE", { message: fillMessage.auditRoomFull({ max: maxResidents }) });
    }
    const values = {
      name: row.applicantName,
      phone: row.phone,
      roomId: row.roomId,
      identity: row.identity ?? 1,
      moveInDate: chinaDay(),
      communityId,
      ...(row.idCard ? { idCard: row.idCard } : {}),
    } satisfies Partial<InhabitantsRow>;
    const errors = validateResource("inhabitants", "create", values, session.sceneName);
    if (errors.length) throw validationError(errors);
    inhabitantId = await insertRow(tx, inhabitants, session, values, { communityId });
    await queueResidentsCreated(tx, session.tenantId, [inhabitantId]);
    await writeOperationLog(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip: null,
      resource: "inhabitants",
      action: "create",
      operationCode: resourceByName.roomAuditOrders.code,
      targetId: inhabitantId,
      detail: { fromRoomAuditOrder: row.id },
    });
  }
  columns.set("inhabitant_id", inhabitantId);
}

export async function roomAuditModule(_app: FastifyInstance): Promise<void> {
  registerResourceHooks("roomAuditOrders", { beforeAction: { approve } });
}
