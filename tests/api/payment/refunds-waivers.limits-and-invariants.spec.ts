// Refunds and waivers (issue item 5): refundable = paid − already refunded (pending ones held back),
// checked again on approval; an approved refund is a returnFlag 1 payment and makes the bill payable
// again; waivers follow the discount rule and never exceed what is owed; and the books always agree:
// for every room, due = paid + outstanding + waived, and collected − refunded = Σ paid on bills,
// collected = Σ receipts.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "./support.ts";

describe.each(backends)("refunds, waivers and invariants (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;

  beforeAll(async () => {
    // About the limits and states, not four eyes (four-eyes.spec.ts): one person applies and approves.
    await setFourEyes(t.server, t.admin, false);
    fx = await makeCommunity(t.server, t.ids.tenantA, "退款测试社区", [{ area: "100.00" }, { area: "80.00" }, { area: "60.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "退款计价", pricingMethod: 1, unitPrice: "2.00" });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    await generate(t.server, t.admin, { period: "2031-02", paymentItemIds: [item] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId])).map((b) => b.id),
    );
  });

  const payRoom = async (roomId: number, payMethod = 1) => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${roomId}`, t.admin);
    return ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [room.bills[0].id], payMethod });
  };

  it("limits a refund to what was paid minus what is refunded or waiting", async () => {
    const paid = await payRoom(fx.rooms[0].id); // 100 × 2.00 = 200.00
    const paymentId = paid.paymentIds[0];
    expect(await ok(t.server, "GET", `/api/property/payments/${paymentId}/actions/refundable`, t.admin)).toMatchObject({ amount: "200.00", refundable: "200.00" });
    const apply = (amount: string, reason = "多收退回") => t.server.request("POST", "/api/property/refunds/actions/apply", { token: t.admin, body: { paymentId, amount, reason } });
    expect((await apply("200.01")).body.message).toBe("输入的金额不能大于200.00");
    expect((await apply("")).body.message).toBe("请输入金额！");
    expect((await apply("1.001")).body.message).toBe("请输入数字类型，仅保留两位小数");
    expect((await apply("10.00", "")).body.message).toBe("请输入退款原因");
    const first = await apply("150.00");
    expect(first.status).toBe(200);
    // The pending 150.00 is held back.
    expect((await apply("50.01")).body.message).toBe("输入的金额不能大于50.00");
    const second = await apply("50.00");
    expect(second.status).toBe(200);
    expect((await apply("0.01")).body.message).toBe("该收款已无可退金额");

    // Approve the first: a refund row, the bill owes 150.00 again.
    const done = await ok(t.server, "POST", `/api/property/refunds/${first.body.data.id}/actions/approve`, t.admin);
    expect(done.serialNo).toMatch(/^R\d{12}$/);
    const { rows } = await t.server.db.query<{ amount: number; return_flag: number; receipt_no: string }>(
      "select amount, return_flag, receipt_no from payments where tenant_id = $1 and bill_id = (select bill_id from payments where id = $2) order by id",
      [t.ids.tenantA, paymentId],
    );
    expect(rows.map((r) => [Number(r.amount), r.return_flag])).toEqual([
      [20000, 0],
      [15000, 1],
    ]);
    expect(rows[1].receipt_no).toBe(paid.receiptNo);
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    expect(room.bills[0]).toMatchObject({ status: 5, amountPaid: "50.00", outstanding: "150.00" });
    // Approving twice is refused; rejecting needs a reason.
    expect((await t.server.request("POST", `/api/property/refunds/${first.body.data.id}/actions/approve`, { token: t.admin })).status).toBe(409);
    expect((await t.server.request("POST", `/api/property/refunds/${second.body.data.id}/actions/reject`, { token: t.admin, body: {} })).body.message).toBe("请输入驳回原因");
    await ok(t.server, "POST", `/api/property/refunds/${second.body.data.id}/actions/reject`, t.admin, { reason: "无需退款" });
    expect(await ok(t.server, "GET", `/api/property/payments/${paymentId}/actions/refundable`, t.admin)).toMatchObject({ refunded: "150.00", pending: "0.00", refundable: "50.00" });
    // A refund row itself cannot be refunded.
    const refundRow = (await t.server.db.query<{ id: number }>("select id from payments where tenant_id = $1 and return_flag = 1 and serial_no = $2", [t.ids.tenantA, done.serialNo])).rows[0].id;
    expect((await t.server.request("POST", "/api/property/refunds/actions/apply", { token: t.admin, body: { paymentId: refundRow, amount: "1.00", reason: "再退" } })).body.message).toBe(
      "退款记录不能再退款",
    );
  });

  it("waives by discount or amount within what is owed, with approval above the automatic limit", async () => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin); // 160.00 a month
    const billId = room.bills[0].id;
    const apply = (body: Record<string, unknown>) => t.server.request("POST", "/api/property/waivers/actions/apply", { token: t.admin, body: { billId, reason: "困难住户", ...body } });
    expect((await apply({ waiverType: 1, discount: "0" })).body.message).toBe("折扣率必须大于0");
    expect((await apply({ waiverType: 1, discount: "10.5" })).body.message).toBe("数字不能大于10");
    expect((await apply({ waiverType: 1, discount: "9.555" })).body.message).toBe("折扣率最多保留两位小数");
    expect((await apply({ waiverType: 2, amount: "160.01" })).body.message).toBe("输入的金额不能大于160.00");
    // 9.5 折 of 160.00: 8.00 off, waits for approval (the automatic limit is 0.00 here).
    const w = await apply({ waiverType: 1, discount: "9.5" });
    expect(w.body.data).toMatchObject({ status: 1, amount: "8.00" });
    expect((await apply({ waiverType: 2, amount: "152.01" })).body.message).toBe("输入的金额不能大于152.00");
    await ok(t.server, "POST", `/api/property/waivers/${w.body.data.id}/actions/approve`, t.admin);
    const after = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin);
    expect(after.bills[0]).toMatchObject({ amountWaived: "8.00", outstanding: "152.00" });
    // Under the automatic limit a waiver takes effect at once; waiving all that is left settles the bill.
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", waiverAutoApproveLimit: "200.00" });
    const all = await apply({ waiverType: 2, amount: "152.00" });
    expect(all.body.data.status).toBe(2);
    const bill = (await billsOf(t.server, t.ids.tenantA, "id = $2", [billId]))[0];
    expect(bill.status).toBe(4);
    expect((await apply({ waiverType: 2, amount: "1.00" })).body.message).toBe("只能对已审核且未缴清的账单减免");
  });

  it("keeps the books consistent for every room and in total", async () => {
    await payRoom(fx.rooms[2].id, 5);
    const r2 = await payRoom(fx.rooms[2].id, 2);
    const refund = await ok(t.server, "POST", "/api/property/refunds/actions/apply", t.admin, { paymentId: r2.paymentIds[0], amount: "120.00", reason: "全额退款" });
    await ok(t.server, "POST", `/api/property/refunds/${refund.id}/actions/approve`, t.admin);

    const num = (v: unknown) => Number(v ?? 0);
    for (const room of fx.rooms) {
      const { rows } = await t.server.db.query<Record<string, string>>(
        `select (select coalesce(sum(amount_due + late_fee), 0) from bills where tenant_id = $1 and room_id = $2 and status in (2, 4, 5)) as due,
                (select coalesce(sum(amount_waived), 0) from bills where tenant_id = $1 and room_id = $2) as waived,
                (select coalesce(sum(amount) filter (where return_flag is distinct from 1), 0) - coalesce(sum(amount) filter (where return_flag = 1), 0)
                   from payments where tenant_id = $1 and room_id = $2) as paid,
                (select coalesce(sum(amount), 0) from waivers where tenant_id = $1 and room_id = $2 and status = 2) as approved_waivers`,
        [t.ids.tenantA, room.id],
      );
      const cashier = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${room.id}`, t.admin);
      const outstanding = Math.round(Number(cashier.totals.outstanding) * 100);
      const r = rows[0];
      expect(num(r.due)).toBe(num(r.paid) + outstanding + num(r.waived));
      expect(num(r.waived)).toBe(num(r.approved_waivers));
    }
    const { rows } = await t.server.db.query<Record<string, string>>(
      `select (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and community_id = $2 and return_flag is distinct from 1) as collected,
              (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and community_id = $2 and return_flag = 1) as refunded,
              (select coalesce(sum(amount_paid), 0) from bills where tenant_id = $1 and community_id = $2) as on_bills,
              (select coalesce(sum(amount), 0) from receipts where tenant_id = $1 and community_id = $2) as receipts,
              (select coalesce(sum(amount), 0) from refunds where tenant_id = $1 and community_id = $2 and status = 2) as approved_refunds,
              (select count(*) from bills where tenant_id = $1 and community_id = $2 and amount_paid < 0) as negative`,
      [t.ids.tenantA, fx.communityId],
    );
    const totals = rows[0];
    expect(num(totals.collected) - num(totals.refunded)).toBe(num(totals.on_bills));
    expect(num(totals.collected)).toBe(num(totals.receipts));
    expect(num(totals.refunded)).toBe(num(totals.approved_refunds));
    expect(num(totals.negative)).toBe(0);
  });

  it("shows a room's history: bills, payments with labels' codes, refunds and waivers", async () => {
    const h = await ok(t.server, "GET", `/api/property/bills/actions/roomHistory?roomId=${fx.rooms[0].id}`, t.admin);
    expect(h.bills.length).toBe(2);
    expect(h.payments.map((p: { returnFlag: number }) => p.returnFlag)).toEqual([1, 0]);
    expect(h.refunds.map((r: { status: number }) => r.status).sort()).toEqual([2, 3]);
    expect(h.payments[1]).toMatchObject({ amount: "200.00", payMethod: 1, receiptId: expect.any(Number) });
  });
});
