// The cashier desk: the room's owner (phone masked); the owner's other rooms of the community with
// bills to pay, paid together with the room in one payment and one receipt (a payment row per bill,
// each with its own room; the receipt issued for the desk's room, its lines naming every room), while
// another owner's room and another community's bill are refused with their codes and nothing is
// written; prepaying 3 months of a monthly item (bills made approved with generation's pricing and
// numbering, paid at once with one receipt), refused for a period already billed, an item that is not
// monthly and periodic, and a start before this month; the room's recent receipts for reprinting; the
// cashier's name (姓名) on the payment.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { monthsBetween } from "../../../src/common/payment/period.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

const OWNER_PHONE = "13700000001";

describe.each(backends)("cashier desk: one owner's rooms and prepaying months (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let elsewhere: Fixture;
  let areaItem: number;
  let fixedItem: number;
  let quarterlyItem: number;

  const owner = (fixture: Fixture, room: number, name: string, phone: string) =>
    t.server.db.query("insert into inhabitants (tenant_id, community_id, name, phone, room_id, identity) values ($1, $2, $3, $4, $5, 1)", [
      t.ids.tenantA,
      fixture.communityId,
      name,
      phone,
      fixture.rooms[room].id,
    ]);
  const roomBills = (roomId: number) => ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${roomId}`, t.admin);
  const desk = (roomId: number) => ok(t.server, "GET", `/api/property/bills/actions/cashierDesk?roomId=${roomId}`, t.admin);
  const payments = () => t.server.count("payments", "tenant_id = $1", [t.ids.tenantA]);

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "合并缴费社区", [{ area: "88.88" }, { area: "66.00" }, { area: "50.00" }, { area: "70.00" }]);
    elsewhere = await makeCommunity(t.server, t.ids.tenantA, "合并缴费另一社区", [{ area: "40.00" }]);
    const area = await priceType(t.server, t.admin, fx.communityId, { name: "合并面积", pricingMethod: 1, unitPrice: "2.50" });
    const fixed = await priceType(t.server, t.admin, fx.communityId, { name: "合并固定", pricingMethod: 2, unitPrice: "30.00" });
    const quarterly = await priceType(t.server, t.admin, fx.communityId, { name: "合并按季", pricingMethod: 2, unitPrice: "10.00", billingCycle: 2 });
    areaItem = await paymentItem(t.server, t.admin, fx.communityId, area, { name: "物业费" });
    fixedItem = await paymentItem(t.server, t.admin, fx.communityId, fixed, { name: "垃圾费", paymentType: 2 });
    quarterlyItem = await paymentItem(t.server, t.admin, fx.communityId, quarterly, { name: "按季费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [areaItem, fixedItem] });
    const otherPrice = await priceType(t.server, t.admin, elsewhere.communityId, { name: "另一社区固定", pricingMethod: 2, unitPrice: "20.00" });
    const otherItem = await paymentItem(t.server, t.admin, elsewhere.communityId, otherPrice, { name: "另一社区费" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [otherItem] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = any($2::bigint[])", [[fx.communityId, elsewhere.communityId]])).map((b) => b.id),
    );
    // Rooms 101 and 102 are 王业主's (the same phone), 103 someone else's; 王业主 also owns the room of the other community.
    await owner(fx, 0, "王业主", OWNER_PHONE);
    await owner(fx, 1, "王业主", OWNER_PHONE);
    await owner(fx, 2, "赵业主", "13700000002");
    await owner(elsewhere, 0, "王业主", OWNER_PHONE);
  });

  it("shows the room's owner with the phone masked, and the owner's other rooms of the community with bills to pay", async () => {
    const data = await roomBills(fx.rooms[0].id);
    expect(data.owner).toEqual({ name: "王业主", phone: "137****0001" });
    expect((await roomBills(fx.rooms[3].id)).owner).toBeNull();
    const d = await desk(fx.rooms[0].id);
    // 102: 66.00 × 2.50 = 165.00 and 30.00; not 103 (another owner), not the other community's room.
    expect(d.ownerRooms).toEqual([{ roomId: fx.rooms[1].id, roomName: "1栋-1单元-102", billCount: 2, outstanding: "195.00" }]);
    expect((await desk(fx.rooms[2].id)).ownerRooms).toEqual([]);
  });

  it("pays the bills of two rooms of one owner in one payment with one receipt", async () => {
    const one = await roomBills(fx.rooms[0].id);
    const two = await roomBills(fx.rooms[1].id);
    const billIds = [...one.bills, ...two.bills].map((b: { id: number }) => b.id);
    // 88.88 × 2.50 = 222.20 + 30.00 (101) and 165.00 + 30.00 (102): 44 720 fen; 50 000 handed over, 5 280 back.
    const r = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, {
      billIds,
      roomId: fx.rooms[0].id,
      payMethod: 5,
      receivedAmount: "500.00",
      expectedAmount: "447.20",
      payerName: "王业主",
    });
    expect(r).toMatchObject({ payAmount: "447.20", receivedAmount: "500.00", changeAmount: "52.80", cashierName: "张明" });
    const { rows } = await t.server.db.query<{ room_id: number; amount: number; receipt_no: string }>(
      "select room_id, amount, receipt_no from payments where tenant_id = $1 and bill_id = any($2::bigint[]) order by room_id, amount desc",
      [t.ids.tenantA, billIds],
    );
    expect(rows.map((p) => [Number(p.room_id), Number(p.amount)])).toEqual([
      [fx.rooms[0].id, 22220],
      [fx.rooms[0].id, 3000],
      [fx.rooms[1].id, 16500],
      [fx.rooms[1].id, 3000],
    ]);
    expect(new Set(rows.map((p) => p.receipt_no))).toEqual(new Set([r.receiptNo]));
    expect(await t.server.count("receipts", "tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, r.receiptNo])).toBe(1);
    expect((await billsOf(t.server, t.ids.tenantA, "id = any($2::bigint[])", [billIds])).every((b) => b.status === 4)).toBe(true);

    const receipt = await ok(t.server, "GET", `/api/property/receipts/${r.receiptId}/actions/print`, t.admin);
    expect(receipt).toMatchObject({ amount: "447.20", roomNo: "101", roomName: "1栋-1单元-101", issuerName: "张明" });
    expect(receipt.lines.map((l: { roomName: string; amount: string }) => [l.roomName, l.amount])).toEqual([
      ["1栋-1单元-101", "222.20"],
      ["1栋-1单元-101", "30.00"],
      ["1栋-1单元-102", "165.00"],
      ["1栋-1单元-102", "30.00"],
    ]);
    // Both rooms list the receipt for reprinting; nothing of theirs is left to pay together.
    for (const room of [fx.rooms[0].id, fx.rooms[1].id]) {
      const d = await desk(room);
      expect(d.recentReceipts[0]).toMatchObject({ id: r.receiptId, receiptNo: r.receiptNo, amount: "447.20", payMethod: 5, issuerName: "张明" });
      expect(d.ownerRooms).toEqual([]);
    }
  });

  it("refuses another owner's room and another community's bill, writing nothing", async () => {
    // Fresh bills: 101's next month, 103's (赵业主) and the other community's room (王业主's too).
    await generate(t.server, t.admin, { period: "2031-02", paymentItemIds: [fixedItem], roomIds: [fx.rooms[0].id, fx.rooms[2].id] });
    await approve(
      t.server,
      t.admin,
      (await billsOf(t.server, t.ids.tenantA, "community_id = $2 and status = 1", [fx.communityId])).map((b) => b.id),
    );
    const mine = (await roomBills(fx.rooms[0].id)).bills[0];
    const theirs = (await roomBills(fx.rooms[2].id)).bills[0];
    const away = (await roomBills(elsewhere.rooms[0].id)).bills[0];
    const before = await payments();
    const counter = await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA]);

    const stranger = await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: [mine.id, theirs.id], roomId: fx.rooms[0].id, payMethod: 1 } });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ code: 40070, message: "房屋1栋-1单元-103不属于该业主，不能合并缴费", success: false });
    // Without a room named, the first bill's room is the desk's: 103's owner does not own 101 either.
    const reversed = await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: [theirs.id, mine.id], payMethod: 1 } });
    expect(reversed.body).toMatchObject({ code: 40070, message: "房屋1栋-1单元-101不属于该业主，不能合并缴费" });

    const otherCommunity = await t.server.request("POST", "/api/property/bills/actions/pay", { token: t.admin, body: { billIds: [mine.id, away.id], roomId: fx.rooms[0].id, payMethod: 1 } });
    expect(otherCommunity.status).toBe(400);
    expect(otherCommunity.body).toMatchObject({ code: 40071, message: `账单${away.billNo}不属于该房屋所在的社区，不能合并缴费` });

    // A cashier limited to this community does not even find the other community's bill.
    const all = (await t.server.request("GET", "/api/system/homepage/user", { token: t.admin })).body.data.authorities.map((a: { code: string }) => a.code);
    const role = await ok(t.server, "POST", "/api/system/characters", t.admin, { name: "合并缴费收费员", authorities: all });
    await ok(t.server, "POST", "/api/system/users", t.admin, { username: "deskcashier1", password: "Desk-Cash-8812", roleId: role.id, communityIds: [fx.communityId] });
    const limited = await t.server.login("deskcashier1", "Desk-Cash-8812");
    const hidden = await t.server.request("POST", "/api/property/bills/actions/pay", { token: limited, body: { billIds: [mine.id, away.id], roomId: fx.rooms[0].id, payMethod: 1 } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe(404);

    // The balance pays one room at a time.
    const fromBalance = await t.server.request("POST", "/api/property/bills/actions/payFromBalance", { token: t.admin, body: { billIds: [mine.id, theirs.id] } });
    expect(fromBalance.body.message).toBe("预存款缴费一次只能缴纳同一房屋的账单");

    expect(await payments()).toBe(before);
    expect((await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA])).rows).toEqual(counter.rows);
    // Each error code has its text in the table the pages show.
    const table = (await t.server.request("GET", "/api/basic/language/errorcode?serviceType=hbl")).body.data;
    expect(table).toMatchObject({ "40070": "所选房屋不属于同一业主，不能合并缴费", "40071": "所选账单不属于同一社区，不能合并缴费", "40915": "所选账期已有该项目的账单，不能重复预缴" });
  });

  it("prepays 3 months of a monthly item: bills priced as generation prices them, approved and paid with one receipt", async () => {
    const room = fx.rooms[3].id; // 70.00 ㎡, no bills of the area item yet
    const current = chinaDay().slice(0, 7);
    const plan = await ok(t.server, "GET", `/api/property/bills/actions/prepayPlan?roomId=${room}`, t.admin);
    expect(plan).toMatchObject({ roomId: room, maxMonths: 24, currentPeriod: current, plan: null });
    // The quarterly item is not offered.
    expect(plan.items.map((i: { name: string }) => i.name)).toEqual(["物业费", "垃圾费"]);
    // 物业费 was billed for this room in 2031-01: prepaying continues from 2031-02.
    expect(plan.items[0]).toMatchObject({ id: areaItem, lastPeriod: PERIOD, nextPeriod: "2031-02" });

    const periods = ["2031-02", "2031-03", "2031-04"];
    const preview = await ok(t.server, "GET", `/api/property/bills/actions/prepayPlan?roomId=${room}&paymentItemId=${areaItem}&months=3`, t.admin);
    // 70.00 × 2.50 = 175.00 a month, three months: 525.00.
    expect(preview.plan).toMatchObject({ paymentItemId: areaItem, itemName: "物业费", startPeriod: "2031-02", months: 3, total: "525.00" });
    expect(preview.plan.bills).toEqual(periods.map((period) => ({ period, dueDate: `${period}-15`, quantity: "70.00", amountDue: "175.00", lateFee: "0.00", outstanding: "175.00" })));

    const before = await t.server.count("receipts", "tenant_id = $1", [t.ids.tenantA]);
    const r = await ok(t.server, "POST", "/api/property/bills/actions/prepay", t.admin, {
      roomId: room,
      paymentItemId: areaItem,
      months: 3,
      payMethod: 5,
      receivedAmount: "600.00",
      expectedAmount: "525.00",
    });
    expect(r).toMatchObject({ payAmount: "525.00", changeAmount: "75.00", cashierName: "张明" });
    expect(r.billIds).toHaveLength(3);
    const { rows } = await t.server.db.query<{ id: number; bill_no: string; period: string; amount_due: number; amount_paid: number; status: number; due_date: string; approver_id: number | null }>(
      "select id, bill_no, period, amount_due, amount_paid, status, due_date::text, approver_id from bills where tenant_id = $1 and room_id = $2 and payment_item_id = $3 and period > $4 order by period",
      [t.ids.tenantA, room, areaItem, PERIOD],
    );
    expect(rows.map((b) => [b.period, Number(b.amount_due), Number(b.amount_paid), b.status, b.due_date])).toEqual(periods.map((p) => [p, 17500, 17500, 4, `${p}-15`]));
    expect(rows.map((b) => b.bill_no)).toEqual(rows.map((b) => `ZD${b.period.replace("-", "")}-${String(b.id).padStart(8, "0")}`));
    expect(rows.every((b) => b.approver_id !== null)).toBe(true);
    expect(await t.server.count("bill_approvals", "tenant_id = $1 and bill_id = any($2::bigint[]) and decision = 2", [t.ids.tenantA, rows.map((b) => b.id)])).toBe(3);
    expect(await t.server.count("receipts", "tenant_id = $1", [t.ids.tenantA])).toBe(before + 1);
    expect(await t.server.count("payments", "tenant_id = $1 and receipt_no = $2", [t.ids.tenantA, r.receiptNo])).toBe(3);
    const receipt = await ok(t.server, "GET", `/api/property/receipts/${r.receiptId}/actions/print`, t.admin);
    expect(receipt.lines.map((l: { period: string; amount: string; itemName: string }) => [l.period, l.itemName, l.amount])).toEqual(periods.map((p) => [p, "物业费", "175.00"]));
    // Generation of a prepaid period finds the bill there already.
    const again = await generate(t.server, t.admin, { period: "2031-03", paymentItemIds: [areaItem], roomIds: [room] });
    expect(again.batches[0]).toMatchObject({ billCount: 0, existingCount: 1 });
  });

  it("refuses a period already billed, an item that is not monthly and periodic, a start before this month, and more than 24 months", async () => {
    const room = fx.rooms[3].id;
    const counter = await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA]);
    const bills = await t.server.count("bills", "tenant_id = $1", [t.ids.tenantA]);
    const prepay = (body: Record<string, unknown>) => t.server.request("POST", "/api/property/bills/actions/prepay", { token: t.admin, body: { roomId: room, payMethod: 1, ...body } });

    const billed = await prepay({ paymentItemId: areaItem, months: 3, startPeriod: "2031-03" });
    expect(billed.status).toBe(409);
    expect(billed.body).toMatchObject({ code: 40915, message: "账期2031-03、2031-04已有「物业费」的账单，不能重复预缴" });
    const previewed = await t.server.request("GET", `/api/property/bills/actions/prepayPlan?roomId=${room}&paymentItemId=${areaItem}&months=2&startPeriod=2031-01`, { token: t.admin });
    expect(previewed.body).toMatchObject({ code: 40915, message: "账期2031-01、2031-02已有「物业费」的账单，不能重复预缴" });

    const quarterly = await prepay({ paymentItemId: quarterlyItem, months: 3 });
    expect(quarterly.body).toMatchObject({ code: 40072, message: "缴费项目「按季费」不是按月收费的周期性项目，不能预缴" });

    const current = chinaDay().slice(0, 7);
    const lastMonth = monthsBetween("2000-01", current, 100_000).at(-2)!;
    const past = await prepay({ paymentItemId: fixedItem, months: 1, startPeriod: lastMonth });
    expect(past.body).toMatchObject({ code: 40074, message: `预缴的起始账期不能早于本月（${current}）` });

    expect((await prepay({ paymentItemId: fixedItem, months: 25 })).body).toMatchObject({ code: 40001, message: "预缴月数不能大于24" });
    expect((await prepay({ paymentItemId: fixedItem, months: 0 })).body).toMatchObject({ code: 40001, message: "预缴月数请输入正整数" });

    expect(await t.server.count("bills", "tenant_id = $1", [t.ids.tenantA])).toBe(bills);
    expect((await t.server.db.query("select value from tenant_counters where tenant_id = $1 and name = 'receipt'", [t.ids.tenantA])).rows).toEqual(counter.rows);
  });
});
