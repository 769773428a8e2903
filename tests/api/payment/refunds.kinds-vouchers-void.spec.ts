// Two kinds of refund, their vouchers and voiding a receipt (the money desk): a 退费 reduces the charge —
// the bill stays settled (its state and 缴清时间), records the reduction and stays out of arrears; a
// 冲正 reverses the payment — the bill owes it again and shows in arrears; both count as refunds of
// the day. Each approved refund gets a voucher number, consecutive per tenant and month; the voucher
// and the receipt read say what was refunded. A receipt is voided only while nothing of it was handed
// over (its day open, no refund) or after a full 冲正, else refused with its own message; voiding keeps
// the number sequence gap-free and reverses the receipt's payments. The main account applies for
// refunds and voids, another user approves them (four eyes).
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, colleague, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

describe.each(backends)("refund kinds, vouchers and voiding receipts (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let closing: Fixture;
  const today = chinaDay();
  const month = today.slice(0, 7).replace("-", "");

  /** A community of rooms of 100 ㎡ at 2.00: one approved bill of 200.00 each, due 20 days ago. */
  const community = async (name: string, rooms: number) => {
    const c = await makeCommunity(
      t.server,
      t.ids.tenantA,
      name,
      Array.from({ length: rooms }, () => ({ area: "100.00" })),
    );
    const pt = await priceType(t.server, t.admin, c.communityId, { name: `${name}计价`, pricingMethod: 1, unitPrice: "2.00" });
    const item = await paymentItem(t.server, t.admin, c.communityId, pt, { name: "物业费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [c.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    await t.server.db.query("update bills set due_date = $3::date where tenant_id = $1 and community_id = $2", [t.ids.tenantA, c.communityId, addDays(today, -20)]);
    return c;
  };

  /** Another user holding 收费审核: approves what the main account applied for. */
  let second: string;

  beforeAll(async () => {
    second = await colleague(t.server, t.admin, "refundApprover");
    fx = await community("退款类型社区", 10);
    closing = await community("日结作废社区", 3);
  });

  const post = (url: string, body?: unknown) => ok(t.server, "POST", url, t.admin, body);
  const get = (url: string) => ok(t.server, "GET", url, t.admin);
  const billOf = async (roomId: number) => (await get(`/api/property/bills/actions/roomHistory?roomId=${roomId}`)).bills[0];
  const payRoom = async (roomId: number) => {
    const room = await get(`/api/property/bills/actions/roomBills?roomId=${roomId}`);
    return post("/api/property/bills/actions/pay", { billIds: [room.bills[0].id], payMethod: 1 });
  };
  const applyRefund = (paymentId: number, amount: string, refundKind: number) => post("/api/property/refunds/actions/apply", { paymentId, amount, refundKind, reason: "业主申请退款" });
  const approveRefund = (id: number) => ok(t.server, "POST", `/api/property/refunds/${id}/actions/approve`, second);
  const arrearsOf = async (c: Fixture, roomNo: string) => (await post("/api/property/arrears/actions/pageList", { communityId: c.communityId, roomNo, pageNo: 1, pageSize: 10 })).list;
  const dayRefunds = async (c: Fixture) => Number((await get(`/api/property/reconciliations/actions/day?communityId=${c.communityId}&day=${today}`)).totals.refundAmount);
  /** Applied for by the main account, approved by the other user: the answer of the step that refused, else of the approval. */
  const voidReceipt = async (id: number, reason: unknown = "开错票据") => {
    const applied = await t.server.request("POST", `/api/property/receipts/${id}/actions/void`, { token: t.admin, body: { reason } });
    if (applied.status !== 200) return applied;
    return t.server.request("POST", `/api/property/receipts/${id}/actions/approveVoid`, { token: second });
  };
  const voucherNumber = (no: string) => Number(no.split("-")[1]);
  const receiptNumber = (no: string) => Number(no.slice(-10));

  it("a 退费 leaves the bill settled, records the reduction and keeps the room out of arrears", async () => {
    const paid = await payRoom(fx.rooms[0].id);
    const before = await billOf(fx.rooms[0].id);
    expect(before).toMatchObject({ status: 4, amountDue: "200.00", amountPaid: "200.00", amountReduced: "0.00", outstanding: "0.00" });
    const refundsBefore = await dayRefunds(fx);
    const refund = await applyRefund(paid.paymentIds[0], "50.00", 1);
    const done = await approveRefund(refund.id);
    expect(done.voucherNo).toMatch(new RegExp(`^TK${month}-\\d{6}$`));
    const after = await billOf(fx.rooms[0].id);
    // Settled as before, the same 缴清时间; the row adds up: 应收 = 已收 + 减免 + 未缴, the charge was 应收 + 退费减收.
    expect(after).toMatchObject({ status: 4, amountDue: "150.00", amountPaid: "150.00", amountWaived: "0.00", amountReduced: "50.00", outstanding: "0.00", paidAt: before.paidAt });
    expect(await arrearsOf(fx, "101")).toEqual([]);
    expect((await get(`/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`)).totals.outstanding).toBe("0.00");
    // A refund row of the day like any refund.
    expect(await dayRefunds(fx)).toBe(refundsBefore + 50);
    const { rows } = await t.server.db.query<{ return_flag: number; amount: string; refund_id: string }>(
      "select return_flag, amount, refund_id from payments where tenant_id = $1 and bill_id = $2 order by id",
      [t.ids.tenantA, after.id],
    );
    expect(rows.map((r) => [r.return_flag, Number(r.amount), r.refund_id === null ? null : Number(r.refund_id)])).toEqual([
      [0, 20000, null],
      [1, 5000, refund.id],
    ]);
  });

  it("a 冲正 re-opens the bill, which shows in arrears again", async () => {
    const paid = await payRoom(fx.rooms[1].id);
    expect(await arrearsOf(fx, "102")).toEqual([]);
    const refundsBefore = await dayRefunds(fx);
    await approveRefund((await applyRefund(paid.paymentIds[0], "80.00", 2)).id);
    expect(await billOf(fx.rooms[1].id)).toMatchObject({ status: 5, amountDue: "200.00", amountPaid: "120.00", amountReduced: "0.00", outstanding: "80.00", paidAt: null });
    expect((await arrearsOf(fx, "102")).map((r: { amountOwed: string }) => r.amountOwed)).toEqual(["80.00"]);
    expect(await dayRefunds(fx)).toBe(refundsBefore + 80);
    // Reversed in full: owed in full (已审核).
    const whole = await payRoom(fx.rooms[2].id);
    await approveRefund((await applyRefund(whole.paymentIds[0], "200.00", 2)).id);
    expect(await billOf(fx.rooms[2].id)).toMatchObject({ status: 2, amountPaid: "0.00", outstanding: "200.00" });
    expect((await arrearsOf(fx, "103")).map((r: { amountOwed: string }) => r.amountOwed)).toEqual(["200.00"]);
  });

  it("refuses a refund without a kind it knows", async () => {
    const paid = await payRoom(fx.rooms[3].id);
    const r = await t.server.request("POST", "/api/property/refunds/actions/apply", { token: t.admin, body: { paymentId: paid.paymentIds[0], amount: "1.00", refundKind: 3, reason: "退款" } });
    expect([r.status, r.body.message]).toEqual([400, "请选择退款类型"]);
  });

  it("numbers the vouchers of approved refunds consecutively, uniquely, per tenant and month", async () => {
    const paid = await payRoom(fx.rooms[4].id);
    const paymentId = paid.paymentIds[0];
    const first = await approveRefund((await applyRefund(paymentId, "10.00", 1)).id);
    // A rejected refund takes no number.
    const rejected = await applyRefund(paymentId, "10.00", 2);
    await post(`/api/property/refunds/${rejected.id}/actions/reject`, { reason: "无需退款" });
    const second = await approveRefund((await applyRefund(paymentId, "10.00", 2)).id);
    const third = await approveRefund((await applyRefund(paymentId, "10.00", 1)).id);
    const numbers = [first, second, third].map((d) => d.voucherNo as string);
    for (const n of numbers) expect(n.startsWith(`TK${month}-`)).toBe(true);
    expect(numbers.map(voucherNumber)).toEqual([0, 1, 2].map((i) => voucherNumber(numbers[0]) + i));
    const { rows } = await t.server.db.query<{ n: number; distinct_n: number; max_n: number; rejected: string | null }>(
      `select count(voucher_no)::int as n, count(distinct voucher_no)::int as distinct_n,
              max(substr(voucher_no, 10)::int) as max_n, (select voucher_no from refunds where id = $2) as rejected
         from refunds where tenant_id = $1 and voucher_no like $3`,
      [t.ids.tenantA, rejected.id, `TK${month}-%`],
    );
    // Every approved refund of the tenant this month has its own number, 1 … n without a gap.
    expect(rows[0]).toMatchObject({ n: rows[0].distinct_n, max_n: rows[0].n, rejected: null });
  });

  it("prints the voucher of an approved refund and refuses one for a refund not approved", async () => {
    const paid = await payRoom(fx.rooms[5].id);
    const refund = await applyRefund(paid.paymentIds[0], "30.00", 1);
    const pending = await t.server.request("GET", `/api/property/refunds/${refund.id}/actions/voucher`, { token: t.admin });
    expect([pending.status, pending.body.code, pending.body.message]).toEqual([409, 40914, "退款尚未审核通过，没有退款凭证"]);
    const done = await approveRefund(refund.id);
    const voucher = await get(`/api/property/refunds/${refund.id}/actions/voucher`);
    expect(voucher).toMatchObject({
      id: refund.id,
      voucherNo: done.voucherNo,
      refundKind: 1,
      roomName: "1栋-1单元-106",
      receiptId: paid.receiptId,
      receiptNo: paid.receiptNo,
      amount: "30.00",
      refundMethod: 1,
      reason: "业主申请退款",
      applicantName: expect.any(String),
      approverName: expect.any(String),
      refundedAt: expect.any(String),
    });
    expect(voucher.lines).toEqual([{ serialNo: expect.stringMatching(/^P\d{12}$/), billNo: expect.any(String), period: PERIOD, itemName: "物业费", paidAmount: "200.00", amount: "30.00" }]);
  });

  it("answers the refunded amount and the refunds on the receipt read and the receipts list", async () => {
    const paid = await payRoom(fx.rooms[6].id);
    const a = await approveRefund((await applyRefund(paid.paymentIds[0], "20.00", 1)).id);
    const b = await approveRefund((await applyRefund(paid.paymentIds[0], "35.50", 2)).id);
    await applyRefund(paid.paymentIds[0], "1.00", 2); // waiting: not refunded
    const receipt = await get(`/api/property/receipts/${paid.receiptId}/actions/print`);
    expect(receipt).toMatchObject({ amount: "200.00", status: 1, refundedAmount: "55.50", voidReason: null });
    expect(receipt.refunds.map((r: { voucherNo: string; refundKind: number; amount: string }) => [r.voucherNo, r.refundKind, r.amount])).toEqual([
      [a.voucherNo, 1, "20.00"],
      [b.voucherNo, 2, "35.50"],
    ]);
    const list = await post("/api/property/receipts/actions/pageList", { communityId: fx.communityId, receiptNo: paid.receiptNo, pageNo: 1, pageSize: 10 });
    expect(list.list.map((r: { refundedAmount: string }) => r.refundedAmount)).toEqual(["55.50"]);
  });

  it("refuses to void a receipt with a refund, a receipt already voided, one of a balance, and without a reason, each with its message", async () => {
    const paid = await payRoom(fx.rooms[7].id);
    const refund = await applyRefund(paid.paymentIds[0], "10.00", 2);
    const waiting = await voidReceipt(paid.receiptId);
    expect([waiting.status, waiting.body.code, waiting.body.message]).toEqual([409, 40912, "票据有待审核的退款申请，不能作废"]);
    await approveRefund(refund.id);
    const partly = await voidReceipt(paid.receiptId);
    expect([partly.status, partly.body.code, partly.body.message]).toEqual([409, 40911, "票据已有退款且未全额冲正，不能作废"]);
    // Fully refunded, but by a 退费 in part: not a full 冲正.
    const room0 = (await get(`/api/property/bills/actions/roomHistory?roomId=${fx.rooms[0].id}`)).payments.find((p: { returnFlag: number }) => p.returnFlag === 0);
    expect((await voidReceipt(room0.receiptId)).body.message).toBe("票据已有退款且未全额冲正，不能作废");
    const missing = await voidReceipt(paid.receiptId, "");
    expect([missing.status, missing.body.message]).toEqual([400, "请输入作废原因"]);
    // A prepayment recharge's receipt: its money goes back as a balance refund.
    const account = await post("/api/property/prepayAccounts", { communityId: fx.communityId, roomId: fx.rooms[9].id });
    await post(`/api/property/prepayAccounts/${account.id}/actions/recharge`, { amount: "100.00", payMethod: 1 });
    const recharge = await get(`/api/property/prepayAccounts/${account.id}`);
    const balance = await voidReceipt(recharge.lastReceiptId);
    expect([balance.status, balance.body.code, balance.body.message]).toEqual([400, 40050, "只有账单缴费的票据可以作废，预存款、押金、临时收费及预存款抵扣的票据请通过退款处理"]);
    // Nothing of those was changed.
    expect(await t.server.count("receipts", "tenant_id = $1 and community_id = $2 and status = 2", [t.ids.tenantA, fx.communityId])).toBe(0);
  });

  it("voids an untouched receipt: its payments reversed on its day, the bill owed again, the number kept and the next receipt the next number", async () => {
    const paid = await payRoom(fx.rooms[8].id);
    const day = await get(`/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${today}`);
    const done = await voidReceipt(paid.receiptId, "收费项目选错");
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("票据已作废");
    expect(done.body.data).toMatchObject({ id: paid.receiptId, status: 2, receiptNo: paid.receiptNo, reversedAmount: "200.00", accountingDay: paid.accountingDay });
    const receipt = await get(`/api/property/receipts/${paid.receiptId}/actions/print`);
    expect(receipt).toMatchObject({ receiptNo: paid.receiptNo, status: 2, voidReason: "收费项目选错", voidedByName: expect.any(String), voidedAt: expect.any(String), refundedAmount: "0.00" });
    expect(await billOf(fx.rooms[8].id)).toMatchObject({ status: 2, amountPaid: "0.00", outstanding: "200.00" });
    expect((await arrearsOf(fx, "109")).map((r: { amountOwed: string }) => r.amountOwed)).toEqual(["200.00"]);
    // The reversal is a refund row of the same receipt and day: the day's net is as before the payment.
    const { rows } = await t.server.db.query<{ return_flag: number; amount: string; accounting_day: string; remark: string | null }>(
      "select return_flag, amount, accounting_day::text as accounting_day, remark from payments where tenant_id = $1 and receipt_no = $2 order by id",
      [t.ids.tenantA, paid.receiptNo],
    );
    expect(rows.map((r) => [r.return_flag, Number(r.amount), r.accounting_day, r.remark])).toEqual([
      [0, 20000, paid.accountingDay, null],
      [1, 20000, paid.accountingDay, "票据作废：收费项目选错"],
    ]);
    const after = await get(`/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${today}`);
    expect(Number(after.totals.netAmount)).toBe(Number(day.totals.netAmount) - 200);
    // Voided once; no refund of it either.
    const again = await voidReceipt(paid.receiptId);
    expect([again.status, again.body.message]).toEqual([409, "当前状态为“已作废”，不能作废"]);
    const refund = await t.server.request("POST", "/api/property/refunds/actions/apply", { token: t.admin, body: { paymentId: paid.paymentIds[0], amount: "1.00", refundKind: 1, reason: "退款" } });
    expect([refund.status, refund.body.code, refund.body.message]).toEqual([409, 40913, "票据已作废，不能退款"]);
    // The next receipt takes the next number: the voided one is neither reused nor skipped.
    const next = await payRoom(fx.rooms[8].id);
    expect(next.receiptNo.slice(0, -10)).toBe(paid.receiptNo.slice(0, -10));
    expect(receiptNumber(next.receiptNo)).toBe(receiptNumber(paid.receiptNo) + 1);
    expect(await t.server.count("receipts", "tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, paid.receiptNo])).toBe(1);
  });

  it("refuses to void a receipt of a closed day, and voids a fully reversed one even then", async () => {
    const kept = await payRoom(closing.rooms[0].id);
    const reversed = await payRoom(closing.rooms[1].id);
    const summary = await get(`/api/property/reconciliations/actions/day?communityId=${closing.communityId}&day=${today}`);
    await post("/api/property/reconciliations/actions/close", {
      communityId: closing.communityId,
      day: today,
      rows: summary.rows.map((r: { payMethod: number; cashierId: number; netAmount: string }) => ({ payMethod: r.payMethod, cashierId: r.cashierId, declaredAmount: r.netAmount })),
    });
    const closed = await voidReceipt(kept.receiptId);
    expect([closed.status, closed.body.code, closed.body.message]).toEqual([409, 40910, "票据已日结，不能作废"]);
    // A full 冲正 after the closing (booked to the next open day), then the void only marks the receipt.
    await approveRefund((await applyRefund(reversed.paymentIds[0], "200.00", 2)).id);
    const payments = await t.server.count("payments", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, closing.communityId]);
    const done = await voidReceipt(reversed.receiptId, "业主退房");
    expect(done.body.data).toMatchObject({ status: 2, reversedAmount: "0.00", accountingDay: null });
    expect(await t.server.count("payments", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, closing.communityId])).toBe(payments);
    expect(await billOf(closing.rooms[1].id)).toMatchObject({ status: 2, amountPaid: "0.00" });
  });

  it("keeps the books: collected − refunded = paid on bills, charges = receipts", async () => {
    for (const c of [fx, closing]) {
      const { rows } = await t.server.db.query<Record<string, string>>(
        `select (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and community_id = $2 and return_flag is distinct from 1 and bill_id is not null) as collected,
                (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and community_id = $2 and return_flag = 1 and bill_id is not null) as refunded,
                (select coalesce(sum(amount_paid), 0) from bills where tenant_id = $1 and community_id = $2) as on_bills,
                (select coalesce(sum(amount), 0) from payments where tenant_id = $1 and community_id = $2 and return_flag is distinct from 1) as charges,
                (select coalesce(sum(amount), 0) from receipts where tenant_id = $1 and community_id = $2) as receipts,
                (select count(*) from bills where tenant_id = $1 and community_id = $2 and amount_paid + amount_waived > amount_due + late_fee) as over`,
        [t.ids.tenantA, c.communityId],
      );
      const n = (k: string) => Number(rows[0][k]);
      expect(n("collected") - n("refunded")).toBe(n("on_bills"));
      expect(n("charges")).toBe(n("receipts"));
      expect(n("over")).toBe(0);
    }
  });

  it("refuses the voucher and the void across tenants and without the received code", async () => {
    const receipt = Number(
      (await t.server.db.query<{ id: number }>("select id from receipts where tenant_id = $1 and community_id = $2 and status = 1 order by id limit 1", [t.ids.tenantA, fx.communityId])).rows[0].id,
    );
    const refund = Number(
      (await t.server.db.query<{ id: number }>("select id from refunds where tenant_id = $1 and community_id = $2 and status = 2 order by id limit 1", [t.ids.tenantA, fx.communityId])).rows[0].id,
    );
    const before = await t.server.db.query("select status, void_reason from receipts where tenant_id = $1 and id = $2", [t.ids.tenantA, receipt]);
    const calls: ["GET" | "POST", string, unknown?][] = [
      ["GET", `/api/property/refunds/${refund}/actions/voucher`],
      ["POST", `/api/property/receipts/${receipt}/actions/void`, { reason: "越权" }],
    ];
    for (const [method, url, body] of calls) {
      const other = await t.server.request(method, url, { token: t.admin2, body });
      expect([url, other.status]).toEqual([url, 404]);
      const staff = await t.server.request(method, url, { token: t.staff, body });
      expect([url, staff.status, staff.body.status]).toEqual([url, 401, 403]);
    }
    expect((await t.server.db.query("select status, void_reason from receipts where tenant_id = $1 and id = $2", [t.ids.tenantA, receipt])).rows).toEqual(before.rows);
  });
});
