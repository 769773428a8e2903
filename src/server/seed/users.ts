// Demo roles and users: tenant A's admin (main account) and staff (role 社区管理员 with the community
// module only: HBL01001, HBL01003, HBL01005); tenant B's admin2 (main account). They share one
// password, hashed once (a hash at today's scrypt cost takes most of a second).
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { hashPassword } from "../auth/password.ts";
import type { DemoTenants } from "./tenants.ts";

export const STAFF_AUTHORITIES = ["HBL01001", "HBL01003", "HBL01005"];

export interface DemoUsers {
  admin: number;
  staff: number;
  admin2: number;
  staffRole: number;
}

async function insertUser(tx: DbSession, u: { tenantId: number; username: string; realName: string; phone: string; userType: string; roleId: number | null; passwordHash: string }): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    sql`insert into users (tenant_id, username, real_name, phone, user_type, role_id, enabled, password_hash)
     values (${u.tenantId}, ${u.username}, ${u.realName}, ${u.phone}, ${u.userType}, ${u.roleId}, true, ${u.passwordHash}) returning id`,
  );
  return rows[0].id;
}

export async function seedUsers(tx: DbSession, tenants: DemoTenants, password: string): Promise<DemoUsers> {
  const passwordHash = await hashPassword(password);
  const staffRole = (
    await tx.query<{ id: number }>(
      sql`insert into characters (tenant_id, name, description, authorities) values (${tenants.a}, '社区管理员', '社区、房屋、人员管理', ${JSON.stringify(STAFF_AUTHORITIES)}::jsonb) returning id`,
    )
  ).rows[0].id;
  return {
    staffRole,
    admin: await insertUser(tx, { tenantId: tenants.a, username: "admin", realName: "张明", phone: "13800000001", userType: "0", roleId: null, passwordHash }),
    staff: await insertUser(tx, { tenantId: tenants.a, username: "staff", realName: "李娜", phone: "13800000002", userType: "1", roleId: staffRole, passwordHash }),
    admin2: await insertUser(tx, { tenantId: tenants.b, username: "admin2", realName: "王强", phone: "13900000001", userType: "0", roleId: null, passwordHash }),
  };
}
