// A rented place (出租) billed monthly names its room (关联房屋) and its rent item (月租缴费项目): the
// bills of that room and item are the place's (paid-until.ts), so a room has at most one rented
// place per rent item (40055), and a place billed monthly needs its room (40056). A vehicle bound to a
// place shows the place's 月租缴至 as its own.
import { ParkingPlaceStatus } from "../../../generated/states.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";

async function checkRent(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const rows = await camelRows<{ roomId: number | null; rentItemId: number | null; taken: boolean }>(
    tx,
    sql`select p.room_id, p.rent_item_id,
               exists (select 1 from parking_places o where o.tenant_id = p.tenant_id and o.room_id = p.room_id and o.rent_item_id = p.rent_item_id
                          and o.status = ${ParkingPlaceStatus.Rented} and o.id <> p.id) as taken
          from parking_places p where p.tenant_id = ${session.tenantId} and p.id = ${id} and p.status = ${ParkingPlaceStatus.Rented} and p.rent_item_id is not null`,
  );
  const place = rows[0];
  if (!place) return;
  if (place.roomId === null) throw apiError("PARKING_RENT_NEEDS_ROOM");
  if (place.taken) throw apiError("PARKING_RENT_ITEM_TAKEN");
}

/** A vehicle's 月租缴至 is its bound place's: taken when it is bound to another place, or none. */
async function takePlaceDate(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  await tx.query(
    sql`update licence_plates v set paid_until = p.paid_until
          from licence_plates o left join parking_places p on p.tenant_id = o.tenant_id and p.id = o.parking_place_id
         where o.tenant_id = ${session.tenantId} and o.id = ${id} and v.tenant_id = o.tenant_id and v.id = o.id and v.paid_until is distinct from p.paid_until`,
  );
}

export function registerParkingPlaceHooks(): void {
  registerResourceHooks("parkingPlaces", { afterWrite: (tx, session, id) => checkRent(tx, session, id) });
  registerResourceHooks("licencePlates", { afterWrite: (tx, session, id) => takePlaceDate(tx, session, id) });
}
