// Completes the demo residents of the core seed (inhabitants.ts gives name, phone, room, identity):
// a resident ID number for every owner and most family members and tenants (valid format, with the
// check digit, born in the community's region), and an e-mail address for some. Each changed row
// passes the residents' update validator; all of them are written with one UPDATE.
import type { DbSession } from "../platform/db/types.ts";
import { sql } from "../platform/db/sql.ts";
import { validateResource } from "../../common/validate.ts";
import type { DemoTenants } from "./tenants.ts";
import { idCard } from "./person-data.ts";

interface ResidentRow {
  id: number;
  identity: number | null;
  administrative_code: string | null;
}

export async function seedResidentDetails(tx: DbSession, tenants: DemoTenants): Promise<void> {
  for (const tenantId of [tenants.a, tenants.b]) {
    const { rows } = await tx.query<ResidentRow>(
      sql`select i.id, i.identity, c.administrative_code
         from inhabitants i join communities c on c.tenant_id = i.tenant_id and c.id = i.community_id
        where i.tenant_id = ${tenantId} and i.id_card is null order by i.id`,
    );
    const ids: number[] = [];
    const cards: string[] = [];
    const emails: (string | null)[] = [];
    rows.forEach((r, n) => {
      if (r.identity !== 1 && n % 4 === 3) return; // a few family members and tenants without one
      const region = /^\d{6}$/.test(r.administrative_code ?? "") ? r.administrative_code! : "330106";
      const change = { idCard: idCard(r.id, region), email: n % 3 === 0 ? `resident${r.id}@example.com` : undefined };
      const errors = validateResource("inhabitants", "update", change);
      if (errors.length) throw new Error(`demo resident ${r.id}: ${errors.map((e) => e.message).join("; ")}`);
      ids.push(r.id);
      cards.push(change.idCard);
      emails.push(change.email ?? null);
    });
    if (!ids.length) continue;
    await tx.query(
      sql`update inhabitants i set id_card = d.id_card, email = coalesce(d.email, i.email)
         from unnest(${ids}::bigint[], ${cards}::text[], ${emails}::text[]) as d(id, id_card, email)
        where i.tenant_id = ${tenantId} and i.id = d.id`,
    );
  }
}
