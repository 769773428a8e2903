// The binding request's room picker (listBindingCommunities, searchBindingRooms): a signed-in
// resident chooses a community of its tenant, then finds its room by part of the room's name. Only
// names and ids: nobody's occupancy, owner or bills (docs/residents.md, "Binding by request").
import type { DbSession } from "../platform/db/types.ts";
import { ilikeContains, sql } from "../platform/db/sql.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import type { ResidentInfo } from "../platform/session/resident-session.ts";
import type { ListBindingCommunitiesData, SearchBindingRoomsData } from "../../../generated/operation-types.ts";
import { apiError } from "../platform/http/envelope.ts";

/** How many rooms one search answers: the resident types more of the name to narrow it. */
const ROOMS_FOUND = 20;
/** A tenant's communities the picker lists (by name). */
const COMMUNITIES_LISTED = 500;

type Resident = Pick<ResidentInfo, "tenantId">;

export async function bindingCommunities(db: DbSession, resident: Resident): Promise<ListBindingCommunitiesData> {
  const rows = await camelRows<{ id: number; name: string }>(db, sql`select id, name from communities where tenant_id = ${resident.tenantId} order by name, id limit ${COMMUNITIES_LISTED}`);
  return { list: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
}

export async function bindingRooms(db: DbSession, resident: Resident, communityId: number, keyword: string): Promise<SearchBindingRoomsData> {
  const community = await db.query(sql`select 1 from communities where tenant_id = ${resident.tenantId} and id = ${communityId}`);
  if (!community.rows.length) throw apiError("NOT_FOUND");
  const rows = await camelRows<{ id: number; fullName: string | null; roomNo: string }>(
    db,
    sql`select id, full_name, room_no from rooms
         where tenant_id = ${resident.tenantId} and community_id = ${communityId} and ${ilikeContains(sql`coalesce(full_name, room_no)`, keyword)}
         order by full_name, id limit ${ROOMS_FOUND}`,
  );
  return { list: rows.map((r) => ({ id: Number(r.id), name: r.fullName ?? r.roomNo })) };
}
