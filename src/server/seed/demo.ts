// Demo data on an empty database (no tenant yet), in one transaction: two tenants, their users,
// areas, communities, houses and residents. One function per entity group (tenants.ts, users.ts,
// places.ts, inhabitants.ts); more groups (cards, bills, ...) plug in here the same way.
import type { Db } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { seedTenants, type DemoTenants } from "./tenants.ts";
import { seedUsers, type DemoUsers } from "./users.ts";
import { seedAreas, seedCommunities, seedHouses } from "./places.ts";
import { seedInhabitants } from "./inhabitants.ts";
import { seedResidentDetails } from "./resident-details.ts";
import { seedResidentAccounts } from "./resident-accounts.ts";
import { seedResourceRows } from "./resource-rows.ts";
import { seedPayments } from "./payments.ts";
import { seedOnlinePayMerchants } from "./onlinepay.ts";
import { passwordProblem } from "../auth/password-policy.ts";
import { seedParkingPaid } from "./parking.ts";
import { FourEyesRule } from "../../../generated/states.ts";

export interface DemoSeedResult {
  tenants: DemoTenants;
  users: DemoUsers;
  communities: { a: number[]; b: number[] };
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(sql`select count(*)::int as n from tenants`);
  return rows[0].n === 0;
}

/** Refuses (before writing anything) a demo password that no user could set (password-policy.ts). */
export async function seedDemo(db: Db, password: string): Promise<DemoSeedResult> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(`NEPTUNE_DEMO_PASSWORD: ${problem}`);
  return db.transaction(async (tx) => {
    const tenants = await seedTenants(tx);
    const users = await seedUsers(tx, tenants, password);

    // Tenant A: two regions, four communities.
    const areasA = await seedAreas(tx, tenants.a, [
      { name: "华东区域", children: [{ name: "杭州片区" }, { name: "上海片区" }] },
      { name: "华南区域", children: [{ name: "深圳片区" }] },
    ]);
    const communitiesA = await seedCommunities(tx, tenants.a, areasA, [
      { name: "阳光花园", area: "杭州片区", administrativeCode: "330106", address: "杭州市西湖区文三路100号", longitude: "120.130203", latitude: "30.276112" },
      { name: "翠湖苑", area: "杭州片区", administrativeCode: "330108", address: "杭州市滨江区江南大道200号", longitude: "120.211980", latitude: "30.208502" },
      { name: "浦江御景", area: "上海片区", administrativeCode: "310115", address: "上海市浦东新区浦江路300号", longitude: "121.544379", latitude: "31.221517" },
      { name: "南山雅苑", area: "深圳片区", administrativeCode: "440305", address: "深圳市南山区科技路400号", longitude: "113.930476", latitude: "22.533013" },
    ]);
    let seed = 1;
    for (const communityId of communitiesA) {
      const rooms = await seedHouses(tx, tenants.a, communityId, { buildings: 2, unitsPerBuilding: 2, floors: 3, roomsPerFloor: 2 });
      await seedInhabitants(tx, tenants.a, communityId, rooms, 30, seed);
      seed += 100;
    }

    // Tenant B: its own area, community and residents.
    const areasB = await seedAreas(tx, tenants.b, [{ name: "西湖区域" }]);
    const communitiesB = await seedCommunities(tx, tenants.b, areasB, [
      { name: "绿城桂花园", area: "西湖区域", administrativeCode: "330106", address: "杭州市西湖区天目山路500号", longitude: "120.110000", latitude: "30.280000" },
    ]);
    for (const communityId of communitiesB) {
      const rooms = await seedHouses(tx, tenants.b, communityId, { buildings: 1, unitsPerBuilding: 2, floors: 3, roomsPerFloor: 2 });
      await seedInhabitants(tx, tenants.b, communityId, rooms, 12, 900);
    }

    await seedResidentDetails(tx, tenants);
    await seedResidentAccounts(tx, tenants);
    // The fee history is written by each tenant's main account alone (applications and their
    // approvals), as a one-person office would with its four-eyes rules off; the tenants then start
    // with every rule on (docs/payment.md "Four eyes"), its row listed on 双人审核.
    const demoTenants = [tenants.a, tenants.b];
    for (const tenantId of demoTenants) {
      await tx.query(sql`insert into approval_rules (tenant_id, rule, required) select ${tenantId}, r, false from unnest(${Object.values(FourEyesRule)}::int[]) as r`);
    }
    await seedPayments(tx, tenants, users);
    await seedOnlinePayMerchants(tx, tenants, users);
    await seedResourceRows(tx, tenants, users);
    await seedParkingPaid(tx, tenants, users);
    await tx.query(sql`update approval_rules set required = true where tenant_id = any(${demoTenants}::bigint[])`);

    return { tenants, users, communities: { a: communitiesA, b: communitiesB } };
  });
}
