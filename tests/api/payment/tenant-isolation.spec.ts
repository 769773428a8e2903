// Tenant isolation of every fee endpoint: tenant B's main account can neither read nor change
// tenant A's bills, payments, receipts, refunds, waivers, settings, tasks, days or report rows —
// another tenant's ids look like missing ones and change nothing. Also: the demo data's books agree.
import { beforeAll, describe, expect, it } from "vitest";
import { chinaDay } from "../../../src/common/china-time.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { ok, PERIOD } from "./support.ts";

describe.each(backends)("fee endpoints across tenants (%s)", (backend) => {
  const t = useDemoServer(backend);
  const a: Record<string, number> = {};

  beforeAll(async () => {
    const one = async (name: string, sql: string) => {
      a[name] = Number((await t.server.db.query<{ id: number }>(sql, [t.ids.tenantA])).rows[0].id);
    };
    await one("draft", "select id from bills where tenant_id = $1 and status = 1 order by id limit 1");
    await one("approved", "select id from bills where tenant_id = $1 and status = 2 order by id limit 1");
    await one("payment", "select id from payments where tenant_id = $1 and return_flag = 0 order by id limit 1");
    await one("receipt", "select id from receipts where tenant_id = $1 order by id limit 1");
    await one("refund", "select id from refunds where tenant_id = $1 and status = 1 order by id limit 1");
    await one("waiver", "select id from waivers where tenant_id = $1 and status = 1 order by id limit 1");
    await one("batch", "select id from bill_batches where tenant_id = $1 order by id limit 1");
    await one("task", "select id from tasks where tenant_id = $1 order by id limit 1");
    await one("item", "select id from payment_items where tenant_id = $1 order by id limit 1");
    await one("room", "select room_id as id from bills where tenant_id = $1 and status = 2 order by id limit 1");
  });

  const snapshot = async () =>
    (
      await t.server.db.query(
        `select (select md5(string_agg(id || ':' || status || ':' || amount_paid || ':' || amount_waived || ':' || version, ',' order by id)) from bills where tenant_id = $1) as bills,
                (select count(*) from payments where tenant_id = $1) as payments, (select count(*) from refunds where tenant_id = $1) as refunds,
                (select md5(string_agg(id || ':' || status, ',' order by id)) from refunds where tenant_id = $1) as refund_states,
                (select md5(string_agg(id || ':' || status, ',' order by id)) from waivers where tenant_id = $1) as waiver_states,
                (select count(*) from waivers where tenant_id = $1) as waivers, (select count(*) from payment_settings where tenant_id = $1) as settings,
                (select count(*) from daily_closings where tenant_id = $1) as closings, (select count(*) from tasks where tenant_id = $1) as tasks`,
        [t.ids.tenantA],
      )
    ).rows[0];

  it("refuses every write on tenant A's rows and changes nothing", async () => {
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/property/bills/actions/pay", { billIds: [a.approved], payMethod: 1 }],
      ["POST", "/api/property/bills/actions/approve", { ids: [a.draft] }],
      ["POST", "/api/property/bills/actions/approve", { batchId: a.batch }],
      ["POST", "/api/property/bills/actions/reject", { ids: [a.draft], reason: "越权" }],
      ["POST", "/api/property/bills/actions/generate", { period: PERIOD, paymentItemIds: [a.item] }],
      ["POST", "/api/property/refunds/actions/apply", { paymentId: a.payment, amount: "0.01", reason: "越权" }],
      ["POST", `/api/property/refunds/${a.refund}/actions/approve`, {}],
      ["POST", `/api/property/refunds/${a.refund}/actions/reject`, { reason: "越权" }],
      ["POST", "/api/property/waivers/actions/apply", { billId: a.approved, waiverType: 2, amount: "0.01", reason: "越权" }],
      ["POST", `/api/property/waivers/${a.waiver}/actions/approve`, {}],
      ["POST", `/api/property/waivers/${a.waiver}/actions/reject`, { reason: "越权" }],
      ["POST", "/api/property/paymentSettings/actions/save", { communityId: t.ids.communityA, section: "other", allowPartialPayment: true }],
      ["POST", "/api/property/reconciliations/actions/declare", { communityId: t.ids.communityA, day: chinaDay(), rows: [] }],
      ["POST", "/api/property/reconciliations/actions/close", { communityId: t.ids.communityA, day: chinaDay() }],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.server.request(method as "POST", url, { token: t.admin2, body });
      // approve / reject by ids simply match nothing of B's; everything else is not found.
      if (r.status === 200) expect([url, { changed: r.body.data.changed, skipped: r.body.data.skipped }]).toEqual([url, { changed: 0, skipped: 1 }]);
      else expect([url, r.status]).toEqual([url, 404]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("reads none of tenant A's rows", async () => {
    const notFound = [
      `/api/property/bills/actions/roomBills?roomId=${a.room}`,
      `/api/property/bills/actions/roomHistory?roomId=${a.room}`,
      `/api/property/receipts/${a.receipt}/actions/print`,
      `/api/property/payments/${a.payment}/actions/refundable`,
      `/api/property/bills/actions/generationTask?id=${a.task}`,
      `/api/property/paymentSettings/actions/get?communityId=${t.ids.communityA}`,
      `/api/property/bill/steer?communityId=${t.ids.communityA}`,
      `/api/property/reconciliations/actions/day?communityId=${t.ids.communityA}&day=${chinaDay()}`,
      `/api/property/reconciliations/actions/dayExport?communityId=${t.ids.communityA}&day=${chinaDay()}`,
      `/api/property/bills/${a.approved}`,
      `/api/property/payments/${a.payment}`,
    ];
    for (const url of notFound) expect([url, (await t.server.request("GET", url, { token: t.admin2 })).status]).toEqual([url, 404]);

    // Naming tenant A's community is answered as naming a missing one (the edge's scope guard).
    expect((await t.server.request("POST", "/api/property/bills/actions/query", { token: t.admin2, body: { communityId: t.ids.communityA, pageNo: 1, pageSize: 50 } })).status).toBe(404);
    const own = await ok(t.server, "POST", "/api/property/bills/actions/query", t.admin2, { pageNo: 1, pageSize: 500 });
    const bills = await t.server.db.query<{ id: number }>("select id from bills where tenant_id = $1", [t.ids.tenantB]);
    expect(own.total).toBe(bills.rows.length);
    const report = await ok(t.server, "POST", "/api/property/reports/actions/payment", t.admin2, { startMonth: "2000-01", endMonth: "2002-12" });
    expect(report.list).toEqual([]);
    const named = await t.server.request("POST", "/api/property/reports/actions/payment", { token: t.admin2, body: { startMonth: "2020-01", endMonth: "2022-12", communityIds: [t.ids.communityA] } });
    expect(named.status).toBe(404);
    const tasks = await ok(t.server, "GET", "/api/management/taskCentre/actions/list?pageSize=500", t.admin2);
    expect(tasks.list.every((task: { id: number }) => task.id !== a.task)).toBe(true);
    expect(tasks.total).toBe(await t.server.count("tasks", "tenant_id = $1", [t.ids.tenantB]));
  });

  it("keeps the demo data's books consistent in both tenants", async () => {
    for (const tenantId of [t.ids.tenantA, t.ids.tenantB]) {
      const { rows } = await t.server.db.query<Record<string, string>>(
        `select (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and return_flag is distinct from 1) as collected,
                (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and return_flag is distinct from 1 and bill_id is not null) as collected_on_bills,
                (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and return_flag = 1 and bill_id is not null) as refunded,
                (select coalesce(sum(amount_paid), 0) from bills where tenant_id = $1) as on_bills,
                (select coalesce(sum(amount), 0) from receipts where tenant_id = $1) as receipts,
                (select coalesce(sum(amount), 0) from waivers where tenant_id = $1 and status = 2) as waived,
                (select coalesce(sum(amount_waived), 0) from bills where tenant_id = $1) as waived_on_bills,
                (select count(*) from bills where tenant_id = $1 and amount_paid + amount_waived > amount_due + late_fee) as over`,
        [tenantId],
      );
      const sums = rows[0];
      // Bill payments against the bills; prepayment, deposits and temporary charges have no bill, but a receipt.
      expect(Number(sums.collected_on_bills) - Number(sums.refunded)).toBe(Number(sums.on_bills));
      expect(Number(sums.collected)).toBe(Number(sums.receipts));
      expect(Number(sums.waived)).toBe(Number(sums.waived_on_bills));
      expect(Number(sums.over)).toBe(0);
      expect(Number(sums.collected)).toBeGreaterThan(0);
    }
  });
});
