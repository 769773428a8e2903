// A data folder with the demo data plus one new tenant that has configured nothing yet, for browser
// tests of a first-time tenant (the demo tenants A and B both have their payment set-up done, see
// src/server/seed/payments.ts). Added with the server's own migrations and seeding functions to the
// run's seeded copy before the product starts (startProduct's `prepare`; the demo data is seeded here
// too when the folder is empty); the product then finds a non-empty database and seeds nothing, so
// admin, staff and admin2 are exactly as the demo data contract says.
// The product has no API that creates a tenant, hence the seeding functions.
import { openDatabase } from "../../../src/server/platform/db/open.ts";
import { migrate } from "../../../src/server/platform/db/migrate.ts";
import { isDatabaseEmpty, seedDemo } from "../../../src/server/seed/demo.ts";
import { seedAreas, seedCommunities, seedHouses } from "../../../src/server/seed/places.ts";
import { hashPassword } from "../../../src/server/auth/password.ts";

/** The new tenant's main account (userType "0"); its password is the demo password. */
export const NEW_TENANT_ADMIN = "newadmin";
export const NEW_TENANT_NAME = "晨光物业服务有限公司";
/** Its only community: 1 building, 1 unit, 2 floors of 2 rooms (101, 102, 201, 202), no residents. */
export const NEW_TENANT_COMMUNITY = "晨光小区";

export async function seedDemoAndNewTenant(dataDir: string, password: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    if (await isDatabaseEmpty(db)) await seedDemo(db, password);
    await db.transaction(async (tx) => {
      const tenantId = (
        await tx.query<{ id: number }>(
          `insert into tenants (name, company_short_name, phone, scene_name, enabled_kanban, tenant_home_page)
           values ($1, '晨光物业', '0571-86660000', '社区', true, '') returning id`,
          [NEW_TENANT_NAME],
        )
      ).rows[0].id;
      await tx.query(
        `insert into users (tenant_id, username, real_name, phone, user_type, role_id, enabled, password_hash)
         values ($1, $2, '陈晨', '13600000001', '0', null, true, $3)`,
        [tenantId, NEW_TENANT_ADMIN, await hashPassword(password)],
      );
      const areas = await seedAreas(tx, tenantId, [{ name: "滨江区域" }]);
      const [communityId] = await seedCommunities(tx, tenantId, areas, [
        { name: NEW_TENANT_COMMUNITY, area: "滨江区域", administrativeCode: "330108", address: "杭州市滨江区晨光路8号", longitude: "120.200000", latitude: "30.200000" },
      ]);
      await seedHouses(tx, tenantId, communityId, { buildings: 1, unitsPerBuilding: 1, floors: 2, roomsPerFloor: 2 });
    });
  } finally {
    await db.close();
  }
}
