// Four eyes (docs/payment.md): 作废, 退费/冲正, 减免 and 押金退还 are applied for by one person and
// approved by another. The applicant's own approval is refused with its message (the main account
// included); another holder of 收费审核 approves; the default 收费员 role applies but gets 403 on
// approving; with the tenant's rule off one person does both, and turning it off is in the operation
// log. Voiding a prepayment of months takes its future bills back to 草稿: never in arrears.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, colleague, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "./support.ts";

const SELF = { code: 40989, message: "申请人不能审核自己的申请" };

describe.each(backends)("four eyes on every reversal (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  let depositItem: number;
  /** Another user holding every code (收费审核 included). */
  let second: string;
  /** A user of the demo role 收费员. */
  let cashier: string;
  const today = chinaDay();

  beforeAll(async () => {
    fx = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "双人审核社区",
      Array.from({ length: 12 }, () => ({ area: "100.00" })),
    );
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "双人审核计价", pricingMethod: 1, unitPrice: "2.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    const manual = await priceType(t.server, t.admin, fx.communityId, { name: "押金计价", pricingMethod: 2, unitPrice: "1.00" });
    depositItem = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "装修押金", paymentType: 2, category: 2 });
    second = await colleague(t.server, t.admin, "fourEyes2");
    const { rows } = await t.server.db.query<{ authorities: string[] }>("select authorities from characters where tenant_id = $1 and name = '收费员'", [t.ids.tenantA]);
    expect(rows[0].authorities).not.toContain("PAYMENT_APPROVE");
    cashier = await colleague(t.server, t.admin, "fourEyesCashier", rows[0].authorities);
  });

  const call = (token: string, url: string, body?: unknown) => t.server.request("POST", url, { token, body });
  const post = (token: string, url: string, body?: unknown) => ok(t.server, "POST", url, token, body);
  /** Pays the room's first bill (cash) as the user: the payment and its receipt. */
  const payRoom = async (token: string, roomId: number) => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${roomId}`, token);
    return post(token, "/api/property/bills/actions/pay", { billIds: [room.bills[0].id], payMethod: 5, receivedAmount: room.bills[0].outstanding });
  };
  const receiptStatus = async (id: number) => Number((await t.server.db.query<{ status: number }>("select status from receipts where id = $1", [id])).rows[0].status);
  const expectSelf = (r: { status: number; body: { code: number; message: string } }) => {
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject(SELF);
  };
  const expectNoPermission = (r: { body: { status?: number } }) => expect(r.body.status).toBe(403);

  it("作废: applied for by one user, refused to the applicant (main account or not), 403 to 收费员, approved by another", async () => {
    const paid = await payRoom(cashier, fx.rooms[0].id);
    // The cashier who took the money applies; the receipt waits, nothing reversed yet.
    const applied = await post(cashier, `/api/property/receipts/${paid.receiptId}/actions/void`, { reason: "开错票据" });
    expect(applied).toMatchObject({ id: paid.receiptId, status: 3 });
    const bill = async () => (await ok(t.server, "GET", `/api/property/bills/actions/roomHistory?roomId=${fx.rooms[0].id}`, t.admin)).bills[0];
    expect((await bill()).status).toBe(4);
    expectNoPermission(await call(cashier, `/api/property/receipts/${paid.receiptId}/actions/approveVoid`));
    // A rejection returns it to 已开具; applied again, the main account approves it.
    await post(second, `/api/property/receipts/${paid.receiptId}/actions/rejectVoid`, { reason: "票据无误" });
    expect(await receiptStatus(paid.receiptId)).toBe(1);
    await post(cashier, `/api/property/receipts/${paid.receiptId}/actions/void`, { reason: "开错票据" });
    const voided = await post(t.admin, `/api/property/receipts/${paid.receiptId}/actions/approveVoid`);
    expect(voided).toMatchObject({ status: 2, reversedAmount: "200.00" });
    expect((await bill()).status).toBe(2);

    // The main account applies: its own approval is refused, another's works.
    const mine = await payRoom(t.admin, fx.rooms[1].id);
    await post(t.admin, `/api/property/receipts/${mine.receiptId}/actions/void`, { reason: "开错票据" });
    expectSelf(await call(t.admin, `/api/property/receipts/${mine.receiptId}/actions/approveVoid`));
    expect(await receiptStatus(mine.receiptId)).toBe(3);
    expect((await post(second, `/api/property/receipts/${mine.receiptId}/actions/approveVoid`)).status).toBe(2);
    const { rows } = await t.server.db.query<{ void_applied_by: number; voided_by: number }>("select void_applied_by, voided_by from receipts where id = $1", [mine.receiptId]);
    expect(rows[0].void_applied_by).not.toBe(rows[0].voided_by);

    // A user other than the main account is refused its own approval too.
    const theirs = await payRoom(second, fx.rooms[2].id);
    await post(second, `/api/property/receipts/${theirs.receiptId}/actions/void`, { reason: "开错票据" });
    expectSelf(await call(second, `/api/property/receipts/${theirs.receiptId}/actions/approveVoid`));
    expect((await post(t.admin, `/api/property/receipts/${theirs.receiptId}/actions/approveVoid`)).status).toBe(2);
  });

  it("退费/冲正: the applicant's approval is refused, 收费员 gets 403, another user approves", async () => {
    const paid = await payRoom(t.admin, fx.rooms[3].id);
    const refund = await post(cashier, "/api/property/refunds/actions/apply", { paymentId: paid.paymentIds[0], amount: "20.00", refundKind: 1, reason: "多收" });
    expectNoPermission(await call(cashier, `/api/property/refunds/${refund.id}/actions/approve`));
    expectNoPermission(await call(cashier, `/api/property/refunds/${refund.id}/actions/reject`, { reason: "不同意" }));
    const own = await post(t.admin, "/api/property/refunds/actions/apply", { paymentId: paid.paymentIds[0], amount: "30.00", refundKind: 2, reason: "多收" });
    expectSelf(await call(t.admin, `/api/property/refunds/${own.id}/actions/approve`));
    expect(await post(second, `/api/property/refunds/${own.id}/actions/approve`)).toMatchObject({ status: 2 });
    expect(await post(t.admin, `/api/property/refunds/${refund.id}/actions/approve`)).toMatchObject({ status: 2 });
  });

  it("减免: with the rule on every waiver waits (the 小额减免免审额度 does not apply), refused to its applicant, approved by another", async () => {
    await post(t.admin, "/api/property/paymentSettings/actions/save", { communityId: fx.communityId, section: "other", waiverAutoApproveLimit: "50.00" });
    const billId = (await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[4].id}`, t.admin)).bills[0].id;
    const small = await post(t.admin, "/api/property/waivers/actions/apply", { billId, waiverType: 2, amount: "10.00", reason: "困难住户" });
    expect(small.status).toBe(1);
    expectSelf(await call(t.admin, `/api/property/waivers/${small.id}/actions/approve`));
    expectNoPermission(await call(cashier, `/api/property/waivers/${small.id}/actions/approve`));
    expect(await post(second, `/api/property/waivers/${small.id}/actions/approve`)).toMatchObject({ status: 2 });
    const byCashier = await post(cashier, "/api/property/waivers/actions/apply", { billId, waiverType: 2, amount: "5.00", reason: "困难住户" });
    expect(byCashier.status).toBe(1);
    expect(await post(t.admin, `/api/property/waivers/${byCashier.id}/actions/approve`)).toMatchObject({ status: 2 });
  });

  it("押金退还: the applicant's approval is refused, 收费员 gets 403, another user approves", async () => {
    const deposit = await post(cashier, "/api/property/deposits", {
      communityId: fx.communityId,
      roomId: fx.rooms[5].id,
      paymentItemId: depositItem,
      amount: "1000.00",
      payMethod: 5,
      payerName: "王五",
    });
    const applied = await post(t.admin, `/api/property/deposits/${deposit.id}/actions/refund`, { refundAmount: "1000.00", refundMethod: 5 });
    expect(applied.status).toBe(2);
    expectNoPermission(await call(cashier, `/api/property/deposits/${deposit.id}/actions/approveRefund`));
    expectSelf(await call(t.admin, `/api/property/deposits/${deposit.id}/actions/approveRefund`));
    expect(await post(second, `/api/property/deposits/${deposit.id}/actions/approveRefund`)).toMatchObject({ status: 3 });
  });

  it("with the rules off one person applies and approves each; the change is in the operation log", async () => {
    await setFourEyes(t.server, t.admin, false);
    const { rows: logged } = await t.server.db.query<{ action: string; username: string }>(
      "select action, username from operation_logs where tenant_id = $1 and resource = 'approvalRules' order by id",
      [t.ids.tenantA],
    );
    expect(logged.length).toBeGreaterThanOrEqual(4);
    expect(logged.every((l) => l.username === "admin")).toBe(true);
    try {
      const paid = await payRoom(t.admin, fx.rooms[6].id);
      await post(t.admin, `/api/property/receipts/${paid.receiptId}/actions/void`, { reason: "开错票据" });
      expect((await post(t.admin, `/api/property/receipts/${paid.receiptId}/actions/approveVoid`)).status).toBe(2);

      const again = await payRoom(t.admin, fx.rooms[6].id);
      const refund = await post(t.admin, "/api/property/refunds/actions/apply", { paymentId: again.paymentIds[0], amount: "20.00", refundKind: 1, reason: "多收" });
      expect(await post(t.admin, `/api/property/refunds/${refund.id}/actions/approve`)).toMatchObject({ status: 2 });

      // The 小额减免免审额度 applies again: a small waiver takes effect at once, a larger one waits for anyone.
      const billId = (await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[7].id}`, t.admin)).bills[0].id;
      expect((await post(t.admin, "/api/property/waivers/actions/apply", { billId, waiverType: 2, amount: "10.00", reason: "困难住户" })).status).toBe(2);
      const large = await post(t.admin, "/api/property/waivers/actions/apply", { billId, waiverType: 2, amount: "60.00", reason: "困难住户" });
      expect(large.status).toBe(1);
      expect(await post(t.admin, `/api/property/waivers/${large.id}/actions/approve`)).toMatchObject({ status: 2 });

      const deposit = await post(t.admin, "/api/property/deposits", { communityId: fx.communityId, roomId: fx.rooms[7].id, paymentItemId: depositItem, amount: "500.00", payMethod: 5 });
      await post(t.admin, `/api/property/deposits/${deposit.id}/actions/refund`, { refundAmount: "500.00", refundMethod: 5 });
      expect(await post(t.admin, `/api/property/deposits/${deposit.id}/actions/approveRefund`)).toMatchObject({ status: 3 });
    } finally {
      await setFourEyes(t.server, t.admin, true);
    }
    // On again: refused as before.
    const paid = await payRoom(t.admin, fx.rooms[8].id);
    await post(t.admin, `/api/property/receipts/${paid.receiptId}/actions/void`, { reason: "开错票据" });
    expectSelf(await call(t.admin, `/api/property/receipts/${paid.receiptId}/actions/approveVoid`));
    // The rules are 收费审核's: the 收费员 cannot turn them off.
    expectNoPermission(await call(cashier, "/api/property/approvalRules", { rule: 1, required: false }));
  });

  it("voiding a prepayment of months takes its future bills back to 草稿: never in arrears, even past their due date", async () => {
    const room = fx.rooms[9].id;
    const prepaid = await post(t.admin, "/api/property/bills/actions/prepay", { roomId: room, paymentItemId: item, months: 3, payMethod: 1 });
    expect(prepaid.billIds).toHaveLength(3);
    const receiptId = Number((await t.server.db.query<{ id: number }>("select id from receipts where tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, prepaid.receiptNo])).rows[0].id);
    await post(t.admin, `/api/property/receipts/${receiptId}/actions/void`, { reason: "预缴有误" });
    await post(second, `/api/property/receipts/${receiptId}/actions/approveVoid`);
    const { rows } = await t.server.db.query<{ status: number; amount_paid: number; approver_id: number | null }>(
      "select status, amount_paid, approver_id from bills where tenant_id = $1 and id = any($2::bigint[]) order by period",
      [t.ids.tenantA, prepaid.billIds],
    );
    expect(rows.map((b) => [b.status, Number(b.amount_paid), b.approver_id])).toEqual(prepaid.billIds.map(() => [1, 0, null]));
    // Their due dates passed: still not owed (the room's bill of PERIOD is not due yet).
    await t.server.db.query("update bills set due_date = $3::date where tenant_id = $1 and id = any($2::bigint[])", [t.ids.tenantA, prepaid.billIds, addDays(today, -40)]);
    const arrears = await post(t.admin, "/api/property/arrears/actions/pageList", { communityId: fx.communityId, roomNo: "110", pageNo: 1, pageSize: 10 });
    expect(arrears.list).toEqual([]);
  });
});
