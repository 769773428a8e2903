// Prepayment accounts (issue 16 item 1 and 8): recharge at the cashier with a receipt and a ledger
// row; approving bills pays them from the balance of rooms with auto-deduct on (oldest period first,
// partial only where allowed), in the approval's transaction; the cashier pays from the balance;
// a refund of the balance waits for 实收管理's approval; two cashiers paying from one balance, or a
// recharge racing an approval, never take the balance below zero nor lose a movement.
import { beforeAll, describe, expect, it } from "vitest";
import { mappingLabel } from "../../../src/common/mappings.ts";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

describe.each(backends)("prepayment accounts (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  let cashier: string;
  const ACCOUNTS = "/api/property/prepayAccounts";

  const post = (token: string, url: string, body?: unknown) => t.server.request("POST", url, { token, body });
  const account = async (roomId: number, autoDeduct: boolean) => (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fx.communityId, roomId, autoDeduct })).id as number;
  const balanceOf = async (id: number) => (await ok(t.server, "GET", `${ACCOUNTS}/${id}`, t.admin)).balance as string;
  const ledger = async (accountId: number) =>
    (
      await t.server.db.query<{ tx_type: number; amount: string; balance_after: string | null; status: number; bill_id: number | null }>(
        "select tx_type, amount, balance_after, status, bill_id from prepay_transactions where tenant_id = $1 and account_id = $2 order by id",
        [t.ids.tenantA, accountId],
      )
    ).rows.map((r) => ({ type: r.tx_type, amount: Number(r.amount), after: r.balance_after === null ? null : Number(r.balance_after), status: r.status, billId: r.bill_id }));
  /** balance = recharges − deductions − approved refunds, from the ledger. */
  const ledgerBalance = async (accountId: number) => (await ledger(accountId)).filter((e) => e.status === 2).reduce((s, e) => s + (e.type === 1 ? e.amount : -e.amount), 0);
  const recharge = (token: string, id: number, amount: string, payMethod = 5) => post(token, `${ACCOUNTS}/${id}/actions/recharge`, { amount, payMethod });

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "预存款测试社区", [{ area: "100.00" }, { area: "100.00" }, { area: "100.00" }, { area: "100.00" }, { area: "100.00" }]);
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "预存固定", pricingMethod: 2, unitPrice: "100.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "物业费" });
    for (const period of ["2032-01", "2032-02", "2032-03"]) await generate(t.server, t.admin, { period, paymentItemIds: [item] });
    const role = await post(t.admin, "/api/system/characters", { name: "收银员", authorities: ["HBL0701315"] });
    expect(role.status, role.text).toBe(200);
    const user = await post(t.admin, "/api/system/users", { username: "prepaycashier", password: "Cash-Pass-123", roleId: role.body.data.id });
    expect(user.status, user.text).toBe(200);
    cashier = await t.server.login("prepaycashier", "Cash-Pass-123");
  });

  it("recharges at the cashier: balance, a receipt, a charge for the daily settlement and a ledger row", async () => {
    const id = await account(fx.rooms[0].id, false);
    const r = await recharge(cashier, id, "250.50", 1);
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe("充值成功");
    expect(r.body.data).toMatchObject({ balance: "250.50", status: 1 });
    const receipt = await ok(t.server, "GET", `/api/property/receipts/${r.body.data.lastReceiptId}/actions/print`, t.admin);
    expect(receipt).toMatchObject({ amount: "250.50", payMethod: 1, roomNo: "101" });
    const pay = await t.server.db.query<{ amount: string; source: number; pay_method: number; bill_id: number | null }>(
      "select amount, source, pay_method, bill_id from payments where tenant_id = $1 and receipt_no = $2",
      [t.ids.tenantA, receipt.receiptNo],
    );
    expect(pay.rows.map((p) => ({ ...p, amount: Number(p.amount) }))).toEqual([{ amount: 25050, source: 2, pay_method: 1, bill_id: null }]);
    expect(await ledger(id)).toEqual([{ type: 1, amount: 25050, after: 25050, status: 2, billId: null }]);
  });

  it("refuses a recharge of nothing, of too much, by a disabled pay method or on a disabled account", async () => {
    const id = (await ok(t.server, "POST", `${ACCOUNTS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[0].id })).list[0].id;
    const zero = await recharge(t.admin, id, "0");
    expect(zero.status).toBe(400);
    expect(zero.body.data?.[0]?.message ?? zero.body.message).toBe("请输入大于0的正实数,并且保留两位小数");
    const big = await recharge(t.admin, id, "1000000.01");
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain("输入的金额不能大于1000000.00");
    const noMethod = await post(t.admin, `${ACCOUNTS}/${id}/actions/recharge`, { amount: "1.00" });
    expect(noMethod.status).toBe(400);
    expect(JSON.stringify(noMethod.body)).toContain("请选择支付方式");
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "payParams", payMethods: [1, 5], roundingMode: 1 });
    const disabledMethod = await recharge(t.admin, id, "1.00", 2);
    expect(disabledMethod.status).toBe(400);
    expect(JSON.stringify(disabledMethod.body)).toContain("该支付方式未启用");
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/disable`, t.admin);
    const off = await recharge(t.admin, id, "1.00");
    expect(off.status).toBe(409);
    expect(off.body.message).toBe("当前状态为“停用”，不能充值");
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/enable`, t.admin);
    expect(await balanceOf(id)).toBe("250.50");
    // One account per room.
    const twice = await post(t.admin, ACCOUNTS, { communityId: fx.communityId, roomId: fx.rooms[0].id });
    expect(twice.status).toBe(409);
  });

  it("approving bills pays them from the balance of rooms with auto-deduct on, oldest period first, whole bills only", async () => {
    const auto = await account(fx.rooms[1].id, true);
    const manual = await account(fx.rooms[2].id, false);
    await ok(t.server, "POST", `${ACCOUNTS}/${auto}/actions/recharge`, t.admin, { amount: "250.00", payMethod: 5 });
    await ok(t.server, "POST", `${ACCOUNTS}/${manual}/actions/recharge`, t.admin, { amount: "500.00", payMethod: 5 });
    const bills = await billsOf(t.server, t.ids.tenantA, "room_id = any($2::bigint[])", [[fx.rooms[1].id, fx.rooms[2].id]]);
    const r = await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    expect(r).toMatchObject({ changed: 6, deducted: 2, deductedAmount: "200.00" });
    const after = await billsOf(t.server, t.ids.tenantA, "room_id = any($2::bigint[])", [[fx.rooms[1].id, fx.rooms[2].id]]);
    // Room 102: January and February paid (2 × 100.00), March (100.00 > 50.00 left) not: no partial payment.
    expect(after.filter((b) => b.room_id === fx.rooms[1].id).map((b) => [b.period, b.status])).toEqual([
      ["2032-01", 4],
      ["2032-02", 4],
      ["2032-03", 2],
    ]);
    expect(after.filter((b) => b.room_id === fx.rooms[2].id).every((b) => b.status === 2)).toBe(true);
    expect(await balanceOf(auto)).toBe("50.00");
    expect(await balanceOf(manual)).toBe("500.00");
    expect((await ledger(auto)).map((e) => [e.type, e.amount, e.after])).toEqual([
      [1, 25000, 25000],
      [2, 10000, 15000],
      [2, 10000, 5000],
    ]);
    const pays = await t.server.db.query<{ pay_method: number; amount: string; receipt_no: string }>(
      "select pay_method, amount, receipt_no from payments where tenant_id = $1 and room_id = $2 and bill_id is not null order by id",
      [t.ids.tenantA, fx.rooms[1].id],
    );
    expect(pays.rows.map((p) => [p.pay_method, Number(p.amount)])).toEqual([
      [7, 10000],
      [7, 10000],
    ]);
    expect(new Set(pays.rows.map((p) => p.receipt_no)).size).toBe(1);
    // The receipt names the deduction's pay method: 预存款抵扣, which no counter or form may choose.
    const { rows: receipts } = await t.server.db.query<{ id: number }>("select id from receipts where tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, pays.rows[0].receipt_no]);
    const printed = await ok(t.server, "GET", `/api/property/receipts/${receipts[0].id}/actions/print`, t.admin);
    expect(printed.payMethod).toBe(7);
    expect(mappingLabel("payMethod", printed.payMethod)).toBe("预存款抵扣");
    const chosen = await t.server.request("POST", `/api/property/prepayAccounts/${auto}/actions/recharge`, { token: t.admin, body: { amount: "10.00", payMethod: 7 } });
    expect(chosen.status).toBe(400);
    expect(chosen.body.data.errors).toEqual([{ field: "payMethod", message: "请选择正确的支付方式" }]);
    expect(await balanceOf(auto)).toBe("50.00");
    // Not money arriving: the daily settlement shows the recharges, not the deductions.
    const day = await ok(
      t.server,
      "GET",
      `/api/property/reconciliations/actions/day?communityId=${fx.communityId}&day=${pays.rows.length ? new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) : ""}`,
      t.admin,
    );
    expect(day.rows.some((l: { payMethod: number }) => l.payMethod === 7)).toBe(false);
  });

  it("pays in part from the balance where the community allows partial payment", async () => {
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, {
      communityId: fx.communityId,
      section: "other",
      allowPartialPayment: true,
      autoPrintReceipt: true,
      waiverAutoApproveLimit: "0.00",
    });
    const id = await account(fx.rooms[3].id, true);
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/recharge`, t.admin, { amount: "150.00", payMethod: 5 });
    const bills = await billsOf(t.server, t.ids.tenantA, "room_id = $2", [fx.rooms[3].id]);
    expect(
      await approve(
        t.server,
        t.admin,
        bills.map((b) => b.id),
      ),
    ).toMatchObject({ deducted: 2, deductedAmount: "150.00" });
    const after = await billsOf(t.server, t.ids.tenantA, "room_id = $2", [fx.rooms[3].id]);
    expect(after.map((b) => b.status)).toEqual([4, 5, 2]);
    expect(await balanceOf(id)).toBe("0.00");
  });

  it("the cashier pays from the balance; not enough balance writes nothing", async () => {
    const id = (await ok(t.server, "POST", `${ACCOUNTS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[2].id })).list[0].id;
    const bills = await billsOf(t.server, t.ids.tenantA, "room_id = $2", [fx.rooms[2].id]);
    const paid = await post(cashier, "/api/property/bills/actions/payFromBalance", { billIds: [bills[0].id, bills[1].id], expectedAmount: "200.00" });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ payAmount: "200.00", balance: "300.00" });
    expect(await balanceOf(id)).toBe("300.00");
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/applyRefund`, t.admin, { refundAmount: "250.00", refundMethod: 5, reason: "业主搬离" });
    // A pending refund does not hold the balance back from bills (its approval checks the balance then).
    const before = await t.server.count("payments", "tenant_id = $1", [t.ids.tenantA]);
    const noRoom = await post(cashier, "/api/property/bills/actions/payFromBalance", { billIds: [bills[2].id], payAmount: "100.00" });
    expect(noRoom.status, noRoom.text).toBe(200);
    expect(await balanceOf(id)).toBe("200.00");
    // A room without an account, and a balance too small: refused, nothing written.
    const other = await billsOf(t.server, t.ids.tenantA, "room_id = $2", [fx.rooms[4].id]);
    await approve(
      t.server,
      t.admin,
      other.map((b) => b.id),
    );
    const none = await post(cashier, "/api/property/bills/actions/payFromBalance", { billIds: [other[0].id] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("该房屋没有预存款账户");
    const small = await account(fx.rooms[4].id, false);
    await ok(t.server, "POST", `${ACCOUNTS}/${small}/actions/recharge`, t.admin, { amount: "99.99", payMethod: 5 });
    const tooLittle = await post(cashier, "/api/property/bills/actions/payFromBalance", { billIds: [other[0].id] });
    expect(tooLittle.status).toBe(400);
    expect(JSON.stringify(tooLittle.body)).toContain("预存款余额不足");
    expect(await t.server.count("payments", "tenant_id = $1", [t.ids.tenantA])).toBe(before + 1 + 1);
    expect((await billsOf(t.server, t.ids.tenantA, "id = $2", [other[0].id]))[0].status).toBe(2);
  });

  it("a refund of the balance waits for approval by 实收管理, never more than the balance", async () => {
    const id = (await ok(t.server, "POST", `${ACCOUNTS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 10, roomId: fx.rooms[2].id })).list[0].id;
    // 200.00 left with 250.00 pending: a further application is refused.
    const more = await post(t.admin, `${ACCOUNTS}/${id}/actions/applyRefund`, { refundAmount: "0.01", refundMethod: 5, reason: "再退" });
    expect(more.status).toBe(400);
    expect(JSON.stringify(more.body)).toContain("退款金额不能大于可退余额0.00元");
    const pending = (await ledger(id)).length;
    const { rows } = await t.server.db.query<{ id: number }>("select id from prepay_transactions where tenant_id = $1 and account_id = $2 and status = 1", [t.ids.tenantA, id]);
    const refundId = rows[0].id;
    // The cashier may neither approve nor reject it (the 403 marker; the list shows it neither button).
    const denied = await post(cashier, `/api/property/prepayTransactions/${refundId}/actions/approveRefund`);
    expect(denied.status).toBe(401);
    expect(denied.body.status).toBe(403);
    const deniedReject = await post(cashier, `/api/property/prepayTransactions/${refundId}/actions/rejectRefund`, { rejectReason: "余额不足" });
    expect(deniedReject.status).toBe(401);
    expect(deniedReject.body.status).toBe(403);
    // The balance (200.00) no longer covers 250.00: approval refused, nothing changes.
    const short = await post(t.admin, `/api/property/prepayTransactions/${refundId}/actions/approveRefund`);
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("预存款余额不足，不能退款");
    const rejected = await post(t.admin, `/api/property/prepayTransactions/${refundId}/actions/rejectRefund`, { rejectReason: "余额不足" });
    expect(rejected.status, rejected.text).toBe(200);
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/applyRefund`, t.admin, { refundAmount: "120.00", refundMethod: 1, reason: "业主搬离" });
    const next = (await t.server.db.query<{ id: number }>("select id from prepay_transactions where tenant_id = $1 and account_id = $2 and status = 1", [t.ids.tenantA, id])).rows[0].id;
    const done = await post(t.admin, `/api/property/prepayTransactions/${next}/actions/approveRefund`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ status: 2, balanceAfter: "80.00" });
    expect(await balanceOf(id)).toBe("80.00");
    expect((await ledger(id)).length).toBe(pending + 1);
    const back = await t.server.db.query<{ amount: string; return_flag: number; source: number; pay_method: number }>(
      "select p.amount, p.return_flag, p.source, p.pay_method from payments p join prepay_transactions x on x.tenant_id = p.tenant_id and x.payment_id = p.id where x.tenant_id = $1 and x.id = $2",
      [t.ids.tenantA, next],
    );
    expect(back.rows.map((p) => [Number(p.amount), p.return_flag, p.source, p.pay_method])).toEqual([[12000, 1, 2, 1]]);
    expect(await ledgerBalance(id)).toBe(8000);
  });

  it("two cashiers paying from one balance at once: one wins, the balance never goes below zero", async () => {
    const fy = await makeCommunity(t.server, t.ids.tenantA, "预存并发社区", [{ area: "10.00" }]);
    const fixed = await priceType(t.server, t.admin, fy.communityId, { name: "并发固定", pricingMethod: 2, unitPrice: "60.00" });
    const it2 = await paymentItem(t.server, t.admin, fy.communityId, fixed, { name: "并发物业费" });
    for (const period of ["2032-01", "2032-02"]) await generate(t.server, t.admin, { period, paymentItemIds: [it2] });
    const bills = await billsOf(t.server, t.ids.tenantA, "room_id = $2", [fy.rooms[0].id]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    const id = (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fy.communityId, roomId: fy.rooms[0].id, autoDeduct: false })).id;
    await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/recharge`, t.admin, { amount: "100.00", payMethod: 5 });
    const [a, b] = await Promise.all([
      post(t.admin, "/api/property/bills/actions/payFromBalance", { billIds: [bills[0].id] }),
      post(cashier, "/api/property/bills/actions/payFromBalance", { billIds: [bills[1].id] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(JSON.stringify(a.status === 400 ? a.body : b.body)).toContain("预存款余额不足");
    expect(await balanceOf(id)).toBe("40.00");
    expect(await ledgerBalance(id)).toBe(4000);
  });

  it("a recharge racing an auto-deducting approval loses no movement", async () => {
    const fz = await makeCommunity(
      t.server,
      t.ids.tenantA,
      "预存竞争社区",
      Array.from({ length: 6 }, () => ({ area: "10.00" })),
    );
    const fixed = await priceType(t.server, t.admin, fz.communityId, { name: "竞争固定", pricingMethod: 2, unitPrice: "30.00" });
    const it3 = await paymentItem(t.server, t.admin, fz.communityId, fixed, { name: "竞争物业费" });
    for (const period of ["2032-01", "2032-02", "2032-03"]) await generate(t.server, t.admin, { period, paymentItemIds: [it3] });
    const ids: number[] = [];
    for (const room of fz.rooms) {
      const id = (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fz.communityId, roomId: room.id, autoDeduct: true })).id;
      await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/recharge`, t.admin, { amount: "40.00", payMethod: 5 });
      ids.push(id);
    }
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fz.communityId]);
    const results = await Promise.all([
      approve(
        t.server,
        t.admin,
        bills.map((b) => b.id),
      ),
      ...ids.map((id) => ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/recharge`, cashier, { amount: "50.00", payMethod: 5 })),
    ]);
    expect(results[0]).toMatchObject({ changed: 18 });
    for (const id of ids) {
      const balance = Number((await balanceOf(id)).replace(".", ""));
      expect(balance).toBeGreaterThanOrEqual(0);
      // Either the recharge came first (90.00 pays 3 × 30.00) or after (40.00 pays one, then +50.00).
      expect([0, 6000]).toContain(balance);
      expect(await ledgerBalance(id)).toBe(balance);
      const entries = await ledger(id);
      expect(entries.filter((e) => e.type === 1)).toHaveLength(2);
      const deducted = entries.filter((e) => e.type === 2).reduce((s, e) => s + e.amount, 0);
      const paid = (
        await t.server.db.query<{ n: string }>(
          "select coalesce(sum(amount_paid), 0)::bigint as n from bills b join prepay_accounts a on a.tenant_id = b.tenant_id and a.room_id = b.room_id where a.tenant_id = $1 and a.id = $2",
          [t.ids.tenantA, id],
        )
      ).rows[0].n;
      expect(Number(paid)).toBe(deducted);
    }
  });
});
