// Receipt templates (payment settings 票据与发票) and the receipt read for printing: the settings'
// template, 收款单位 and seal with their rules and defaults; the receipt's title by what it is for
// (物业服务费 / 押金 / 临时收费 / 预存款), the late fee on a line of its own, the months a bill covers,
// unit price × quantity where the price still gives the amount, the issuer's name and 预存款抵扣 (pay
// method 7) on a payment from the balance.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { addDays } from "../../../src/common/payment/period.ts";
import { chinaDay } from "../../../src/common/china-time.ts";
import { approve, billsOf, generate, makeCommunity, ok, paymentItem, PERIOD, priceType, setFourEyes, type Fixture } from "./support.ts";

const SAVE = "/api/property/paymentSettings/actions/save";
const print = (id: number) => `/api/property/receipts/${id}/actions/print`;

describe.each(backends)("receipt templates and the printed receipt (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  let areaType: number;
  let depositItem: number;
  let tempItem: number;
  let adminName: string;
  let tenantName: string;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "票据模板社区", [{ area: "126.21" }, { area: "80.00" }, { area: "60.00" }]);
    areaType = await priceType(t.server, t.admin, fx.communityId, { name: "票据面积", pricingMethod: 1, unitPrice: "2.50" });
    const quarterly = await priceType(t.server, t.admin, fx.communityId, { name: "票据按季", pricingMethod: 2, unitPrice: "50.00", billingCycle: 2 });
    const fee = await paymentItem(t.server, t.admin, fx.communityId, areaType, { name: "物业费", lateFeeEnabled: true, lateFeeRate: "1.00", lateFeeGraceDays: 0 });
    const rubbish = await paymentItem(t.server, t.admin, fx.communityId, quarterly, { name: "垃圾清运费", paymentType: 2 });
    depositItem = await paymentItem(t.server, t.admin, fx.communityId, quarterly, { name: "装修押金", paymentType: 2, category: 2 });
    tempItem = await paymentItem(t.server, t.admin, fx.communityId, quarterly, { name: "临时停车费", paymentType: 2, category: 3 });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [fee, rubbish] });
    const bills = await billsOf(t.server, t.ids.tenantA, "community_id = $2", [fx.communityId]);
    await approve(
      t.server,
      t.admin,
      bills.map((b) => b.id),
    );
    // The property fee of the first room is one day overdue: 315.53 × 1‰ = 0.32 late fee.
    await t.server.db.query("update bills set due_date = $2::date where tenant_id = $1 and room_id = $3 and amount_due = 31553", [t.ids.tenantA, addDays(chinaDay(), -1), fx.rooms[0].id]);
    const { rows } = await t.server.db.query<{ name: string; tenant: string }>(
      "select coalesce(nullif(btrim(u.real_name), ''), u.username) as name, t.name as tenant from users u join tenants t on t.id = u.tenant_id where u.tenant_id = $1 and u.username = 'admin'",
      [t.ids.tenantA],
    );
    adminName = rows[0].name;
    tenantName = rows[0].tenant;
  });

  it("writes down the defaults: A4, no 收款单位 of its own, the seal box without text", async () => {
    const other = await makeCommunity(t.server, t.ids.tenantA, "票据默认社区", []);
    const s = await ok(t.server, "GET", `/api/property/paymentSettings/actions/get?communityId=${other.communityId}`, t.admin);
    expect(s).toMatchObject({ receiptTemplate: 1, payeeName: null, sealEnabled: true, sealText: null });
  });

  it("checks the template, 收款单位 and seal text with the rules' messages and writes nothing when refused", async () => {
    const other = await makeCommunity(t.server, t.ids.tenantA, "票据校验社区", []);
    const save = (body: Record<string, unknown>) => t.server.request("POST", SAVE, { token: t.admin, body: { communityId: other.communityId, section: "receipt", receiptPrefix: "PJ", ...body } });
    const refused = async (body: Record<string, unknown>, message: string) => {
      const r = await save(body);
      expect(r.status, r.text).toBe(400);
      expect(r.body).toMatchObject({ code: 40001, message, success: false });
    };
    await refused({ receiptTemplate: 4 }, "请选择正确的票据模板");
    await refused({ receiptTemplate: 0 }, "请选择正确的票据模板");
    await refused({ payeeName: "物".repeat(65) }, "收款单位不能超过64个字符");
    await refused({ payeeName: "阳光<物业>" }, "内容含有特殊字符");
    await refused({ sealText: "财".repeat(17) }, "印章文字不能超过16个字符");
    await refused({ sealText: "章$" }, "内容含有特殊字符");
    await refused({ sealEnabled: "是" }, "打印盖章区格式不正确");
    expect(await t.server.count("payment_settings", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, other.communityId])).toBe(0);

    const saved = await save({ receiptTemplate: 2, payeeName: "杭州阳光物业服务有限公司（票据）", sealEnabled: false, sealText: "财务专用章" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ receiptTemplate: 2, payeeName: "杭州阳光物业服务有限公司（票据）", sealEnabled: false, sealText: "财务专用章" });
    // Another tab's save keeps them.
    await ok(t.server, "POST", SAVE, t.admin, { communityId: other.communityId, section: "other", allowPartialPayment: true });
    expect(await ok(t.server, "GET", `/api/property/paymentSettings/actions/get?communityId=${other.communityId}`, t.admin)).toMatchObject({ receiptTemplate: 2, sealEnabled: false });
  });

  it("prints a property-fee receipt: the late fee apart, the period, unit price × quantity, 收款单位 and the issuer", async () => {
    const room = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[0].id}`, t.admin);
    expect(room.totals).toMatchObject({ amountDue: "465.53", lateFee: "0.32", outstanding: "465.85" });
    const paid = await ok(t.server, "POST", "/api/property/bills/actions/pay", t.admin, {
      billIds: room.bills.map((b: { id: number }) => b.id),
      payMethod: 5,
      receivedAmount: "500.00",
      payerName: "张三",
    });
    // Defaults first: A4, the tenant's name as 收款单位, the seal box.
    const r = await ok(t.server, "GET", print(paid.receiptId), t.admin);
    expect(r).toMatchObject({
      kind: 1,
      kindTitle: "物业服务费收据",
      customTitle: null,
      payeeName: tenantName,
      template: 1,
      sealEnabled: true,
      sealText: null,
      amount: "465.85",
      principal: "465.53",
      lateFee: "0.32",
      payMethod: 5,
      payerName: "张三",
      issuerName: adminName,
      receivedAmount: "500.00",
      changeAmount: "34.15",
    });
    expect(r.lines).toEqual([
      expect.objectContaining({
        itemName: "物业费",
        period: PERIOD,
        periodEnd: PERIOD,
        amount: "315.85",
        principal: "315.53",
        lateFee: "0.32",
        unitPrice: "2.50",
        quantity: "126.21",
        quantityUnit: "㎡",
        months: 1,
        category: 1,
        source: 1,
      }),
      expect.objectContaining({
        itemName: "垃圾清运费",
        period: PERIOD,
        periodEnd: "2031-03",
        amount: "150.00",
        principal: "150.00",
        lateFee: "0.00",
        unitPrice: "50.00",
        quantity: "3",
        quantityUnit: "月",
        months: 3,
      }),
    ]);

    // The community's receipt settings reach the receipt.
    await ok(t.server, "POST", SAVE, t.admin, {
      communityId: fx.communityId,
      section: "receipt",
      receiptPrefix: "MB",
      receiptTitle: "阳光花园物业服务中心",
      receiptTemplate: 3,
      payeeName: "杭州阳光物业服务有限公司",
      sealText: "财务专用章",
    });
    expect(await ok(t.server, "GET", print(paid.receiptId), t.admin)).toMatchObject({
      customTitle: "阳光花园物业服务中心",
      title: "阳光花园物业服务中心",
      payeeName: "杭州阳光物业服务有限公司",
      template: 3,
      sealEnabled: true,
      sealText: "财务专用章",
    });

    // A price changed since the bill was made: no unit price rather than a wrong one (the rule 调价
    // off, so the change takes effect at once).
    await setFourEyes(t.server, t.admin, false, [5]);
    await ok(t.server, "PUT", `/api/property/priceTypes/${areaType}`, t.admin, { unitPrice: "3.00" });
    const changed = await ok(t.server, "GET", print(paid.receiptId), t.admin);
    expect(changed.lines[0]).toMatchObject({ unitPrice: null, quantity: null, quantityUnit: null, principal: "315.53", lateFee: "0.32" });
    await ok(t.server, "PUT", `/api/property/priceTypes/${areaType}`, t.admin, { unitPrice: "2.50" });
    await setFourEyes(t.server, t.admin, true, [5]);
  });

  it("titles deposit, temporary-charge and prepayment receipts by what they are for; a payment from the balance prints 预存款抵扣", async () => {
    const deposit = await ok(t.server, "POST", "/api/property/deposits", t.admin, {
      communityId: fx.communityId,
      roomId: fx.rooms[1].id,
      paymentItemId: depositItem,
      amount: "2000.00",
      payMethod: 5,
      payerName: "王五",
    });
    const d = await ok(t.server, "GET", print(deposit.receiptId), t.admin);
    expect(d).toMatchObject({ kind: 2, kindTitle: "押金收据", amount: "2000.00", principal: "2000.00", lateFee: "0.00" });
    expect(d.lines[0]).toMatchObject({ itemName: "装修押金", category: 2, source: 3, unitPrice: null, periodEnd: null, months: null, lateFee: "0.00" });

    const temp = await ok(t.server, "POST", "/api/property/tempCharges", t.admin, { communityId: fx.communityId, roomId: fx.rooms[1].id, paymentItemId: tempItem, amount: "15.50", payMethod: 1 });
    expect(await ok(t.server, "GET", print(temp.receiptId), t.admin)).toMatchObject({ kind: 3, kindTitle: "临时收费收据", amount: "15.50" });

    const account = await ok(t.server, "POST", "/api/property/prepayAccounts", t.admin, { communityId: fx.communityId, roomId: fx.rooms[1].id, autoDeduct: false });
    const recharged = await ok(t.server, "POST", `/api/property/prepayAccounts/${account.id}/actions/recharge`, t.admin, { amount: "500.00", payMethod: 5 });
    expect(await ok(t.server, "GET", print(recharged.lastReceiptId), t.admin)).toMatchObject({ kind: 4, kindTitle: "预存款收据", amount: "500.00", payMethod: 5 });

    const bills = await ok(t.server, "GET", `/api/property/bills/actions/roomBills?roomId=${fx.rooms[1].id}`, t.admin);
    const fromBalance = await ok(t.server, "POST", "/api/property/bills/actions/payFromBalance", t.admin, { billIds: bills.bills.map((b: { id: number }) => b.id) });
    const r = await ok(t.server, "GET", print(fromBalance.receiptId), t.admin);
    // 80.00 ㎡ × 2.50 + 50.00 × 3 months, paid from the balance.
    expect(r).toMatchObject({ kind: 1, kindTitle: "物业服务费收据", payMethod: 7, amount: "350.00", lateFee: "0.00", receivedAmount: null });
    expect(r.lines.map((l: { unitPrice: string; quantity: string }) => `${l.unitPrice} × ${l.quantity}`)).toEqual(["2.50 × 80.00", "50.00 × 3"]);
  });
});
