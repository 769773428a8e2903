// Demo tenants: A (阳光物业, several areas and communities) and B (绿城物业, data of its own).
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";

export interface DemoTenants {
  a: number;
  b: number;
}

export async function seedTenants(tx: DbSession): Promise<DemoTenants> {
  const insert = async (name: string, shortName: string, phone: string) =>
    (
      await tx.query<{ id: number }>(
        sql`insert into tenants (name, company_short_name, phone, scene_name, enabled_kanban, tenant_home_page)
         values (${name}, ${shortName}, ${phone}, '社区', true, '') returning id`,
      )
    ).rows[0].id;
  return {
    a: await insert("阳光物业服务有限公司", "阳光物业", "0571-88886666"),
    b: await insert("绿城物业服务有限公司", "绿城物业", "0571-87776666"),
  };
}
