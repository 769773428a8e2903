// The money desk (issue items 5 and 7): before approving, the approval page asks the server what the
// approval would do — bills, their amount due, and how many of them (and how much) rooms with
// auto-deduct on would pay from their prepayment balance. The preview answers what approve then
// does for the same selection, writes nothing and is refused to the same callers. Refused deletes
// say why: a collected deposit, a prepayment account that still holds money.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, generate, makeCommunity, ok, paymentItem, priceType, type Fixture } from "./support.ts";

const PREVIEW = "/api/property/bills/actions/approvePreview";
const APPROVE = "/api/property/bills/actions/approve";
const ACCOUNTS = "/api/property/prepayAccounts";
const DEPOSITS = "/api/property/deposits";

describe.each(backends)("approval preview and refused deletes (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let item: number;
  let batchItem: number;
  let batchId: number;
  let depositItem: number;
  const post = (token: string, url: string, body?: unknown) => t.server.request("POST", url, { token, body });
  const del = (token: string, url: string, body?: unknown) => t.server.request("DELETE", url, { token, body });
  const count = (table: string) => t.server.count(table, "tenant_id = $1", [t.ids.tenantA]);

  /** What an approval writes, and the versions and balances of what it changes: equal before and after a preview. */
  const snapshot = async () => {
    const tables = ["bills", "bill_approvals", "payments", "receipts", "prepay_transactions", "prepay_accounts", "operation_logs", "tenant_counters"];
    const counts = Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(name)] as const)));
    const { rows } = await t.server.db.query<{ bills: string; accounts: string; balances: string; counters: string }>(
      `select (select coalesce(sum(version), 0)::text from bills where tenant_id = $1) as bills,
              (select coalesce(sum(version), 0)::text from prepay_accounts where tenant_id = $1) as accounts,
              (select coalesce(sum(balance), 0)::text from prepay_accounts where tenant_id = $1) as balances,
              (select coalesce(sum(value), 0)::text from tenant_counters where tenant_id = $1) as counters`,
      [t.ids.tenantA],
    );
    return { counts, ...rows[0] };
  };

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "审核预览社区", [{ area: "80.00" }, { area: "90.00" }, { area: "100.00" }, { area: "110.00" }]);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "预览计价", pricingMethod: 2, unitPrice: "100.00" });
    item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "预览项目" });
    batchItem = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "预览整批项目" });
    await generate(t.server, t.admin, { period: "2034-01", paymentItemIds: [item] });
    await generate(t.server, t.admin, { period: "2034-02", paymentItemIds: [item] });
    batchId = (await generate(t.server, t.admin, { period: "2034-03", paymentItemIds: [batchItem] })).batches[0].id;
    // Room 101 covers one bill of 100.00 (150.00: the second is not paid in part), room 102 both, room 103 pays nothing by hand.
    const account = async (roomId: number, autoDeduct: boolean, amount: string) => {
      const id = (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fx.communityId, roomId, autoDeduct })).id as number;
      await ok(t.server, "POST", `${ACCOUNTS}/${id}/actions/recharge`, t.admin, { amount, payMethod: 5 });
      return id;
    };
    await account(fx.rooms[0].id, true, "150.00");
    await account(fx.rooms[1].id, true, "250.00");
    await account(fx.rooms[2].id, false, "500.00");
    const manual = await priceType(t.server, t.admin, fx.communityId, { name: "预览押金计价", pricingMethod: 2, unitPrice: "1.00" });
    depositItem = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "预览装修押金", paymentType: 2, category: 2 });
  });

  it("previews by ids what approve then does: bills, amount due, bills and amount paid from balances; the preview writes nothing", async () => {
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills).toHaveLength(8);
    // One bill of room 104 is approved already: the preview and the approval skip it alike.
    const done = bills.filter((b) => b.room_id === fx.rooms[3].id)[0].id;
    expect(await ok(t.server, "POST", APPROVE, t.admin, { ids: [done] })).toMatchObject({ changed: 1 });
    const ids = bills.map((b) => b.id);

    const before = await snapshot();
    const preview = await ok(t.server, "POST", PREVIEW, t.admin, { ids });
    expect(preview).toEqual({ count: 7, skipped: 1, amountDue: "700.00", deducted: 3, deductedAmount: "300.00" });
    // Asked twice, the same: nothing was written, no number taken, no version moved.
    expect(await ok(t.server, "POST", PREVIEW, t.admin, { ids })).toEqual(preview);
    expect(await snapshot()).toEqual(before);

    const approved = await ok(t.server, "POST", APPROVE, t.admin, { ids });
    expect(approved).toEqual({ changed: preview.count, skipped: preview.skipped, deducted: preview.deducted, deductedAmount: preview.deductedAmount });
    const after = await snapshot();
    expect(after.counts.bill_approvals - before.counts.bill_approvals).toBe(7);
    expect(after.counts.payments - before.counts.payments).toBe(3);
    // Nothing left to approve: the preview says so.
    expect(await ok(t.server, "POST", PREVIEW, t.admin, { ids })).toEqual({ count: 0, skipped: 8, amountDue: "0.00", deducted: 0, deductedAmount: "0.00" });
  });

  it("previews a whole batch as approving it does", async () => {
    const before = await snapshot();
    const preview = await ok(t.server, "POST", PREVIEW, t.admin, { batchId });
    // Room 101 has 50.00 left (no partial payment), room 102 50.00, room 103 no auto-deduct, room 104 no account.
    expect(preview).toEqual({ count: 4, skipped: 0, amountDue: "400.00", deducted: 0, deductedAmount: "0.00" });
    expect(await snapshot()).toEqual(before);
    // A recharge changes what the approval would pay: the preview follows it.
    const account = (await ok(t.server, "POST", `${ACCOUNTS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 1, roomId: fx.rooms[0].id })).list[0].id as number;
    await ok(t.server, "POST", `${ACCOUNTS}/${account}/actions/recharge`, t.admin, { amount: "60.00", payMethod: 5 });
    const again = await ok(t.server, "POST", PREVIEW, t.admin, { batchId });
    expect(again).toEqual({ count: 4, skipped: 0, amountDue: "400.00", deducted: 1, deductedAmount: "100.00" });
    const approved = await ok(t.server, "POST", APPROVE, t.admin, { batchId });
    expect(approved).toEqual({ changed: again.count, skipped: again.skipped, deducted: again.deducted, deductedAmount: again.deductedAmount });
  });

  it("refuses the preview to the callers approve refuses, alike", async () => {
    const [draft] = await billsOf(t.server, t.ids.tenantA, "status = 1");
    const otherBatch = Number((await t.server.db.query<{ id: number }>("select id from bill_batches where tenant_id = $1 order by id limit 1", [t.ids.tenantA])).rows[0].id);
    // A user limited to another community, with every code.
    const others = (await t.server.db.query<{ id: number }>("select id from communities where tenant_id = $1 and id <> $2 order by id", [t.ids.tenantA, fx.communityId])).rows;
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await post(t.admin, "/api/system/characters", { name: "预览单社区审核员", authorities: all });
    const user = await post(t.admin, "/api/system/users", { username: "previewscoped1", password: "Preview-Scope-8812", roleId: role.body.data.id, communityIds: [Number(others[0].id)] });
    expect(user.status, user.text).toBe(200);
    const scoped = await t.server.login("previewscoped1", "Preview-Scope-8812");
    const ownBill = (await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]))[0].id;

    const before = await snapshot();
    const cases: [string, string, unknown][] = [
      ["staff (no 账单审核)", t.staff, { ids: [draft.id] }],
      ["staff, a batch", t.staff, { batchId: otherBatch }],
      ["another tenant, ids", t.admin2, { ids: [draft.id] }],
      ["another tenant, a batch", t.admin2, { batchId: otherBatch }],
      ["limited to another community", scoped, { ids: [ownBill] }],
      ["limited to another community, a batch", scoped, { batchId }],
      ["no selection", t.admin, {}],
      ["a malformed batch", t.admin, { batchId: 0 }],
    ];
    for (const [who, token, body] of cases) {
      const p = await post(token, PREVIEW, body);
      const a = await post(token, APPROVE, body);
      expect([who, p.status, p.body.code, p.body.status]).toEqual([who, a.status, a.body.code, a.body.status]);
      if (a.status !== 200) expect([who, p.body.message]).toEqual([who, a.body.message]);
      if (a.status === 200) {
        // Ids of another tenant's bills match nothing: approved none, previewed none.
        expect([who, p.body.data]).toEqual([who, { count: 0, skipped: 1, amountDue: "0.00", deducted: 0, deductedAmount: "0.00" }]);
        expect(a.body.data).toMatchObject({ changed: 0, skipped: 1 });
      } else expect(p.status).toBeGreaterThanOrEqual(400);
    }
    // Refused (or matching none of its own) alike: nothing of tenant A changed.
    expect(await snapshot()).toEqual(before);
  });

  it("refuses to delete a collected deposit with its own message, deleting nothing", async () => {
    const deposit = (await ok(t.server, "POST", DEPOSITS, t.admin, { communityId: fx.communityId, roomId: fx.rooms[0].id, paymentItemId: depositItem, amount: "800.00", payMethod: 5 })).id as number;
    const before = await count("deposits");
    const one = await del(t.admin, `${DEPOSITS}/${deposit}`);
    expect([one.status, one.body.code, one.body.message]).toEqual([400, 40040, "押金已收取，不能删除"]);
    const many = await del(t.admin, `${DEPOSITS}/actions/batchDelete`, { ids: [deposit] });
    expect([many.status, many.body.message]).toEqual([400, "押金已收取，不能删除"]);
    expect(await count("deposits")).toBe(before);
    // The pages show the error-code table's text for the code: the same words.
    const table = await ok(t.server, "GET", "/api/basic/language/errorcode?serviceType=hbl", t.admin);
    expect(table["40040"]).toBe("押金已收取，不能删除");
    expect(table["40906"]).toBe("账户尚有余额，不能删除");
  });

  it("refuses to delete a prepayment account with a balance with its own message; an empty new one can go", async () => {
    const withMoney = (await ok(t.server, "POST", `${ACCOUNTS}/actions/pageList`, t.admin, { pageNo: 1, pageSize: 1, roomId: fx.rooms[2].id })).list[0];
    expect(withMoney.balance).toBe("500.00");
    const before = await snapshot();
    const one = await del(t.admin, `${ACCOUNTS}/${withMoney.id}`);
    expect([one.status, one.body.code, one.body.message]).toEqual([409, 40906, "账户尚有余额，不能删除"]);
    const empty = (await ok(t.server, "POST", ACCOUNTS, t.admin, { communityId: fx.communityId, roomId: fx.rooms[3].id, autoDeduct: false })).id as number;
    // With one that holds money in the batch, none goes.
    const many = await del(t.admin, `${ACCOUNTS}/actions/batchDelete`, { ids: [empty, withMoney.id] });
    expect([many.status, many.body.message]).toEqual([409, "账户尚有余额，不能删除"]);
    expect(await count("prepay_accounts")).toBe(before.counts.prepay_accounts + 1);
    expect((await ok(t.server, "GET", `${ACCOUNTS}/${withMoney.id}`, t.admin)).balance).toBe("500.00");
    expect((await del(t.admin, `${ACCOUNTS}/${empty}`)).status).toBe(200);
    expect(await count("prepay_accounts")).toBe(before.counts.prepay_accounts);
  });
});
