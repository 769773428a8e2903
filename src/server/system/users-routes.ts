// The tenant's users as the shell and the pickers see them (docs/api.md):
//   GET  /api/auth/user/{userId}/center                  the user center object; only the session's own
//                                                         user, or any user of the tenant for its main account
//   GET  {system}/user/queryList                          [{userId, username, realName}] of the tenant
//   POST {system}/users/actions/queryPropertyListByCommunityId {communityId} -> the same list, for a
//                                                         community of the tenant (users are tenant-wide:
//                                                         the schema assigns no user to a community)
// Disabled users are left out of the lists. Any signed-in user (pickers of many modules use them).
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { registerUserAccountHooks } from "./user-accounts.ts";
import { propertyUsersOfCommunity, tenantUsers, userCenterOf } from "./users.ts";

export async function usersModule(app: FastifyInstance): Promise<void> {
  registerUserAccountHooks();
  route(app, operations.getUserCenter, async ({ params: { userId }, session }) => userCenterOf(app.db, session, userId));
  route(app, operations.listTenantUsers, async ({ session }) => tenantUsers(app.db, session.tenantId));
  route(app, operations.listPropertyUsersByCommunity, async ({ body, session }) => propertyUsersOfCommunity(app.db, session.tenantId, body.communityId ?? null));
}
