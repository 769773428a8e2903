// Four eyes on prices (rule 调价, docs/payment.md "Four eyes"): while the rule is on, a pricing type's
// price change waits for another user's approval — the pricing type keeps its price and bill
// generation uses it; the applicant's own approval is refused (40989), the demo role 收费员 gets 403 on
// deciding, another holder of 收费审核 approves and the new price bills; a rejection keeps the old one.
// One waiting change per pricing type; name and remark edits and new pricing types stay direct; with
// the rule off a save applies at once; another tenant's rows are not found.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, colleague, generate, makeCommunity, ok, paymentItem, priceType, setFourEyes, type Fixture } from "./support.ts";

const HELD = "调价已提交，待审核后生效";

describe.each(backends)("price changes wait for approval (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let second: string;
  let cashier: string;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "调价审核社区", [{ area: "100.00" }, { area: "50.00" }]);
    second = await colleague(t.server, t.admin, "priceChange2");
    const { rows } = await t.server.db.query<{ authorities: string[] }>("select authorities from characters where tenant_id = $1 and name = '收费员'", [t.ids.tenantA]);
    expect(rows[0].authorities).not.toContain("PAYMENT_APPROVE");
    cashier = await colleague(t.server, t.admin, "priceChangeCashier", [...rows[0].authorities, "HBL1913"]);
  });

  const put = (token: string, id: number, body: unknown) => t.server.request("PUT", `/api/property/priceTypes/${id}`, { token, body });
  const act = (token: string, id: number, action: "approve" | "reject", body?: unknown) => t.server.request("POST", `/api/property/priceChanges/${id}/actions/${action}`, { token, body });
  const priceOf = async (id: number) => (await ok(t.server, "GET", `/api/property/priceTypes/${id}`, t.admin)).unitPrice as string;
  const changesOf = async (priceTypeId: number) =>
    (await ok(t.server, "POST", "/api/property/priceChanges/actions/pageList", t.admin, { pageNo: 1, pageSize: 50, communityId: fx.communityId, priceTypeId })).list as {
      id: number;
      status: number;
      applicantId: number;
      previousText: string;
      proposedText: string;
      rejectReason: string | null;
    }[];
  /** Bills of the item and period: the amounts due in fen, room by room. */
  const amounts = async (item: number, period: string) => (await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2 and period = $3", [item, period])).map((b) => b.amount_due);

  it("holds the change until another user approves it: the old price bills meanwhile, the new one after", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "调价面积计价", pricingMethod: 1, unitPrice: "2.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "调价物业费" });
    const saved = await put(t.admin, pt, { name: "调价面积计价", pricingMethod: 1, unitPrice: "3.00", billingCycle: 1, remark: "拟上调" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 0, message: HELD });
    // The rest of the save is written; the price is not.
    expect(saved.body.data).toMatchObject({ unitPrice: "2.00", remark: "拟上调" });
    expect(await priceOf(pt)).toBe("2.00");
    const [change] = await changesOf(pt);
    expect(change).toMatchObject({ status: 1, previousText: expect.stringContaining("单价(元)：2.00"), proposedText: expect.stringContaining("单价(元)：3.00") });

    await generate(t.server, t.admin, { period: "2031-03", paymentItemIds: [item] });
    expect(await amounts(item, "2031-03")).toEqual([20000, 10000]);

    // The applicant (the main account) may not approve it; 收费员 may neither approve nor reject.
    const self = await act(t.admin, change.id, "approve");
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 40989, message: "申请人不能审核自己的申请" });
    expect((await act(cashier, change.id, "approve")).body.status).toBe(403);
    expect((await act(cashier, change.id, "reject", { rejectReason: "不同意" })).body.status).toBe(403);
    expect(await priceOf(pt)).toBe("2.00");

    const approved = await act(second, change.id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 2 });
    expect(await priceOf(pt)).toBe("3.00");
    await generate(t.server, t.admin, { period: "2031-04", paymentItemIds: [item] });
    expect(await amounts(item, "2031-04")).toEqual([30000, 15000]);

    // Both steps are in the operation log: the application, the approval and the price applied.
    const { rows } = await t.server.db.query<{ resource: string; action: string }>(
      "select resource, action from operation_logs where tenant_id = $1 and ((resource = 'priceChanges' and target_id = $2) or (resource = 'priceTypes' and target_id = $3)) order by id",
      [t.ids.tenantA, String(change.id), String(pt)],
    );
    expect(rows.map((r) => `${r.resource}.${r.action}`)).toEqual(expect.arrayContaining(["priceChanges.create", "priceChanges.approve", "priceTypes.update"]));
    // A pricing type with a change on record is not deleted (the change, like its item, names it).
    const removed = await t.server.request("DELETE", `/api/property/priceTypes/${pt}`, { token: t.admin });
    expect(removed.body.code, removed.text).not.toBe(0);
    expect(await priceOf(pt)).toBe("3.00");
  });

  it("a cashier applies, one change waits per pricing type (409 naming it), a rejection needs a reason and keeps the price", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "调价固定计价", pricingMethod: 2, unitPrice: "50.00" });
    const held = await put(cashier, pt, { unitPrice: "60.00" });
    expect(held.body).toMatchObject({ code: 0, message: HELD });
    const again = await put(t.admin, pt, { unitPrice: "70.00" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40990, message: "计价类型“调价固定计价”已有一条待审核的调价，请先审核或驳回后再调价" });
    // A name, remark or enabled edit is not a price change: it is written at once.
    const renamed = await put(t.admin, pt, { name: "调价固定计价二", remark: "改名", enabled: true });
    expect(renamed.body).toMatchObject({ code: 0, message: "保存成功", data: { name: "调价固定计价二", unitPrice: "50.00" } });
    // Saving the price it already has is no change either.
    expect((await put(t.admin, pt, { pricingMethod: 2, unitPrice: "50.00" })).body.message).toBe("保存成功");

    const [change] = await changesOf(pt);
    const missing = await act(second, change.id, "reject", {});
    expect(missing.status).toBe(400);
    const rejected = await act(t.admin, change.id, "reject", { rejectReason: "价格未经业委会同意" });
    expect(rejected.body.data).toMatchObject({ status: 3, rejectReason: "价格未经业委会同意" });
    expect(await priceOf(pt)).toBe("50.00");
    // Decided: no second decision, and a new change may be applied for.
    expect((await act(second, change.id, "approve")).status).toBe(409);
    expect((await put(t.admin, pt, { unitPrice: "55.00" })).body.message).toBe(HELD);
  });

  it("validates on approval as a save would: a formula change is parsed when applied for and applied with its names", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "调价公式计价", pricingMethod: 1, unitPrice: "1.00" });
    const bad = await put(t.admin, pt, { pricingMethod: 5, formula: "面积×单价+foo" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(40041);
    const noUnit = await put(t.admin, pt, { pricingMethod: 3 });
    expect(noUnit.status).toBe(400);
    expect(await changesOf(pt)).toEqual([]);
    expect((await put(t.admin, pt, { pricingMethod: 5, formula: "面积×单价+附加费", surcharge: "5.00" })).body.message).toBe(HELD);
    const [change] = await changesOf(pt);
    await ok(t.server, "POST", `/api/property/priceChanges/${change.id}/actions/approve`, second);
    const row = await ok(t.server, "GET", `/api/property/priceTypes/${pt}`, t.admin);
    expect(row).toMatchObject({ pricingMethod: 5, formula: "面积×单价+附加费", formulaVariables: "面积、单价、附加费", surcharge: "5.00", unitPrice: "1.00" });
  });

  it("with the rule 调价 off a save applies at once, and the applicant may approve a change that waited", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "调价规则计价", pricingMethod: 2, unitPrice: "10.00" });
    expect((await put(t.admin, pt, { unitPrice: "11.00" })).body.message).toBe(HELD);
    const [change] = await changesOf(pt);
    await setFourEyes(t.server, t.admin, false, [5]);
    try {
      const direct = await put(t.admin, pt, { unitPrice: "12.00" });
      expect(direct.body).toMatchObject({ message: "保存成功", data: { unitPrice: "12.00" } });
      expect(await priceOf(pt)).toBe("12.00");
      expect((await act(t.admin, change.id, "approve")).body.data).toMatchObject({ status: 2 });
      expect(await priceOf(pt)).toBe("11.00");
    } finally {
      await setFourEyes(t.server, t.admin, true, [5]);
    }
  });

  it("another tenant's pricing types and price changes are not found", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "调价租户计价", pricingMethod: 2, unitPrice: "8.00" });
    expect((await put(t.admin, pt, { unitPrice: "9.00" })).body.message).toBe(HELD);
    const [change] = await changesOf(pt);
    expect((await put(t.admin2, pt, { unitPrice: "1.00" })).status).toBe(404);
    expect((await act(t.admin2, change.id, "approve")).status).toBe(404);
    expect((await t.server.request("GET", `/api/property/priceChanges/${change.id}`, { token: t.admin2 })).status).toBe(404);
    const theirs = await ok(t.server, "POST", "/api/property/priceChanges/actions/pageList", t.admin2, { pageNo: 1, pageSize: 50 });
    expect((theirs.list as { id: number }[]).some((r) => r.id === change.id)).toBe(false);
    expect(await priceOf(pt)).toBe("8.00");
  });
});
