// The demo data (spec issue item 7): every resource has rows for tenant A (3 or more; one per
// community where a community may have only one) and some for tenant B, each readable through the
// generic list and each passing the same validator as the API; rooms in every status; residents with
// well-formed ID numbers; licences for the five service types.
import { mappings } from "../../../generated/mappings.ts";
import { describe, expect, it } from "vitest";
import { resources } from "../../../generated/resources.ts";
import { validateResource } from "../../../src/common/validate.ts";
import { mask } from "../../../src/common/masks.ts";
import { idCardCheckDigit } from "../../../src/common/id-card.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";

describe.each(backends)("demo data (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("gives every resource at least 3 rows in tenant A and some in tenant B", async () => {
    const short: string[] = [];
    for (const r of resources) {
      const a = await t.server.count(r.table, "tenant_id = $1", [t.ids.tenantA]);
      const b = await t.server.count(r.table, "tenant_id = $1", [t.ids.tenantB]);
      if (a < 3 || b < 1) short.push(`${r.name}: A ${a}, B ${b}`);
    }
    expect(short).toEqual([]);
  });

  it("shows each tenant its own rows through the generic lists, every row passing the validator", async () => {
    const problems: string[] = [];
    for (const r of resources) {
      const url = `/api/${r.service}/${r.name}/actions/pageList`;
      for (const [token, tenantId] of [
        [t.admin, t.ids.tenantA],
        [t.admin2, t.ids.tenantB],
      ] as const) {
        const page = await t.server.request("POST", url, { token, body: { pageNo: 1, pageSize: 100 } });
        if (page.status !== 200) {
          problems.push(`${r.name}: HTTP ${page.status} ${page.text.slice(0, 200)}`);
          continue;
        }
        const expected = await t.server.count(r.table, "tenant_id = $1", [tenantId]);
        if (page.body.data.total !== expected) problems.push(`${r.name}: total ${page.body.data.total}, expected ${expected}`);
        // Masked fields leave the server masked: the stored value is what the validator judges, and
        // the list must show exactly its mask.
        const masked = r.fields.filter((f) => f.mask && f.type !== "secret");
        const stored = new Map<number, Record<string, unknown>>();
        if (masked.length) {
          const columns = masked.map((f) => `"${f.column}" as "${f.name}"`).join(", ");
          const { rows } = await t.server.db.query<Record<string, unknown>>(`select id, ${columns} from ${r.table} where tenant_id = $1`, [tenantId]);
          for (const s of rows) stored.set(Number(s.id), s);
        }
        for (const row of page.body.data.list) {
          if (row.tenantId !== tenantId) problems.push(`${r.name} #${row.id}: tenant ${row.tenantId}`);
          for (const f of masked) {
            const plain = stored.get(row.id)?.[f.name];
            if (plain !== null && plain !== undefined && row[f.name] !== mask(f.mask!, plain as string)) problems.push(`${r.name} #${row.id}: ${f.name} not masked`);
            row[f.name] = plain;
          }
          const body = Object.fromEntries(r.fields.filter((f) => row[f.name] !== null && row[f.name] !== undefined).map((f) => [f.name, row[f.name]]));
          // A secret (a login password) is never returned, so a row cannot show one; a value the system
          // records by itself (a deduction's 预存款抵扣, offered: false) is refused on forms only.
          const recordedOnly = (name: string) => {
            const f = r.fields.find((x) => x.name === name);
            return !!f?.mapping && mappings[f.mapping]?.values[String(row[name])]?.offered === false;
          };
          const errors = validateResource(r.name, "create", body).filter((e) => r.fields.find((f) => f.name === e.field)?.type !== "secret" && !recordedOnly(e.field));
          if (errors.length) problems.push(`${r.name} #${row.id}: ${errors.map((e) => `${e.field} ${e.message}`).join(", ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("has rooms in every status 1 to 5 and residents with well-formed ID numbers and phones", async () => {
    const { rows } = await t.server.db.query<{ status: number }>("select distinct status from rooms where tenant_id = $1 order by status", [t.ids.tenantA]);
    expect(rows.map((r) => r.status)).toEqual([1, 2, 3, 4, 5]);
    const residents = await t.server.db.query<{ id_card: string | null; phone: string }>("select id_card, phone from inhabitants where tenant_id = $1", [t.ids.tenantA]);
    const withCard = residents.rows.filter((r) => r.id_card);
    expect(withCard.length).toBeGreaterThan(residents.rows.length * 0.8);
    for (const r of withCard) {
      expect(r.id_card).toMatch(/^\d{17}[\dX]$/);
      expect(r.id_card!.slice(17)).toBe(idCardCheckDigit(r.id_card!));
    }
    for (const r of residents.rows) expect(r.phone).toMatch(/^1\d{10}$/);
  });

  it("has licence rows for the five service types in tenant A", async () => {
    const { rows } = await t.server.db.query<{ service_type: number }>("select service_type from licence_quotas where tenant_id = $1 order by service_type", [t.ids.tenantA]);
    expect(rows.map((r) => r.service_type)).toEqual([209, 212, 217, 251, 252]);
  });
});
