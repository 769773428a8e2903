// Ids of the demo data, looked up by name (the seed owns the values).
import type { TestServer } from "./server.ts";

export interface DemoIds {
  tenantA: number;
  tenantB: number;
  areaA: number;
  areaB: number;
  communityA: number;
  communityB: number;
  buildingA: number;
  unitA: number;
  roomA: number;
  roomB: number;
}

export async function demoIds(server: TestServer): Promise<DemoIds> {
  const one = async (sql: string, params: unknown[] = []) => {
    const { rows } = await server.db.query<{ id: number }>(sql, params);
    if (!rows[0]) throw new Error(`no demo row for ${sql}`);
    return rows[0].id;
  };
  const tenantA = await one("select tenant_id as id from login_names where username_key = 'admin'");
  const tenantB = await one("select tenant_id as id from login_names where username_key = 'admin2'");
  const communityA = await one("select id from communities where tenant_id = $1 order by id limit 1", [tenantA]);
  const communityB = await one("select id from communities where tenant_id = $1 order by id limit 1", [tenantB]);
  return {
    tenantA,
    tenantB,
    areaA: await one("select id from areas where tenant_id = $1 order by id limit 1", [tenantA]),
    areaB: await one("select id from areas where tenant_id = $1 order by id limit 1", [tenantB]),
    communityA,
    communityB,
    buildingA: await one("select id from buildings where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    unitA: await one("select id from units where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    roomA: await one("select id from rooms where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantA, communityA]),
    roomB: await one("select id from rooms where tenant_id = $1 and community_id = $2 order by id limit 1", [tenantB, communityB]),
  };
}
