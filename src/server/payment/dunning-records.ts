// Dunning records (催缴记录, schemas/modules/propertyPayment.yaml dunningRecords): the generic resource,
// with these steps on its write path: 催缴人 is the session user when none is chosen (on create), the
// room is of the record's community, the date is not after today and the next follow-up not before it.
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { chinaDay } from "../../common/china-time.ts";
import { refused } from "./common.ts";
import { requireRoomIn } from "./ledger.ts";
import { sql } from "../platform/db/sql.ts";

const empty = (v: unknown) => v === undefined || v === null || v === "";

async function checkRecord(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const { rows } = await tx.query<{ community_id: string | number; room_id: string | number; dunned_at: string; next_follow_up_date: string | null }>(
    sql`select community_id, room_id, dunned_at::text as dunned_at, next_follow_up_date::text as next_follow_up_date
       from dunning_records where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  const r = rows[0];
  if (!r) return;
  await requireRoomIn(tx, session.tenantId, Number(r.community_id), Number(r.room_id));
  if (r.dunned_at > chinaDay()) throw refused("dunningDateInFuture", "dunnedAt");
  if (r.next_follow_up_date !== null && r.next_follow_up_date < r.dunned_at) throw refused("dunningFollowUpBeforeDate", "nextFollowUpDate");
}

export function registerDunningRecordHooks(): void {
  registerResourceHooks("dunningRecords", {
    async beforeWrite({ mode, body, columns, session }) {
      if (mode === "create" && empty(body.collectorId)) columns.set("collector_id", session.userId);
    },
    afterWrite: (tx, session, id) => checkRecord(tx, session, id),
  });
}
