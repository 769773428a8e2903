// The tenant's users as the shell and the pickers see them (docs/api.md):
//   GET  /api/auth/user/{userId}/center                  the user center object; only the session's own
//                                                         user, or any user of the tenant for its main account
//   GET  {system}/user/queryList                          [{userId, username, realName}] of the tenant
//   POST {system}/users/actions/queryPropertyListByCommunityId {communityId} -> the same list, for a
//                                                         community of the tenant (users are tenant-wide:
//                                                         the schema assigns no user to a community)
// Disabled users are left out of the lists. Any signed-in user (pickers of many modules use them).
import type { FastifyInstance } from "fastify";
import { apiError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import { MAIN_ACCOUNT } from "../auth/authorities.ts";
import { userCenter } from "../auth/user-center.ts";
import type { DbSession } from "../db/types.ts";
import { communityName } from "../auth/access.ts";
import { camelRows } from "../db/camel-rows.ts";
import { registerUserAccountHooks } from "./user-accounts.ts";
import { sql } from "../db/sql.ts";

export interface UserListItem {
  userId: number;
  username: string;
  realName: string | null;
}

export async function tenantUsers(db: DbSession, tenantId: number): Promise<UserListItem[]> {
  const rows = await camelRows<UserListItem>(
    db,
    sql`select id as user_id, username, real_name from users
      where tenant_id = ${tenantId} and enabled is not false order by id`,
  );
  return rows;
}

export async function usersModule(app: FastifyInstance): Promise<void> {
  registerUserAccountHooks();
  route(app, operations.getUserCenter, async ({ params: { userId }, session }) => {
    if (userId !== session.userId && session.userType !== MAIN_ACCOUNT) throw apiError("NO_PERMISSION");
    const center = await userCenter(app.db, session.tenantId, userId); // another tenant's id is not found
    if (!center) throw apiError("NOT_FOUND");
    return center;
  });

  route(app, operations.listTenantUsers, async ({ session }) => tenantUsers(app.db, session.tenantId));

  route(app, operations.listPropertyUsersByCommunity, async ({ body, session }) => {
    const communityId = body.communityId ?? null;
    if (communityId !== null && (await communityName(app.db, session.tenantId, communityId)) === null) return [];
    return tenantUsers(app.db, session.tenantId);
  });
}
