// A resident's rooms (table resident_rooms, docs/residents.md "Binding"):
// - by match: at sign-in (and whenever its rooms are listed) every room of the tenant where an
//   inhabitant (业主, 家属, 租客) has the resident's phone is bound;
// - by request: requestRoomBinding files a 入住审核 order (roomAuditOrders, pending) and a pending
//   binding that refers to it; staff approve or reject the order in the existing page, and the
//   approve / reject action's hook (community/room-audit.ts) binds the room or marks the request
//   rejected, in the action's transaction.
// Without a match or an approved request a resident has no room, and reads nothing of any room.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { apiError } from "../platform/http/envelope.ts";

/** resident_rooms.status; unbound: staff 解除绑定 (accounts.ts), which a phone match does not undo. */
export const BINDING = { pending: 1, bound: 2, rejected: 3, unbound: 4 } as const;
/** resident_rooms.source */
const SOURCE = { match: 1, request: 2 } as const;
/** The inhabitant identities that bind a room by match: 业主, 家属, 租客 (mapping residentIdentity). */
const BINDING_IDENTITIES = [1, 2, 3];

/** Binds every room where an inhabitant of the tenant has the resident's phone; the number of rooms it holds afterwards. */
export async function bindMatchingRooms(db: DbSession, resident: { residentId: number; tenantId: number; phone: string }): Promise<number> {
  const { tenantId, residentId, phone } = resident;
  await db.query(sql`
    insert into resident_rooms (tenant_id, resident_id, room_id, status, source)
    select distinct ${tenantId}::bigint, ${residentId}::bigint, i.room_id, ${BINDING.bound}::smallint, ${SOURCE.match}::smallint
      from inhabitants i
     where i.tenant_id = ${tenantId} and i.phone = ${phone} and i.identity = any(${BINDING_IDENTITIES}::int[])
    on conflict (tenant_id, resident_id, room_id) do update set status = excluded.status, updated_at = now() where resident_rooms.status not in (${BINDING.bound}, ${BINDING.unbound})`);
  const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from resident_rooms where tenant_id = ${tenantId} and resident_id = ${residentId} and status = ${BINDING.bound}`);
  return rows[0].n;
}

/** The resident's name when it has none yet: the name of an inhabitant with its phone. */
export async function nameFromInhabitants(db: DbSession, resident: { residentId: number; tenantId: number; phone: string }): Promise<void> {
  await db.query(sql`update resident_accounts a set name = i.name
      from (select name from inhabitants where tenant_id = ${resident.tenantId} and phone = ${resident.phone} order by id limit 1) i
     where a.id = ${resident.residentId} and a.name is null`);
}

/** Throws NOT_FOUND unless the room is bound to the resident. */
export async function assertBoundRoom(db: DbSession, resident: { residentId: number; tenantId: number }, roomId: number): Promise<void> {
  const { rows } = await db.query(
    sql`select 1 from resident_rooms where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and room_id = ${roomId} and status = ${BINDING.bound}`,
  );
  if (!rows.length) throw apiError("NOT_FOUND");
}

interface BindingRequest {
  name: string;
  roomId: number;
  identity: number;
}

/**
 * Files the request: a pending 入住审核 order of the room's community (applicant, phone, identity, now)
 * and the pending binding referring to it. NOT_FOUND for a room not of the tenant; ROOM_BINDING_EXISTS
 * when the room is already bound to the resident or a request of it is pending.
 */
export async function requestBinding(db: DbSession, resident: { residentId: number; tenantId: number; phone: string }, request: BindingRequest): Promise<{ auditOrderId: number; status: number }> {
  const { tenantId, residentId, phone } = resident;
  const { rows: rooms } = await db.query<{ community_id: number }>(sql`select community_id from rooms where tenant_id = ${tenantId} and id = ${request.roomId}`);
  if (!rooms[0]) throw apiError("NOT_FOUND");
  const { rows: held } = await db.query(
    sql`select 1 from resident_rooms where tenant_id = ${tenantId} and resident_id = ${residentId} and room_id = ${request.roomId} and status in (${BINDING.pending}, ${BINDING.bound}) for update`,
  );
  if (held.length) throw apiError("ROOM_BINDING_EXISTS");
  const { rows } = await db.query<{ id: number }>(sql`
    insert into room_audit_orders (tenant_id, community_id, applicant_name, phone, room_id, identity, apply_time, status)
    values (${tenantId}, ${rooms[0].community_id}, ${request.name}, ${phone}, ${request.roomId}, ${request.identity}, now(), 1)
    returning id`);
  const auditOrderId = Number(rows[0].id);
  await db.query(sql`
    insert into resident_rooms (tenant_id, resident_id, room_id, status, source, audit_order_id)
    values (${tenantId}, ${residentId}, ${request.roomId}, ${BINDING.pending}, ${SOURCE.request}, ${auditOrderId})
    on conflict (tenant_id, resident_id, room_id) do update set status = excluded.status, source = excluded.source, audit_order_id = excluded.audit_order_id, updated_at = now()`);
  await db.query(sql`update resident_accounts set name = ${request.name} where id = ${residentId} and name is null`);
  return { auditOrderId, status: BINDING.pending };
}

/** The 入住审核 order was approved (or rejected): the pending binding it carries is bound (or rejected). */
export async function settleBindingRequest(db: DbSession, tenantId: number, auditOrderId: number, approved: boolean): Promise<void> {
  await db.query(sql`update resident_rooms set status = ${approved ? BINDING.bound : BINDING.rejected}, updated_at = now()
     where tenant_id = ${tenantId} and audit_order_id = ${auditOrderId} and status = ${BINDING.pending}`);
}
