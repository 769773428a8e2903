// The demo data of prepayment, deposits, temporary charges and arrears (issue 16 item 7): accounts
// with balances that agree with their ledgers, bills paid by auto-deduction, deposits held, waiting
// and refunded, temporary charges to rooms and a visitor, rooms in every ageing bucket and their dunning notices, published to the rooms' residents.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { ok } from "./support.ts";

describe.each(backends)("fee demo data (%s)", (backend) => {
  const t = useDemoServer(backend);

  it("has prepayment accounts whose balances agree with their ledgers, some paid bills by auto-deduction", async () => {
    const { rows } = await t.server.db.query<{ id: number; balance: string; ledger: string; deductions: number }>(
      `select a.id, a.balance,
              coalesce(sum(case x.tx_type when 1 then x.amount else -x.amount end) filter (where x.status = 2), 0)::bigint as ledger,
              count(*) filter (where x.tx_type = 2)::int as deductions
         from prepay_accounts a left join prepay_transactions x on x.tenant_id = a.tenant_id and x.account_id = a.id
        where a.tenant_id = $1 group by a.id, a.balance`,
      [t.ids.tenantA],
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect(Number(r.balance)).toBe(Number(r.ledger));
    expect(rows.some((r) => r.deductions > 0)).toBe(true);
    expect(await t.server.count("prepay_transactions", "tenant_id = $1 and tx_type = 3 and status = 1", [t.ids.tenantA])).toBeGreaterThan(0);
  });

  it("has deposits in every state and temporary charges to rooms and a visitor", async () => {
    const { rows } = await t.server.db.query<{ status: number }>("select distinct status from deposits where tenant_id = $1 order by 1", [t.ids.tenantA]);
    expect(rows.map((r) => r.status)).toEqual([1, 2, 3]);
    expect(await t.server.count("temp_charges", "tenant_id = $1 and room_id is null and visitor_name is not null", [t.ids.tenantA])).toBeGreaterThan(0);
    expect(await t.server.count("temp_charges", "tenant_id = $1 and receipt_no is null", [t.ids.tenantA])).toBe(0);
  });

  it("has rooms in arrears in every ageing bucket", async () => {
    for (const bucket of [1, 2, 3, 4]) {
      const page = await ok(t.server, "POST", "/api/property/arrears/actions/pageList", t.admin, { pageNo: 1, pageSize: 5, bucket });
      expect(page.total, `bucket ${bucket}`).toBeGreaterThan(0);
    }
  });

  it("has dunning notices made by a task, each listing its bills", async () => {
    expect(await t.server.count("dunning_notices", "tenant_id = $1 and task_id is not null and jsonb_array_length(bills) > 0", [t.ids.tenantA])).toBeGreaterThanOrEqual(3);
    expect(await t.server.count("dunning_notices", "tenant_id = $1 and (task_id is null or bills is null)", [t.ids.tenantA])).toBe(0);
  });

  it("publishes each dunning notice to its room's residents as a 催缴通知 notice", async () => {
    const { rows } = await t.server.db.query<{ notices: number; published: number; addressed: number }>(
      `select count(*)::int as notices, count(n.id)::int as published, count(*) filter (where n.room_id = d.room_id and n.notice_type = 5 and n.publish_status = 1)::int as addressed
         from dunning_notices d left join notices n on n.tenant_id = d.tenant_id and n.id = d.published_notice_id
        where d.tenant_id = $1`,
      [t.ids.tenantA],
    );
    expect(rows[0].notices).toBeGreaterThanOrEqual(3);
    expect(rows[0].published).toBe(rows[0].notices);
    expect(rows[0].addressed).toBe(rows[0].notices);
  });
});
