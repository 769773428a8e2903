// The statements behind the recently visited communities' operations (recent-communities-routes.ts),
// in the user's community scope.
import { andInScope, mayAccessCommunity } from "../platform/session/community-scope.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { sql } from "../platform/db/sql.ts";
import { constants } from "../../../generated/constants.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";

export interface RecentCommunity {
  communityId: number;
  communityName: string;
}

export async function recentCommunities(db: DbSession, session: Pick<SessionInfo, "tenantId" | "userId" | "communityIds">, limit: number = constants.recentCommunityMax): Promise<RecentCommunity[]> {
  return camelRows<RecentCommunity>(
    db,
    sql`select c.id as community_id, c.name as community_name
          from recent_communities r join communities c on c.tenant_id = r.tenant_id and c.id = r.community_id
         where r.tenant_id = ${session.tenantId} and r.user_id = ${session.userId} ${andInScope(session, sql`c.id`)}
         order by r.visited_at desc, c.id limit ${limit}`,
  );
}

/** Replaces the user's list with the given ids (newest first; repeated, foreign or out-of-scope ones dropped, the first 5 kept) and answers it. */
export async function setRecentCommunities(db: Db, session: SessionInfo, communityIds: number[]): Promise<{ recentList: RecentCommunity[] }> {
  const ids = [...new Set(communityIds.filter((id) => mayAccessCommunity(session, id)))];
  await db.transaction(async (tx) => {
    // Keep the given order: position i is i milliseconds older than the first (newest) one.
    await tx.query(sql`delete from recent_communities where tenant_id = ${session.tenantId} and user_id = ${session.userId}`);
    if (!ids.length) return;
    await tx.query(
      sql`insert into recent_communities (tenant_id, user_id, community_id, visited_at)
       select ${session.tenantId}, ${session.userId}, g.id, now() - (g.pos * interval '1 millisecond')
         from unnest(${ids}::bigint[]) with ordinality as g(id, pos)
         join communities c on c.tenant_id = ${session.tenantId} and c.id = g.id
        order by g.pos
        limit ${constants.recentCommunityMax}`,
    );
  });
  return { recentList: await recentCommunities(db, session) };
}
