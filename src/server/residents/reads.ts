// The residents' sign-in and reads as services (routes.ts registers them): every read is limited, in
// SQL, to the rooms bound to the resident (bindings.ts); a room that is not bound answers 404.
import type { Db, DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { chinaDay } from "../../common/china-time.ts";
import { owedSql } from "../payment/arrears.ts";
import { createResidentSession, type ResidentInfo } from "../platform/session/resident-session.ts";
import type { ListMyBillsResult, ListMyNoticesData, ListMyRoomsData, ListSmsOutboxData, ResidentLoginData } from "../../../generated/operation-types.ts";
import { assertBoundRoom, BINDING, bindMatchingRooms, nameFromInhabitants } from "./bindings.ts";

/** How many outbox messages listSmsOutbox answers (the newest first). */
const OUTBOX_LATEST = 50;
/** How many notices listMyNotices answers (pinned first, then the newest). */
const NOTICES_LATEST = 100;

type Resident = Pick<ResidentInfo, "residentId" | "tenantId" | "phone">;

/** After the code was checked: the account (made on first sign-in), its rooms by match, its name, and a new session's cookie token. */
export async function signInResident(db: Db, input: { tenantId: number; phone: string; ip: string; userAgent?: string }): Promise<{ token: string; answer: ResidentLoginData }> {
  const { tenantId, phone } = input;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(sql`
      insert into resident_accounts (tenant_id, phone, last_login_at) values (${tenantId}, ${phone}, now())
      on conflict (tenant_id, phone) do update set last_login_at = now()
      returning id`);
    const resident = { residentId: Number(rows[0].id), tenantId, phone };
    const roomCount = await bindMatchingRooms(tx, resident);
    await nameFromInhabitants(tx, resident);
    const { rows: named } = await tx.query<{ name: string | null }>(sql`select name from resident_accounts where id = ${resident.residentId}`);
    const token = await createResidentSession(tx, resident, { ip: input.ip, userAgent: input.userAgent });
    return { token, answer: { residentId: resident.residentId, tenantId, phone, name: named[0]?.name ?? null, roomCount } };
  });
}

/** The resident's bound rooms and its other requests (pending or rejected); matches made since sign-in are bound first. */
export async function myRooms(db: DbSession, resident: Resident): Promise<ListMyRoomsData> {
  await bindMatchingRooms(db, resident);
  const rows = await camelRows<{ roomId: number; roomName: string | null; communityId: number; communityName: string; status: number }>(
    db,
    sql`select rr.room_id, r.full_name as room_name, r.community_id, c.name as community_name, rr.status::int as status
          from resident_rooms rr
          join rooms r on r.tenant_id = rr.tenant_id and r.id = rr.room_id
          join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
         where rr.tenant_id = ${resident.tenantId} and rr.resident_id = ${resident.residentId} and rr.status <> ${BINDING.unbound}
         order by c.id, r.full_name, r.id`,
  );
  const list = rows.map((r) => ({ ...r, roomId: Number(r.roomId), communityId: Number(r.communityId) }));
  return { list: list.filter((r) => r.status === BINDING.bound), requests: list.filter((r) => r.status !== BINDING.bound) };
}

/** A bound room's approved (to pay), partly paid and paid bills, money in fen; drafts and rejected bills are the property's own business. */
export async function myBills(db: DbSession, resident: Resident, roomId: number): Promise<ListMyBillsResult> {
  await assertBoundRoom(db, resident, roomId);
  const rows = await camelRows<{ id: number; billNo: string; period: string; itemName: string; amountDue: number; amountPaid: number; amountOwed: number; status: number; dueDate: string | null }>(
    db,
    sql`select b.id, b.bill_no, b.period, i.name as item_name, (b.amount_due + coalesce(b.late_fee, 0))::bigint as amount_due, coalesce(b.amount_paid, 0)::bigint as amount_paid,
               (case when b.status in (2, 5) then greatest(${owedSql(chinaDay())}, 0) else 0 end)::bigint as amount_owed, b.status, b.due_date
          from bills b
          join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id
         where b.tenant_id = ${resident.tenantId} and b.room_id = ${roomId} and b.status in (2, 4, 5)
         order by b.period desc, b.id desc`,
  );
  const list = rows.map((r) => ({ ...r, id: Number(r.id), amountDue: Number(r.amountDue), amountPaid: Number(r.amountPaid), amountOwed: Number(r.amountOwed) }));
  return { list, totalOwed: list.reduce((sum, r) => sum + r.amountOwed, 0) };
}

/** Published (to the residents' app), unexpired notices of the communities of its bound rooms: the whole community's, and those meant for one of its rooms. */
export async function myNotices(db: DbSession, resident: Resident): Promise<ListMyNoticesData> {
  const rows = await camelRows<{ id: number; communityId: number; communityName: string; title: string; content: string; publishTime: string | null; pinned: boolean | null }>(
    db,
    sql`with bound as (select room_id from resident_rooms where tenant_id = ${resident.tenantId} and resident_id = ${resident.residentId} and status = ${BINDING.bound})
        select n.id, n.community_id, c.name as community_name, n.title, n.content, n.publish_time, n.pinned
          from notices n
          join communities c on c.tenant_id = n.tenant_id and c.id = n.community_id
         where n.tenant_id = ${resident.tenantId} and n.publish_status = 1 and n.to_residents and (n.expire_time is null or n.expire_time > now())
           and n.community_id in (select r.community_id from rooms r where r.tenant_id = ${resident.tenantId} and r.id in (select room_id from bound))
           and (n.room_id is null or n.room_id in (select room_id from bound))
         order by n.pinned desc nulls last, n.publish_time desc nulls last, n.id desc
         limit ${NOTICES_LATEST}`,
  );
  return { list: rows.map((r) => ({ ...r, id: Number(r.id), communityId: Number(r.communityId), pinned: r.pinned === true })) };
}

/** The tenant's newest outbox messages (短信记录), of one phone when given. */
export async function latestOutbox(db: DbSession, tenantId: number, phone: string | undefined): Promise<ListSmsOutboxData> {
  const rows = await camelRows<{ id: number; phone: string; content: string; sentAt: string }>(
    db,
    sql`select id, phone, content, sent_at from sms_outbox
         where tenant_id = ${tenantId} ${phone ? sql`and phone = ${phone}` : sql``}
         order by sent_at desc, id desc limit ${OUTBOX_LATEST}`,
  );
  return { list: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}
