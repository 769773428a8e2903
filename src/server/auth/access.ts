// Who may call the hand-written community calls (config.authority takes one code; these take any
// of a set) and the tenant checks they share.
//
// Decisions (spec §6 names route codes only):
// - The community picker's reads (area tree, communities by area, community tree, recent list,
//   GET homepage/user) are for every signed-in user holding at least one authority code: every
//   community-level page needs the picker, whatever module it belongs to. A user whose role has no
//   code at all has no menu and gets the 403 marker.
// - The house cascade (buildings -> units -> rooms, pageListSimpleRooms) serves every form that
//   picks a house: HBL01001 (community), HBL01003 (house) and the code of every resource whose
//   schema references buildings, units or rooms (residents HBL01005, cards, visitors, repairs...).
// - Area and community administration (configs, import) needs HBL01001.
import type { FastifyRequest } from "fastify";
import { resources } from "../../../generated/resources.ts";
import type { DbSession } from "../platform/db/types.ts";
import { apiError } from "../platform/http/envelope.ts";
import { sessionOf } from "../platform/session/guard.ts";
import { sql } from "../platform/db/sql.ts";

export const COMMUNITY_CODE = "HBL01001";
export const HOUSE_CODE = "HBL01003";

const HOUSE_RESOURCES = new Set(["buildings", "units", "rooms"]);

/** Codes that may read the house cascade (derived from the schemas: who references a house). */
export const houseReaderCodes: ReadonlySet<string> = new Set([
  COMMUNITY_CODE,
  HOUSE_CODE,
  ...resources.filter((r) => r.fields.some((f) => f.type === "ref" && f.ref && HOUSE_RESOURCES.has(f.ref.resource))).map((r) => r.code),
]);

/** preHandler: the session must hold at least one of the codes (else the 403 marker). */
export function requireAnyOf(codes: ReadonlySet<string>) {
  return async (request: FastifyRequest) => {
    const session = sessionOf(request);
    if (!session.authorities.some((c) => codes.has(c))) throw apiError("NO_PERMISSION");
  };
}

/** The community's name when it is the tenant's, else null (another tenant's id looks like a missing one). */
export async function communityName(db: DbSession, tenantId: number, communityId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(sql`select name from communities where tenant_id = ${tenantId} and id = ${communityId}`);
  return rows[0]?.name ?? null;
}
