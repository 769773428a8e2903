// The signed-in user's own profile ("user center", docs/api.md).
import type { DbSession } from "../platform/db/types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

export interface UserCenter {
  userId: number;
  username: string;
  realName: string | null;
  phoneNumber: string | null;
  companyShortName: string | null;
  tenantName: string;
  userType: string;
}

export async function userCenter(db: DbSession, tenantId: number, userId: number): Promise<UserCenter | null> {
  const rows = await camelRows<UserCenter>(
    db,
    sql`select u.id as user_id, u.username, u.real_name, u.phone as phone_number,
            coalesce(u.company_short_name, t.company_short_name) as company_short_name, t.name as tenant_name,
            coalesce(u.user_type, '1') as user_type
       from users u join tenants t on t.id = u.tenant_id
      where u.tenant_id = ${tenantId} and u.id = ${userId}`,
  );
  return rows[0] ?? null;
}
