// Deposits and temporary charges (issue 16 items 2 and 3): collected at the cashier with a receipt,
// fixed once collected; a deposit is refunded in full or in part (deduction with a reason) after
// approval by 实收管理; a temporary charge to a room or a visitor counts in the daily settlement
// and the day's closing.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

describe.each(backends)("deposits and temporary charges (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let depositItem: number;
  let tempItem: number;
  let cashier: string;
  const post = (token: string, url: string, body?: unknown) => t.server.request("POST", url, { token, body });
  const message = (r: { body: unknown }) => JSON.stringify(r.body);

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "押金测试社区", [{ area: "90.00" }, { area: "80.00" }]);
    const manual = await priceType(t.server, t.admin, fx.communityId, { name: "押金计价", pricingMethod: 2, unitPrice: "1.00" });
    depositItem = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "装修押金", paymentType: 2, category: 2 });
    tempItem = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "停车卡工本费", paymentType: 2, category: 3 });
    const role = await post(t.admin, "/api/system/characters", { name: "押金收银员", authorities: ["HBL0701315"] });
    const user = await post(t.admin, "/api/system/users", { username: "depositcashier", password: "Cash-Pass-123", roleId: role.body.data.id });
    expect(user.status, user.text).toBe(200);
    cashier = await t.server.login("depositcashier", "Cash-Pass-123");
  });

  it("collects a deposit with a receipt; it cannot be edited or deleted afterwards", async () => {
    const r = await post(cashier, "/api/property/deposits", { communityId: fx.communityId, roomId: fx.rooms[0].id, paymentItemId: depositItem, amount: "2000.00", payMethod: 5, payerName: "王五" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ amount: "2000.00", status: 1 });
    expect(r.body.data.receiptNo).toMatch(/^SJ\d{10}$/);
    const receipt = await ok(t.server, "GET", `/api/property/receipts/${r.body.data.receiptId}/actions/print`, t.admin);
    expect(receipt).toMatchObject({ amount: "2000.00", roomNo: "101" });
    expect(receipt.lines[0]).toMatchObject({ itemName: "装修押金", amount: "2000.00", source: 3 });
    const edit = await t.server.request("PUT", `/api/property/deposits/${r.body.data.id}`, { token: t.admin, body: { amount: "1.00" } });
    expect(edit.status).toBe(400);
    expect(message(edit)).toContain("押金已收取，不能修改");
    const del = await t.server.request("DELETE", `/api/property/deposits/${r.body.data.id}`, { token: t.admin });
    expect(del.status).toBe(400);
    expect(message(del)).toContain("押金已收取，不能删除");
  });

  it("refuses a deposit for a room of another community, an amount of nothing or a disabled pay method", async () => {
    const other = await makeCommunity(t.server, t.ids.tenantA, "押金别的社区", [{ area: "50.00" }]);
    const wrongRoom = await post(t.admin, "/api/property/deposits", { communityId: fx.communityId, roomId: other.rooms[0].id, paymentItemId: depositItem, amount: "10.00", payMethod: 5 });
    expect(wrongRoom.status).toBe(400);
    expect(message(wrongRoom)).toContain("该房屋不属于所选社区");
    const zero = await post(t.admin, "/api/property/deposits", { communityId: fx.communityId, roomId: fx.rooms[0].id, paymentItemId: depositItem, amount: "0.00", payMethod: 5 });
    expect(zero.status).toBe(400);
    expect(message(zero)).toContain("请输入大于0的正实数,并且保留两位小数");
    expect(await t.server.count("deposits", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId])).toBe(1);
  });

  it("refunds a deposit in part with a deduction and its reason, after approval by 收费审核", async () => {
    const list = await ok(t.server, "POST", "/api/property/deposits/actions/pageList", t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id, status: 1 });
    expect(list.total).toBe(1);
    const id = list.list[0].id;
    const tooMuch = await post(cashier, `/api/property/deposits/${id}/actions/refund`, { refundAmount: "2000.01", refundMethod: 5 });
    expect(tooMuch.status).toBe(400);
    expect(message(tooMuch)).toContain("退还金额不能大于押金金额2000.00元");
    const noReason = await post(cashier, `/api/property/deposits/${id}/actions/refund`, { refundAmount: "1500.00", refundMethod: 5 });
    expect(noReason.status).toBe(400);
    expect(message(noReason)).toContain("部分退还时请输入扣除原因");
    const applied = await post(cashier, `/api/property/deposits/${id}/actions/refund`, { refundAmount: "1500.00", refundMethod: 5, deductionReason: "墙面损坏修复" });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 2, refundAmount: "1500.00", deductionAmount: "500.00" });
    // The cashier cannot approve it; 收费审核 rejects once, then approves.
    const denied = await post(cashier, `/api/property/deposits/${id}/actions/approveRefund`);
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
    const noRejectReason = await post(t.admin, `/api/property/deposits/${id}/actions/rejectRefund`, {});
    expect(noRejectReason.status).toBe(400);
    expect((await post(t.admin, `/api/property/deposits/${id}/actions/rejectRefund`, { rejectReason: "请先验收" })).body.data).toMatchObject({ status: 1 });
    await ok(t.server, "POST", `/api/property/deposits/${id}/actions/refund`, cashier, { refundAmount: "1500.00", refundMethod: 5, deductionReason: "墙面损坏修复" });
    const done = await post(t.admin, `/api/property/deposits/${id}/actions/approveRefund`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ status: 3, refundAmount: "1500.00", deductionAmount: "500.00" });
    expect(done.body.data.refundedAt).toBeTruthy();
    const rows = await t.server.db.query<{ amount: string; return_flag: number; source: number; receipt_no: string }>(
      "select amount, return_flag, source, receipt_no from payments where tenant_id = $1 and source = 3 and room_id = $2 order by id",
      [t.ids.tenantA, fx.rooms[0].id],
    );
    expect(rows.rows.map((p) => [Number(p.amount), p.return_flag])).toEqual([
      [200000, 0],
      [150000, 1],
    ]);
    expect(rows.rows[1].receipt_no).toBe(rows.rows[0].receipt_no);
    const again = await post(t.admin, `/api/property/deposits/${id}/actions/refund`, { refundAmount: "1.00", refundMethod: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("当前状态为“已退还”，不能申请退还");
  });

  it("charges a visitor a temporary fee with a receipt; it counts in the daily settlement and the day's closing", async () => {
    const none = await post(cashier, "/api/property/tempCharges", { communityId: fx.communityId, paymentItemId: tempItem, amount: "20.00", payMethod: 1 });
    expect(none.status).toBe(400);
    expect(message(none)).toContain("请选择房屋或输入访客姓名");
    const visitor = await post(cashier, "/api/property/tempCharges", { communityId: fx.communityId, visitorName: "李四", paymentItemId: tempItem, amount: "20.00", payMethod: 1 });
    expect(visitor.status, visitor.text).toBe(200);
    expect(visitor.body.data.receiptNo).toMatch(/^SJ\d{10}$/);
    const room = await ok(t.server, "POST", "/api/property/tempCharges", cashier, { communityId: fx.communityId, roomId: fx.rooms[1].id, paymentItemId: tempItem, amount: "15.50", payMethod: 1 });
    const receipt = await ok(t.server, "GET", `/api/property/receipts/${room.receiptId}/actions/print`, t.admin);
    expect(receipt.lines[0]).toMatchObject({ itemName: "停车卡工本费", amount: "15.50", source: 4 });
    const edit = await t.server.request("PUT", `/api/property/tempCharges/${room.id}`, { token: t.admin, body: { remark: "改" } });
    expect(edit.status).toBe(400);

    const today = chinaDay();
    const day = await ok(t.server, "GET", `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${today}`, t.admin);
    const wechat = day.rows.find((l: { payMethod: number; cashierName: string }) => l.payMethod === 1);
    expect(wechat).toMatchObject({ paymentCount: 2, recordedAmount: "35.50" });
    const cash = day.rows.filter((l: { payMethod: number }) => l.payMethod === 5);
    expect(cash.map((l: { netAmount: string }) => l.netAmount).sort()).toEqual(["-1500.00", "2000.00"].sort());
    const rows = day.rows.map((l: { payMethod: number; cashierId: number; netAmount: string }) => ({
      payMethod: l.payMethod,
      cashierId: l.cashierId,
      declaredAmount: l.netAmount.startsWith("-") ? "0.00" : l.netAmount,
      remark: "押金退还",
    }));
    const closed = await post(t.admin, "/api/property/reconciliations/actions/close", { communityId: fx.communityId, day: today, rows });
    expect(closed.status, closed.text).toBe(200);
    const closing = await t.server.db.query<{ recorded_amount: string; refund_amount: string; payment_count: number }>(
      "select recorded_amount, refund_amount, payment_count from daily_closings where tenant_id = $1 and community_id = $2",
      [t.ids.tenantA, fx.communityId],
    );
    expect(closing.rows.map((c) => [Number(c.recorded_amount), Number(c.refund_amount), c.payment_count])).toEqual([[200000 + 3550, 150000, 3]]);
  });
});
