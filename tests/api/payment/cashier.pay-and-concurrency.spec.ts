// The cashier (issue item 4): a room's unpaid approved bills with totals; paying several bills at
// once with one numbered receipt; the §5 amount rules; cash change; partial payments only when
// allowed; disabled pay methods refused; two cashiers paying one bill at the same time: exactly
// one wins and the other is told to refresh; bills of rooms that are not one owner's are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

describe.each(backends)("cashier (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "收银测试社区", [{ area: "88.88" }, { area: "66.00" }, { area: "50.00" }, { area: "70.00" }]);
    const area = await priceType(t.server, t.admin, fx.communityId, { name: "收银面积", pricingMethod: 1, unitPrice: "2.50" });
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "收银固定", pricingMethod: 2, unitPrice: "30.00" });
    const items = [await paymentItem(t.server, t.admin, fx.communityId, area, { name: "物业费" }), await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "垃圾费", paymentType: 2 })];
    for (const period of [PERIOD, "2031-02"]) await generate(t.server, t.admin, { period, paymentItemIds: items });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId])).map((b) => b.id),
    );
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "receipt", receiptPrefix: "CS", receiptTitle: "收银测试收据" });
  });

  const pay = (body: Record<string, unknown>) => t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body });

  it("lists a room's unpaid approved bills with their totals", async () => {
    const data = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    expect(data.room).toMatchObject({ id: fx.rooms[0].id, roomNo: "101", buildingName: "1栋", unitName: "1单元", communityId: fx.communityId });
    expect(data.bills).toHaveLength(4);
    // 88.88 × 2.50 = 222.20 per month, plus 30.00 a month, for two months.
    expect(data.totals).toMatchObject({ count: 4, amountDue: "504.40", outstanding: "504.40", amountPaid: "0.00" });
    expect(data.bills.map((b: { period: string }) => b.period)).toEqual([PERIOD, PERIOD, "2031-02", "2031-02"]);
    expect(data.payMethods).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("pays several bills in cash with change, one receipt numbered prefix + sequence", async () => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    const billIds = room.bills.map((b: { id: number }) => b.id);
    const r = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds, payMethod: 5, receivedAmount: "600.00", expectedAmount: "504.40", payerName: "张三" });
    expect(r).toMatchObject({ payAmount: "504.40", receivedAmount: "600.00", changeAmount: "95.60" });
    expect(r.receiptNo).toMatch(/^CS\d{10}$/);
    const rows = await t.server.db.query<{ amount: number; return_flag: number; receipt_no: string; pay_method: number; payment_type: number }>(
      "select amount, return_flag, receipt_no, pay_method, payment_type from payments where tenant_id = $1 and bill_id = any($2::bigint[]) order by id",
      [t.ids.tenantA, billIds],
    );
    expect(rows.rows.map((p) => Number(p.amount))).toEqual([22220, 3000, 22220, 3000]);
    expect(new Set(rows.rows.map((p) => p.receipt_no))).toEqual(new Set([r.receiptNo]));
    expect(rows.rows.map((p) => p.payment_type)).toEqual([1, 2, 1, 2]);
    const bills = await billsOf(t.server, t.ids.tenantA, "id = any($2::bigint[])", [billIds]);
    expect(bills.every((b) => b.status === 4)).toBe(true);

    const receipt = await ok(t.server, "GET", `/api/property/receipts/${r.receiptId}/actions/print`, t.admin);
    expect(receipt).toMatchObject({ receiptNo: r.receiptNo, title: "收银测试收据", amount: "504.40", receivedAmount: "600.00", changeAmount: "95.60", payMethod: 5, roomNo: "101" });
    expect(receipt.lines).toHaveLength(4);

    // The next receipt of the tenant takes the next number.
    const next = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin);
    const r2 = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds: [next.bills[0].id], payMethod: 1 });
    expect(Number(r2.receiptNo.slice(2))).toBe(Number(r.receiptNo.slice(2)) + 1);
  });

  it("checks the amounts with the §5 messages and writes nothing when refused", async () => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[2].id}`, t.admin);
    const billIds = room.bills.map((b: { id: number }) => b.id);
    const before = await t.server.count("payments", "tenant_id = $1", [t.ids.tenantA]);
    const counter = await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA]);
    const message = async (body: Record<string, unknown>) => (await pay({ billIds, payMethod: 5, ...body })).body.message;
    expect(await message({ payAmount: "abc" })).toBe("请输入数字类型，仅保留两位小数");
    expect(await message({ payAmount: "1.234" })).toBe("请输入数字类型，仅保留两位小数");
    expect(await message({ payAmount: "1000000.01" })).toBe("输入的金额不能大于1000000.00");
    expect(await message({ payAmount: "999.00" })).toBe(`输入的金额不能大于${room.totals.outstanding}`);
    expect(await message({ payAmount: "10.00" })).toBe("未开启部分缴费，请全额缴纳");
    expect(await message({ receivedAmount: "10.00" })).toBe("实收金额不能小于缴费金额");
    expect(await message({ receivedAmount: "1.2.3" })).toBe("请输入数字类型，仅保留两位小数");
    expect(await message({ payMethod: 9 })).toBe("请选择支付方式");
    expect(await message({ expectedAmount: "1.00" })).toBe("账单金额已变化，请刷新后重试");
    expect(await t.server.count("payments", "tenant_id = $1", [t.ids.tenantA])).toBe(before);
    // A refused payment gives its receipt number back: the counter did not move.
    expect((await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA])).rows).toEqual(counter.rows);
  });

  it("takes partial payments when allowed, oldest bill first, and refuses disabled pay methods", async () => {
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", allowPartialPayment: true });
    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "payParams", payMethods: [1, 5] });
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[2].id}`, t.admin);
    const billIds = room.bills.map((b: { id: number }) => b.id);
    expect((await pay({ billIds, payMethod: 2 })).body.message).toBe("该支付方式未启用");
    // 50.00 × 2.50 = 125.00 and 30.00 per month: pay 140.00 -> first bill settled, second 15.00 of 30.00.
    const r = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, { billIds, payMethod: 1, payAmount: "140.00" });
    expect(r.bills.map((b: { status: number; amountPaid: string }) => [b.status, b.amountPaid])).toEqual([
      [4, "125.00"],
      [5, "15.00"],
    ]);
    const after = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[2].id}`, t.admin);
    expect(after.totals.outstanding).toBe("170.00");
  });

  it("lets exactly one of two cashiers paying the same bill at once succeed", async () => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[3].id}`, t.admin);
    const billIds = [room.bills[0].id];
    const other = await t.server.login("admin");
    const [a, b] = await Promise.all([
      t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds, payMethod: 1 } }),
      t.server.request("POST", "/api/property/bills/actions/pay", { token: other, body: { billIds, payMethod: 5 } }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe("该账单已缴费，请刷新后重试");
    expect(await t.server.count("payments", "tenant_id = $1 and bill_id = $2", [t.ids.tenantA, billIds[0]])).toBe(1);
    expect(await t.server.count("receipts", "tenant_id = $1 and payment_id in (select id from payments where bill_id = $2)", [t.ids.tenantA, billIds[0]])).toBe(1);
  });

  it("refuses bills of two rooms that are not one owner's in one payment", async () => {
    const one = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[3].id}`, t.admin);
    const two = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin);
    // Neither room has an owner: the second is not the first one's owner's (desk.owner-rooms-and-prepay.spec.ts pays one owner's rooms).
    const r = await pay({ billIds: [one.bills[0].id, two.bills[0].id], payMethod: 1 });
    expect(r.body).toMatchObject({ code: 40070, message: "房屋1栋-1单元-102不属于该业主，不能合并缴费" });
  });
});
