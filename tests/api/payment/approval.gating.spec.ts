// Approval (issue item 3): generated bills are drafts until approved; only approved bills can be
// paid; approve and reject singly, by ids and by batch; a rejection needs a reason; every decision
// is recorded with who and when.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

describe.each(backends)("bill approval (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  let batchId: number;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "审核测试社区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }, { area: "110.00" }, { area: "120.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "审核计价", pricingMethod: 2, unitPrice: "100.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "审核项目" });
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    batchId = run.batches[0].id;
  });

  const pay = (billIds: number[]) => t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds, payMethod: 1 } });

  it("keeps generated bills as drafts that cannot be paid", async () => {
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.every((b) => b.status === 1)).toBe(true);
    const r = await pay([bills[0].id]);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/尚未审核，不能缴费$/);
    expect(await t.server.count("payments", "tenant_id = $1 and bill_id = $2", [t.ids.tenantA, bills[0].id])).toBe(0);
    // The cashier does not list drafts; it says how many wait for approval.
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    expect(room.bills).toEqual([]);
    expect(room.draftCount).toBe(1);
  });

  it("approves one bill, records who and when, and then lets it be paid", async () => {
    const [first] = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    const r = await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: [first.id] });
    expect(r).toMatchObject({ changed: 1, skipped: 0 });
    const { rows } = await t.server.db.query<{ decision: number; decider_id: number; decided_at: string }>(
      "select decision, decider_id, decided_at from bill_approvals where tenant_id = $1 and bill_id = $2",
      [t.ids.tenantA, first.id],
    );
    const adminId = (await t.server.db.query<{ id: number }>("select id from users where username = 'admin'")).rows[0].id;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ decision: 2, decider_id: adminId });
    expect(Date.now() - Date.parse(rows[0].decided_at)).toBeLessThan(120_000);
    // Approving again changes nothing.
    expect(await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { ids: [first.id] })).toMatchObject({ changed: 0, skipped: 1 });
    expect((await pay([first.id])).status).toBe(200);
  });

  it("rejects with a reason only, and a rejected bill cannot be paid until approved", async () => {
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2 and status = 1", [item]);
    const target = bills.slice(0, 2).map((b) => b.id);
    const noReason = await t.server.request("POST", "/api/property/bills/actions/reject", { token: t.admin, body: { ids: target } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe("请输入驳回原因");
    const bad = await t.server.request("POST", "/api/property/bills/actions/reject", { token: t.admin, body: { ids: target, reason: "<script>" } });
    expect(bad.body.message).toBe("内容含有特殊字符");
    expect(await ok(t.server, "POST", "/api/property/bills/actions/reject", t.admin, { ids: target, reason: "面积有误" })).toEqual({ changed: 2, skipped: 0 });
    const r = await pay([target[0]]);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/已驳回，不能缴费$/);
    const { rows } = await t.server.db.query<{ decision: number; reason: string }>("select decision, reason from bill_approvals where tenant_id = $1 and bill_id = $2", [t.ids.tenantA, target[0]]);
    expect(rows).toEqual([{ decision: 3, reason: "面积有误" }]);
    const rejected = await t.server.db.query<{ reject_reason: string; status: number }>("select reject_reason, status from bills where tenant_id = $1 and id = $2", [t.ids.tenantA, target[0]]);
    expect(rejected.rows[0]).toEqual({ reject_reason: "面积有误", status: 3 });
  });

  it("approves a whole batch at once (drafts and rejected), leaving paid bills alone", async () => {
    const r = await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { batchId });
    expect(r).toMatchObject({ changed: 4, skipped: 1 });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.status).sort()).toEqual([2, 2, 2, 2, 4]);
    // A paid bill cannot be rejected any more.
    const paid = bills.find((b) => b.status === 4)!;
    expect(await ok(t.server, "POST", "/api/property/bills/actions/reject", t.admin, { ids: [paid.id], reason: "撤回" })).toEqual({ changed: 0, skipped: 1 });
    // The bills decided on their own have a row each (1 approved, 2 rejected); the whole batch is one
    // decision, one row: the batch, the 4 bills it approved, what they are due (100.00 each), none paid
    // from a balance.
    expect(await t.server.count("bill_approvals", "tenant_id = $1 and bill_id in (select id from bills where payment_item_id = $2)", [t.ids.tenantA, item])).toBe(1 + 2);
    const { rows } = await t.server.db.query("select bill_id, decision, bill_count, amount_due, deducted_count, deducted_amount from bill_approvals where tenant_id = $1 and batch_id = $2", [
      t.ids.tenantA,
      batchId,
    ]);
    expect(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])))).toEqual([
      { bill_id: null, decision: 2, bill_count: 4, amount_due: 40000, deducted_count: 0, deducted_amount: 0 },
    ]);
    // The list of decisions shows it with its batch and figures.
    const decisions = await ok(t.server, "POST", "/api/property/billApprovals/actions/pageList", t.admin, { batchId, pageNo: 1, pageSize: 10 });
    expect(decisions.list).toHaveLength(1);
    expect(decisions.list[0]).toMatchObject({ billId: null, batchId, decision: 2, billCount: 4, amountDue: "400.00", deductedCount: 0, deductedAmount: "0.00" });
  });

  it("lists bills for the approval page by status and batch", async () => {
    const page = await ok(t.server, "POST", "/api/property/bills/actions/query", t.admin, { communityId: fx.communityId, batchId, status: [2], pageNo: 1, pageSize: 10 });
    expect(page.total).toBe(4);
    expect(page.list[0]).toMatchObject({ status: 2, itemName: "审核项目", amountDue: "100.00", outstanding: "100.00", roomLabel: expect.stringContaining("1栋-1单元-") });
    // A bill's number reads as its period and a number unique in the tenant: ZD203301-00001035.
    for (const bill of page.list as { billNo: string; period: string; id: number }[]) expect(bill.billNo).toBe(`ZD${bill.period.replace("-", "")}-${String(bill.id).padStart(8, "0")}`);
  });

  it("needs the approval authority", async () => {
    const r = await t.server.request("POST", "/api/property/bills/actions/approve", { token: t.staff, body: { batchId } });
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(403);
  });
});
