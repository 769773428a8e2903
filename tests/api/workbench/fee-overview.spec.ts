// The workbench's 收费概况 (issue "the money desk"): for the current community, 本月应收 (this China-time
// month's approved bills, drafts and rejected ones left out), 本月实收 (the month's business days:
// charges less refunds, a bill paid from the prepayment balance not counted), 收缴率 (what this
// month's bills brought in ÷ 应收, one decimal, half up), 欠费总额 (overdue approved bills, late fee
// as of today) and the approvals waiting, each only for a holder of its list's code; the payment
// report's code (HBL0701309) guards it, another tenant's community is a 404; the module catalogue
// offers the card to holders of that code only.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, setFourEyes, type Fixture } from "../payment/support.ts";

const URL = "/api/property/bills/actions/workBenchGetFeeOverview";

describe.each(backends)("workbench fee overview (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let today: string;
  let month: string;
  let lastMonthEnd: string;
  let refundsOnly: string;
  const overview = (token: string, communityId = fx.communityId) => ok(t.server, "GET", `${URL}?communityId=${communityId}`, token);

  beforeAll(async () => {
    // About something else than four eyes: one person applies and approves (docs/payment.md).
    await setFourEyes(t.server, t.admin, false);
    today = chinaDay();
    month = today.slice(0, 7);
    lastMonthEnd = addDays(`${month}-01`, -1);
    // Six rooms. Item M: 100.00 a room for this month, no late fee. Item O: 200.00 a room, a late
    // fee of 1‰ a day, generated for a far period and then made an earlier month's overdue bills.
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "收费概况测试社区",
      Array.from({ length: 6 }, () => ({ area: "50.00" })),
    );
    const fixed100 = await priceType(t.server, t.admin, fx.communityId, { name: "概况固定100", pricingMethod: 2, unitPrice: "100.00" });
    const fixed200 = await priceType(t.server, t.admin, fx.communityId, { name: "概况固定200", pricingMethod: 2, unitPrice: "200.00" });
    const itemM = await paymentItem(t.server, t.admin, fx.communityId, fixed100, { name: "本月物业费" });
    const itemO = await paymentItem(t.server, t.admin, fx.communityId, fixed200, { name: "往期物业费", lateFeeEnabled: true, lateFeeRate: "1.00", lateFeeGraceDays: 0 });
    await generate(t.server, t.admin, { period: month, paymentItemIds: [itemM] });
    await generate(t.server, t.admin, { period: "2031-01", paymentItemIds: [itemO] });
    const m = await billsOf(t.server, t.ids.tenantA, "community_id = $2 and payment_item_id = $3", [fx.communityId, itemM]);
    const o = await billsOf(t.server, t.ids.tenantA, "community_id = $2 and payment_item_id = $3", [fx.communityId, itemO]);
    expect(m.map((b) => b.period)).toEqual(Array(6).fill(month));
    expect(o).toHaveLength(6);

    // This month: rooms 0, 1, 2, 5 approved (400.00 due); room 3 rejected; room 4 left a draft.
    await approve(t.server, t.admin, [m[0].id, m[1].id, m[2].id, m[5].id]);
    await ok(t.server, "POST", "/api/property/bills/actions/reject", t.admin, { ids: [m[3].id], reason: "金额有误" });
    // Earlier bills: rooms 0, 1, 2, 4 approved; rooms 3 and 5 drafts.
    await approve(t.server, t.admin, [o[0].id, o[1].id, o[2].id, o[4].id]);

    // Room 0 paid this month's bill early, on the last day of last month: the bill's collection, not this month's money.
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [m[0].id], payMethod: 5 });
    await t.server.db.query("update payments set accounting_day = $2::date, paid_at = $3::timestamptz where tenant_id = $1 and bill_id = $4", [
      t.ids.tenantA,
      lastMonthEnd,
      `${lastMonthEnd}T12:00:00+08:00`,
      m[0].id,
    ]);
    // Room 1: this month's bill (100.00 by WeChat, 35.00 of it refunded) and its earlier bill (200.00, 20.00 of it asked back, not approved yet).
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [m[1].id], payMethod: 1 });
    await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [o[1].id], payMethod: 1 });
    const paymentOf = async (billId: number) => Number((await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and bill_id = $2", [t.ids.tenantA, billId])).rows[0].id);
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: await paymentOf(m[1].id), amount: "35.00", reason: "多收" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin);
    await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: await paymentOf(o[1].id), amount: "20.00", reason: "待核实" });
    // Room 2: a waiver of this month's bill waiting for approval (no automatic approval by default).
    const waiver = await ok(t.server, "POST", "/api/property/waivers/actions/apply", t.admin, { billId: m[2].id, waiverType: 2, amount: "10.00", reason: "困难减免" });
    expect(waiver.status).toBe(1);
    // Room 5: 150.00 recharged in cash, this month's bill paid from that balance (no money arriving).
    const account = await ok(t.server, "POST", "/api/property/prepayAccounts", t.admin, { communityId: fx.communityId, roomId: fx.rooms[5].id, autoDeduct: false });
    await ok(t.server, "POST", `/api/property/prepayAccounts/${account.id}/actions/recharge`, t.admin, { amount: "150.00", payMethod: 5 });
    await ok(t.server, "POST", "/api/property/bills/actions/payFromBalance", t.admin, { billIds: [m[5].id], expectedAmount: "100.00" });
    // Room 0: a deposit of 500.00 collected in cash, its full refund waiting for approval.
    const depositItem = await paymentItem(t.server, t.admin, fx.communityId, fixed100, { name: "装修押金", paymentType: 2, category: 2 });
    const deposit = await ok(t.server, "POST", "/api/property/deposits", t.admin, {
      communityId: fx.communityId,
      roomId: fx.rooms[0].id,
      paymentItemId: depositItem,
      amount: "500.00",
      payMethod: 5,
      payerName: "王五",
    });
    await ok(t.server, "POST", `/api/property/deposits/${deposit.id}/actions/refund`, t.admin, { refundAmount: "500.00", refundMethod: 5 });
    // A visitor's temporary charge of 12.50 in cash: fee income.
    const tempItem = await paymentItem(t.server, t.admin, fx.communityId, fixed100, { name: "临时停车", paymentType: 2, category: 3 });
    await ok(t.server, "POST", "/api/property/tempCharges", t.admin, { communityId: fx.communityId, visitorName: "赵六", paymentItemId: tempItem, amount: "12.50", payMethod: 5 });

    // Due dates: this month's bills not due yet; earlier ones overdue by 10, 20 (paid), 3 and 30
    // (a draft) days, room 4's due today (not overdue yet); all of last month's period.
    const setDue = (id: number, day: string, period?: string) =>
      t.server.db.query("update bills set due_date = $2::date, period = coalesce($3, period) where tenant_id = $4 and id = $1", [id, day, period ?? null, t.ids.tenantA]);
    for (const b of m) await setDue(b.id, addDays(today, 5));
    const lastMonth = lastMonthEnd.slice(0, 7);
    for (const [i, days] of [10, 20, 3, 30, 0, 40].entries()) await setDue(o[i].id, addDays(today, -days), lastMonth);

    const role = await ok(t.server, "POST", "/api/system/characters", t.admin, { name: "收费概况-退款", authorities: ["HBL0001", "HBL0701309", "HBL0701317"] });
    await ok(t.server, "POST", "/api/system/users", t.admin, { username: "feeoverview", password: "Fee-Pass-123", roleId: role.id });
    refundsOnly = await t.server.login("feeoverview", "Fee-Pass-123");
  });

  it("adds up this month's money, the collection rate, the arrears and the approvals waiting", async () => {
    const d = await overview(t.admin);
    expect(d).toEqual({
      communityId: fx.communityId,
      month,
      today,
      // Rooms 0, 1, 2, 5 approved: 4 × 100.00 (the rejected and the draft bill are not owed).
      amountDue: "400.00",
      // 实收 is fee income: room 1's 100.00 + room 1's earlier 200.00 − the 35.00 refund + room 5's
      // 100.00 paid from its balance + the 12.50 temporary charge; room 0's 100.00 was last month's.
      collected: "377.50",
      // Beside it, not in it: the 150.00 recharge and the 500.00 deposit (its refund still waiting).
      recharged: "150.00",
      deposits: "500.00",
      // This month's bills: 100.00 (paid last month) + 100.00 − 35.00 + 100.00 (from the balance).
      billCollected: "265.00",
      // 265 ÷ 400 = 66.25 %, half up.
      collectionRate: "66.3%",
      // Room 0: 200.00 + 200.00 × 1‰ × 10 = 202.00; room 2: 200.00 + 0.60 = 200.60. Room 1 paid,
      // room 3 a draft, room 4 due today, room 5 a draft.
      arrears: "402.60",
      pendingRefunds: 1,
      pendingWaivers: 1,
      pendingDepositRefunds: 1,
    });
  });

  it("shows the same 实收 as 收费日报, 收费月报, 社区汇总 and 日结, each with its breakdown", async () => {
    const d = await overview(t.admin);
    const communityId = fx.communityId;
    const monthly = await ok(t.server, "POST", "/api/property/reports/actions/charges", t.admin, { communityId, granularity: "month", start: month, end: month });
    expect(monthly.totals).toMatchObject({ net: d.collected, recharged: d.recharged, deposits: d.deposits, collected: "412.50", refunded: "35.00" });
    const daily = await ok(t.server, "POST", "/api/property/reports/actions/charges", t.admin, { communityId, granularity: "day", start: `${month}-01`, end: today });
    expect(daily.totals).toMatchObject({ net: d.collected, recharged: d.recharged, deposits: d.deposits });
    const summary = await ok(t.server, "POST", "/api/property/reports/actions/payment", t.admin, { startMonth: month, endMonth: month, communityIds: [communityId] });
    expect(summary.totals).toMatchObject({ income: d.collected, recharged: d.recharged, deposits: d.deposits });
    // Every payment but room 0's early one was booked today: the day's settlement has the month's money.
    const day = await ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${communityId}&day=${today}`, t.admin);
    expect(day.breakdown).toEqual({ income: d.collected, balanceDeducted: "100.00", recharged: "150.00", deposits: "500.00", arrived: "927.50" });
    // What arrived is what the settlement's lines add up to: 377.50 − 100.00 + 150.00 + 500.00.
    expect(day.totals.netAmount).toBe(day.breakdown.arrived);
    // Last month's last day: room 0's early payment, in its day and month alike.
    const early = await ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${communityId}&day=${lastMonthEnd}`, t.admin);
    const lastMonthly = await ok(t.server, "POST", "/api/property/reports/actions/charges", t.admin, {
      communityId,
      granularity: "month",
      start: lastMonthEnd.slice(0, 7),
      end: lastMonthEnd.slice(0, 7),
    });
    expect([early.breakdown.income, lastMonthly.totals.net]).toEqual(["100.00", "100.00"]);
  });

  it("answers zeros and 0.0% for a community with nothing billed", async () => {
    const empty = await makeCommunity(t.server, t.ids.tenantA, "无账单社区", [{ area: "10.00" }]);
    expect(await overview(t.admin, empty.communityId)).toEqual({
      communityId: empty.communityId,
      month,
      today,
      amountDue: "0.00",
      collected: "0.00",
      recharged: "0.00",
      deposits: "0.00",
      billCollected: "0.00",
      collectionRate: "0.0%",
      arrears: "0.00",
      pendingRefunds: 0,
      pendingWaivers: 0,
      pendingDepositRefunds: 0,
    });
  });

  it("gives each approval count only to a holder of its list's code", async () => {
    const d = await overview(refundsOnly);
    expect(d).toMatchObject({ amountDue: "400.00", collected: "377.50", collectionRate: "66.3%", arrears: "402.60" });
    expect([d.pendingRefunds, d.pendingWaivers, d.pendingDepositRefunds]).toEqual([1, null, null]);
  });

  it("needs the payment report's code (the 403 marker) and the tenant's own community (404)", async () => {
    const staff = await t.server.request("GET", `${URL}?communityId=${fx.communityId}`, { token: t.staff });
    expect(staff.status).toBe(401);
    expect(staff.body.status).toBe(403);
    const other = await t.server.request("GET", `${URL}?communityId=${fx.communityId}`, { token: t.admin2 });
    expect(other.status).toBe(404);
    const missing = await t.server.request("GET", URL, { token: t.admin });
    expect(missing.status).toBe(400);
  });

  it("is a module of the catalogue, full width, available to holders of the report's code", async () => {
    expect(await ok(t.server, "GET", "/api/management/item/feeOverview", t.admin)).toEqual({
      moduleId: "feeOverview",
      name: "收费概况",
      description: expect.any(String),
      width: 2,
      available: true,
    });
    const layout = await ok(t.server, "GET", `/api/management/layout?communityId=${fx.communityId}`, refundsOnly);
    expect(layout.isDefault).toBe(true);
    expect(layout.layout).toContainEqual({ moduleId: "feeOverview", w: 2 });
    const role = await ok(t.server, "POST", "/api/system/characters", t.admin, { name: "仅工作台", authorities: ["HBL0001"] });
    await ok(t.server, "POST", "/api/system/users", t.admin, { username: "benchonly", password: "Bench-Pass-123", roleId: role.id });
    const benchOnly = await t.server.login("benchonly", "Bench-Pass-123");
    expect(await ok(t.server, "GET", "/api/management/item/feeOverview", benchOnly)).toMatchObject({ available: false });
    const saved = await ok(t.server, "POST", "/api/management/layout", benchOnly, { communityId: fx.communityId, layout: ["feeOverview", "communityProfile"] });
    expect(saved.layout).toEqual([{ moduleId: "communityProfile", w: 2 }]);
  });
});
