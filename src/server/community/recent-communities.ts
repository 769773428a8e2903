// The user's recently visited communities (spec §3, §7, §9; docs/api.md):
//   GET  {system}/recentCommunity/actions/getRecentCommunityList -> {recentList: [{communityId, communityName}]}
//        newest first, at most 5, communities deleted since are left out;
//   POST {system}/recentCommunity/actions/setRecentCommunityList {communityIds} -> {recentList}: the
//        list the client gives, newest first, replaces the stored one. Ids that are repeated or not
//        communities of the session's tenant are dropped (a malformed one is refused at the edge); of
//        the rest the first 5 (constants.recentCommunityMax) are kept.
// Both keep to the user's community scope: a community outside it is neither listed nor stored.
// Picker calls: any signed-in user with an authority code.
import { andInScope, mayAccessCommunity } from "../auth/community-scope.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { sql } from "../db/sql.ts";
import type { FastifyInstance } from "fastify";
import { constants } from "../../../generated/constants.ts";
import { operations } from "../../../generated/operations.ts";
import { route } from "../http/operation.ts";
import type { DbSession } from "../db/types.ts";
import { camelRows } from "../db/camel-rows.ts";

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

export async function recentCommunitiesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getRecentCommunityList, async ({ session }) => ({
    recentList: await recentCommunities(app.db, session),
  }));

  // The schema takes at most 100 ids (a guard against huge bodies; the stored list is 5).
  route(app, operations.setRecentCommunityList, async ({ body, session }) => {
    const ids = [...new Set(body.communityIds.filter((id) => mayAccessCommunity(session, id)))];
    await app.db.transaction(async (tx) => {
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
    return { recentList: await recentCommunities(app.db, session) };
  });
}
