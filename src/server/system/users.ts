// The statements behind the users operations (users-routes.ts): the tenant's users and the user center.
import { apiError } from "../platform/http/envelope.ts";
import { MAIN_ACCOUNT } from "../platform/session/authorities.ts";
import { userCenter } from "../auth/user-center.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { communityName } from "../auth/access.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

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

/** The user center object: the session's own user's, or any user of the tenant for its main account. */
export async function userCenterOf(db: DbSession, session: SessionInfo, userId: number) {
  if (userId !== session.userId && session.userType !== MAIN_ACCOUNT) throw apiError("NO_PERMISSION");
  const center = await userCenter(db, session.tenantId, userId); // another tenant's id is not found
  if (!center) throw apiError("NOT_FOUND");
  return center;
}

/** The tenant's users, for a community of the tenant (none for another's). */
export async function propertyUsersOfCommunity(db: DbSession, tenantId: number, communityId: number | null) {
  if (communityId !== null && (await communityName(db, tenantId, communityId)) === null) return [];
  return tenantUsers(db, tenantId);
}
