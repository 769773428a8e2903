// Visitor passes (docs/residents.md "Visitors, accounts and notices"): a resident invites a visitor to
// one of its bound rooms; the pass is a row of 访客 (visitors) in the room's community, source 住户端,
// with an 8-digit code from the system's random source, unique among the tenant's valid passes, and a
// validity of the whole visit day in China time. Staff find it in 访客管理 by the code and 登记到访
// (the generic action); the resident lists its own passes and cancels one not yet used.
import { randomInt } from "node:crypto";
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { apiError } from "../platform/http/envelope.ts";
import { chinaDay } from "../../common/china-time.ts";
import type { CreateVisitorPassBody, ListMyVisitorPassesData } from "../../../generated/operation-types.ts";
import { assertBoundRoom } from "./bindings.ts";

/** A resident's valid passes (waiting, not expired) at most. */
export const VISITOR_PASSES_MAX = 20;
/** The visit day is today or one of the next days (China time). */
export const VISIT_DAYS_AHEAD = 7;
/** How many passes listMyVisitorPasses answers (the newest first). */
const PASSES_LATEST = 100;
const PASS_CODE_DIGITS = 8;
/** visitors.source: made in the residents' app (mapping visitorSource). */
const SOURCE_APP = 2;
/** visitors.status (mapping visitorStatus). */
const STATUS = { expected: 1, arrived: 2, cancelled: 3 } as const;
/** The pass's state as the app shows it: 有效, 已使用, 已取消, 已过期. */
const STATE = { valid: 1, used: 2, cancelled: 3, expired: 4 } as const;
const PASS_LOCK_CLASS = 727_310;
const DAY_MS = 24 * 3600_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

type Resident = { residentId: number; tenantId: number; phone: string; name: string | null };
type Pass = ListMyVisitorPassesData["list"][number];

/** The instant a China-time calendar day starts. */
const chinaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

const passColumns = sql`v.id, v.pass_code, v.room_id, r.full_name as room_name, c.name as community_name, v.name as visitor_name, v.phone as visitor_phone,
  v.plate as car_number, v.valid_from, v.valid_to, v.created_at,
  (case when v.status = ${STATUS.arrived} then ${STATE.used} when v.status = ${STATUS.cancelled} then ${STATE.cancelled}
        when v.valid_to <= now() then ${STATE.expired} else ${STATE.valid} end)::int as state`;
const passFrom = sql`from visitors v
  join rooms r on r.tenant_id = v.tenant_id and r.id = v.room_id
  join communities c on c.tenant_id = v.tenant_id and c.id = v.community_id`;

async function readPasses(db: DbSession, resident: Resident, extra: ReturnType<typeof sql>, limit: number): Promise<Pass[]> {
  const rows = await camelRows<Pass>(
    db,
    sql`select ${passColumns} ${passFrom}
         where v.tenant_id = ${resident.tenantId} and v.resident_id = ${resident.residentId} and v.source = ${SOURCE_APP} ${extra}
         order by v.created_at desc, v.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), roomId: Number(r.roomId) }));
}

/** A new code no valid pass of the tenant holds (the caller holds the tenant's pass lock). */
async function freshCode(db: DbSession, tenantId: number): Promise<string> {
  for (;;) {
    const code = String(randomInt(0, 10 ** PASS_CODE_DIGITS)).padStart(PASS_CODE_DIGITS, "0");
    const { rows } = await db.query(sql`select 1 from visitors where tenant_id = ${tenantId} and pass_code = ${code} and status = ${STATUS.expected} and valid_to > now() limit 1`);
    if (!rows.length) return code;
  }
}

/** Makes the pass (NOT_FOUND for a room not bound; VISIT_DATE_OUT_OF_RANGE; VISITOR_PASS_LIMIT). */
export async function createPass(db: DbSession, resident: Resident, input: CreateVisitorPassBody, now = new Date()): Promise<Pass> {
  const { tenantId, residentId } = resident;
  await assertBoundRoom(db, resident, input.roomId);
  const today = chinaDay(now);
  const last = chinaDay(new Date(now.getTime() + VISIT_DAYS_AHEAD * DAY_MS));
  const validFrom = chinaDayStart(input.visitDate);
  if (Number.isNaN(validFrom.getTime()) || input.visitDate < today || input.visitDate > last || chinaDay(validFrom) !== input.visitDate) throw apiError("VISIT_DATE_OUT_OF_RANGE");
  const validTo = new Date(validFrom.getTime() + DAY_MS);
  // One pass at a time per tenant: the code's uniqueness and the resident's limit are checked under it.
  await db.query(sql`select pg_advisory_xact_lock(${PASS_LOCK_CLASS}, ${tenantId}::int)`);
  const { rows: held } = await db.query<{ n: number }>(
    sql`select count(*)::int as n from visitors where tenant_id = ${tenantId} and resident_id = ${residentId} and source = ${SOURCE_APP} and status = ${STATUS.expected} and valid_to > now()`,
  );
  if (held[0].n >= VISITOR_PASSES_MAX) throw apiError("VISITOR_PASS_LIMIT");
  const code = await freshCode(db, tenantId);
  const { rows } = await db.query<{ id: number }>(sql`
    insert into visitors (tenant_id, community_id, name, phone, room_id, plate, visit_time, qr_duration_hours, pass_code, valid_from, valid_to, source, inviter_name, inviter_phone, resident_id, status)
    select ${tenantId}, r.community_id, ${input.visitorName}, ${input.visitorPhone ?? null}, r.id, ${input.carNumber ? input.carNumber.toUpperCase() : null}, ${validFrom.toISOString()}::timestamptz, 24,
           ${code}, ${validFrom.toISOString()}::timestamptz, ${validTo.toISOString()}::timestamptz, ${SOURCE_APP}, ${resident.name}, ${resident.phone}, ${residentId}, ${STATUS.expected}
      from rooms r where r.tenant_id = ${tenantId} and r.id = ${input.roomId}
    returning id`);
  const [pass] = await readPasses(db, resident, sql`and v.id = ${Number(rows[0].id)}`, 1);
  return pass;
}

export async function myPasses(db: DbSession, resident: Resident): Promise<ListMyVisitorPassesData> {
  return { list: await readPasses(db, resident, sql``, PASSES_LATEST) };
}

/** Cancels the resident's own pass while it is valid (NOT_FOUND for another's; VISITOR_PASS_NOT_VALID). */
export async function cancelPass(db: DbSession, resident: Resident, id: number): Promise<Pass> {
  const { rows } = await db.query<{ valid: boolean }>(
    sql`select (status = ${STATUS.expected} and valid_to > now()) as valid from visitors
         where tenant_id = ${resident.tenantId} and id = ${id} and resident_id = ${resident.residentId} and source = ${SOURCE_APP} for update`,
  );
  if (!rows[0]) throw apiError("NOT_FOUND");
  if (!rows[0].valid) throw apiError("VISITOR_PASS_NOT_VALID");
  await db.query(sql`update visitors set status = ${STATUS.cancelled}, version = version + 1, updated_at = now() where tenant_id = ${resident.tenantId} and id = ${id}`);
  const [pass] = await readPasses(db, resident, sql`and v.id = ${id}`, 1);
  return pass;
}
