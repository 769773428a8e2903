// 公共区域预约 (/property/bookingCommunalArea, HBL07010): the approve / reject / use / cancel flow is
// declared in schemas/modules/property.yaml; this module keeps an area from being booked twice.
// Inside the create / update transaction (hooks afterWrite), after the row is written:
//   - the time slot reads "HH:mm-HH:mm" with the start before the end;
//   - the area must be bookable (可预约) and of the booking's community;
//   - no other pending, booked or used booking of the same area and date has an overlapping slot
//     (touching slots such as 09:00-10:00 and 10:00-11:00 do not overlap) → 409 该时段已被预约.
// The area's row is locked first (select ... for update), so two bookings of one area written at the
// same moment on PostgreSQL take turns and the second sees the first.
import type { FastifyInstance } from "fastify";
import { messages } from "../../../generated/errors.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { registerResourceHooks } from "../crud/hooks.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

/** Statuses that hold the slot (communalBookingStatus: 1 待审核, 2 已预约, 5 已使用). */
export const ACTIVE_BOOKING_STATUSES = [1, 2, 5];

/** "09:00-11:00" → minutes [540, 660], or null when it is not such a slot. */
export function parseTimeSlot(text: string): [number, number] | null {
  const m = /^\s*([01]\d|2[0-3]):([0-5]\d)\s*[-~～—至]\s*([01]\d|2[0-4]):([0-5]\d)\s*$/.exec(text);
  if (!m) return null;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return start < end && end <= 24 * 60 ? [start, end] : null;
}

export const slotsOverlap = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

interface BookingRow {
  communityId: number;
  communalAreaId: number;
  bookingDate: string;
  timeSlot: string;
  status: number;
}

async function checkBooking(tx: DbSession, session: SessionInfo, id: number): Promise<void> {
  const rows = await camelRows<BookingRow>(
    tx,
    sql`select community_id, communal_area_id, booking_date::text as booking_date,
            time_slot, status
       from communal_area_bookings where tenant_id = ${session.tenantId} and id = ${id}`,
  );
  const booking = rows[0];
  if (!booking) return;
  const slot = parseTimeSlot(booking.timeSlot);
  if (!slot) throw validationError([{ field: "timeSlot", message: messages.bookingSlotInvalid }]);

  const area = await camelRows<{ communityId: number; bookable: boolean | null }>(
    tx,
    sql`select community_id, bookable from communal_areas where tenant_id = ${session.tenantId} and id = ${booking.communalAreaId} for update`,
  );
  const a = area[0];
  if (!a || Number(a.communityId) !== Number(booking.communityId)) throw validationError([{ field: "communalAreaId", message: messages.bookingAreaMissing }]);
  if (a.bookable === false) throw validationError([{ field: "communalAreaId", message: messages.bookingAreaNotBookable }]);
  if (!ACTIVE_BOOKING_STATUSES.includes(Number(booking.status))) return;

  const others = await camelRows<{ timeSlot: string }>(
    tx,
    sql`select time_slot from communal_area_bookings
      where tenant_id = ${session.tenantId} and communal_area_id = ${booking.communalAreaId} and booking_date = ${booking.bookingDate}::date and id <> ${id} and status = any(${ACTIVE_BOOKING_STATUSES}::int[])`,
  );
  for (const other of others) {
    const taken = parseTimeSlot(other.timeSlot);
    if (taken && slotsOverlap(slot, taken)) throw apiError("BOOKING_CONFLICT");
  }
}

export async function communalBookingsModule(_app: FastifyInstance): Promise<void> {
  registerResourceHooks("communalAreaBookings", {
    afterWrite: (tx, session, id) => checkBooking(tx, session, id),
    afterAction: { approve: ({ tx, session, id }) => checkBooking(tx, session, id), use: ({ tx, session, id }) => checkBooking(tx, session, id) },
  });
}
