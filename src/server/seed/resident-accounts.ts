// Demo accounts of the residents' app (docs/residents.md "Visitors, accounts and notices"), so that
// 住户账号 shows some before anyone signs in: inhabitants' phones of each tenant (tenant A 4, the last
// one 已停用; tenant B 2) with their rooms bound by match, as a first sign-in would make them (no
// sign-in time: they never signed in).
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import type { DemoTenants } from "./tenants.ts";
import { bindMatchingRooms, nameFromInhabitants } from "../residents/bindings.ts";

/** Which inhabitants' phones get an account: past the first few (the browser journeys sign those in themselves). */
const FIRST_PHONE = 6;

async function seedTenantAccounts(tx: DbSession, tenantId: number, count: number, disabled: number): Promise<void> {
  const { rows } = await tx.query<{ phone: string }>(
    sql`select phone from (select phone, min(id) as first from inhabitants where tenant_id = ${tenantId} and identity in (1, 2, 3) group by phone) p
         order by first offset ${FIRST_PHONE} limit ${count}`,
  );
  for (const [i, { phone }] of rows.entries()) {
    const { rows: made } = await tx.query<{ id: number }>(sql`insert into resident_accounts (tenant_id, phone, status) values (${tenantId}, ${phone}, ${i >= count - disabled ? 2 : 1}) returning id`);
    const resident = { residentId: Number(made[0].id), tenantId, phone };
    await bindMatchingRooms(tx, resident);
    await nameFromInhabitants(tx, resident);
  }
}

export async function seedResidentAccounts(tx: DbSession, tenants: DemoTenants): Promise<void> {
  await seedTenantAccounts(tx, tenants.a, 4, 1);
  await seedTenantAccounts(tx, tenants.b, 2, 0);
}
