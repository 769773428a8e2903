// Formula pricing (method 5) and 公摊: a formula is refused at save time naming the token, generation
// prices it in SQL to the fen the preview computes in TypeScript, and a 公摊 splits a total so that the
// shares add up exactly, stores its sheet and makes 草稿 bills that 账单审核 takes; other tenants' and
// communities' ids are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { billsOf, generate, makeCommunity, meterTypeId, ok, paymentItem, PERIOD, priceType, type Fixture } from "./support.ts";

describe.each(backends)("fee formulas and 公摊 (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "公式测试社区", [{ area: "88.50" }, { area: "100.25" }, { area: "61.25" }, { area: "33.33", chargeArea: "30.00" }]);
  });

  const post = (url: string, body: unknown, token = t.admin) => t.server.request("POST", url, { token, body });

  it("refuses a formula with an unknown name, a call or another operator at save time, naming it", async () => {
    for (const [formula, code, message] of [
      ["面积*水价", 40041, "公式中有未知的名称：水价"],
      ["alert(面积)", 40042, "公式中不能使用：alert()"],
      ["面积 % 2", 40042, "公式中不能使用：%"],
      ["(面积*单价", 40043, "公式格式不正确：公式不完整"],
    ] as const) {
      const r = await post("/api/property/priceTypes", { communityId: fx.communityId, name: `坏公式${code}${formula.length}`, pricingMethod: 5, unitPrice: "2.00", billingCycle: 1, formula });
      expect(r.status, formula).toBe(400);
      expect(r.body).toMatchObject({ code, message, success: false });
    }
    const missing = await post("/api/property/priceTypes", { communityId: fx.communityId, name: "无公式", pricingMethod: 5, unitPrice: "2.00", billingCycle: 1 });
    expect(missing.body.message).toBe("请输入计价公式");
  });

  it("stores the names a formula uses, prices it in generation as the preview does, and skips a room it cannot price", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, {
      name: "公式物业费",
      pricingMethod: 5,
      unitPrice: "2.35",
      surcharge: "10.00",
      coefficient: "1.5",
      formula: "面积 × 单价 × 系数 ÷ 3 + 附加费",
    });
    const row = await ok(t.server, "GET", `/api/property/priceTypes/${pt}`, t.admin);
    expect(row.formulaVariables).toBe("面积、单价、系数、附加费");
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公式项目" });
    await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [item] });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.room_id)).toEqual(fx.rooms.map((r) => r.id));
    for (const b of bills) {
      const preview = await ok(t.server, "POST", "/api/property/feeFormula/actions/preview", t.admin, { communityId: fx.communityId, roomId: b.room_id, priceTypeId: pt });
      expect(preview.amount).toBe((b.amount_due / 100).toFixed(2));
    }
    // 88.50 × 2.35 × 1.5 ÷ 3 + 10 = 113.9875 -> 113.99; the 计费面积 30.00 prices the fourth: 35.25 + 10 = 45.25.
    expect(bills.map((b) => b.amount_due)).toEqual([11399, 12779, 8197, 4525]);
    const preview = await ok(t.server, "POST", "/api/property/feeFormula/actions/preview", t.admin, { communityId: fx.communityId, roomId: fx.rooms[0].id, priceTypeId: pt });
    expect(preview).toMatchObject({ formula: "面积 × 单价 × 系数 ÷ 3 + 附加费", amount: "113.99", quantity: "113.9875" });
    expect(preview.lines).toEqual([
      { name: "面积", value: "88.50", meaning: expect.any(String) },
      { name: "单价", value: "2.35", meaning: expect.any(String) },
      { name: "系数", value: "1.5000", meaning: expect.any(String) },
      { name: "附加费", value: "10.00", meaning: expect.any(String) },
    ]);

    // A formula that divides by zero for a room: the preview says so; generation skips it (no bill of 0).
    const zero = await priceType(t.server, t.admin, fx.communityId, { name: "除零", pricingMethod: 5, unitPrice: "1.00", formula: "单价 / (楼层 - 1)" });
    const r = await post("/api/property/feeFormula/actions/preview", { communityId: fx.communityId, roomId: fx.rooms[0].id, priceTypeId: zero });
    expect(r.body).toMatchObject({ code: 40044, message: "公式计算时除数为零：楼层 − 1" });
    const zeroItem = await paymentItem(t.server, t.admin, fx.communityId, zero, { name: "除零项目" });
    const run = await generate(t.server, t.admin, { period: PERIOD, paymentItemIds: [zeroItem] });
    expect(run.batches[0]).toMatchObject({ billCount: 0, skippedCount: 4 });
  });

  it("previews an unsaved formula with the form's values, and refuses what it cannot compute", async () => {
    const body = { communityId: fx.communityId, roomId: fx.rooms[1].id, formula: "用量*单价+附加费", unitPrice: "4.21", surcharge: "1.00", usage: "12.5" };
    expect(await ok(t.server, "POST", "/api/property/feeFormula/actions/preview", t.admin, body)).toMatchObject({ amount: "53.63", quantity: "53.6250" });
    const noUse = await post("/api/property/feeFormula/actions/preview", { ...body, usage: null });
    expect(noUse.body).toMatchObject({ code: 40046, message: "该房屋缺少公式所需的用量" });
    const bad = await post("/api/property/feeFormula/actions/preview", { ...body, formula: "T*2" });
    expect(bad.body).toMatchObject({ code: 40041, message: "公式中有未知的名称：T" });
  });

  it("splits a building's shared amount by area so the shares add up, stores the sheet and makes 草稿 bills", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "公摊计价", pricingMethod: 4 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公摊电费" });
    const body = { communityId: fx.communityId, buildingId: fx.buildingId, paymentItemId: item, period: PERIOD, basis: 1, totalAmount: "100.00" };
    const sheet = await ok(t.server, "POST", "/api/property/shareAllocations/actions/preview", t.admin, body);
    // Areas 88.50 + 100.25 + 61.25 + 30.00 = 280.00: 31.6071… 35.8035… 21.875 10.7142… → 31.61 35.80 21.88 10.71 (sum 100.00).
    expect(sheet).toMatchObject({ totalAmount: "100.00", basisTotal: "280.00", roomCount: 4, scopeName: "1栋" });
    expect(sheet.lines.map((l: { amount: string }) => l.amount)).toEqual(["31.61", "35.80", "21.88", "10.71"]);
    expect(sheet.lines.map((l: { basisValue: string }) => l.basisValue)).toEqual(["88.50", "100.25", "61.25", "30.00"]);

    const made = await ok(t.server, "POST", "/api/property/shareAllocations/actions/allocate", t.admin, { ...body, remark: "1栋公共照明" });
    expect(made).toMatchObject({ billCount: 4, totalAmount: "100.00" });
    const bills = await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item]);
    expect(bills.map((b) => b.amount_due)).toEqual([3161, 3580, 2188, 1071]);
    expect(bills.every((b) => b.status === 1)).toBe(true);
    const stored = await ok(t.server, "GET", `/api/property/shareAllocations/${made.id}`, t.admin);
    expect(stored).toMatchObject({ sheetNo: made.sheetNo, totalAmount: "100.00", roomCount: 4, billCount: 4, batchId: made.batchId, basis: 1, remark: "1栋公共照明" });
    // The batch is approved like a generated one.
    await ok(t.server, "POST", "/api/property/bills/actions/approve", t.admin, { batchId: made.batchId });
    expect((await billsOf(t.server, t.ids.tenantA, "payment_item_id = $2", [item])).every((b) => b.status === 2)).toBe(true);

    // A second 公摊 of the same item and period would bill the rooms twice.
    const again = await post("/api/property/shareAllocations/actions/allocate", body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40980 });
    expect(again.body.message).toMatch(/^以下房屋在该账期已有该缴费项目的账单：/);
  });

  it("splits by household, by a meter's use × unit price, and by a formula's weights, always to the total", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "公摊计价2", pricingMethod: 4 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公摊水费" });
    const base = { communityId: fx.communityId, unitId: fx.unitId, paymentItemId: item, period: PERIOD };
    const byHousehold = await ok(t.server, "POST", "/api/property/shareAllocations/actions/preview", t.admin, { ...base, basis: 2, totalAmount: "0.10" });
    // 10 fen among 4: 3 3 2 2 (the leftover fen to the smallest ids).
    expect(byHousehold.lines.map((l: { amount: string }) => l.amount)).toEqual(["0.03", "0.03", "0.02", "0.02"]);
    // 37.5 吨 × 4.21 = 157.875 -> 157.88.
    const byUse = await ok(t.server, "POST", "/api/property/shareAllocations/actions/preview", t.admin, { ...base, basis: 1, usage: "37.5", unitPrice: "4.21" });
    expect(byUse.totalAmount).toBe("157.88");
    const sum = (lines: { amount: string }[]) => lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
    expect(sum(byUse.lines)).toBe(15788);
    // HC's T/F*R*1.5: proportional to R (the room's area); the shares still add up to T.
    const byFormula = await ok(t.server, "POST", "/api/property/shareAllocations/actions/preview", t.admin, { ...base, basis: 3, formula: "T/F*R*1.5", totalAmount: "99.99" });
    expect(sum(byFormula.lines)).toBe(9999);
    // 99.99 × 88.50 / 280 = 31.604…, × 100.25 / 280 = 35.799…: the two leftover fen go to the largest remainders.
    expect(byFormula.lines.map((l: { amount: string }) => l.amount)).toEqual(["31.61", "35.80", "21.87", "10.71"]);
    // A zero total splits into zeros; allocating it makes no bill.
    const zero = await ok(t.server, "POST", "/api/property/shareAllocations/actions/allocate", t.admin, { ...base, basis: 2, totalAmount: "0" });
    expect(zero).toMatchObject({ billCount: 0, totalAmount: "0.00" });
  });

  it("splits a building meter's approved reading (its use × the unit price) and marks it 已计费; a room meter's, an unapproved or a billed reading is refused", async () => {
    const water = await meterTypeId(t.server, t.admin);
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "公摊计价4", pricingMethod: 4 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公摊楼栋水费" });
    const meter = async (body: Record<string, unknown>) =>
      (await ok(t.server, "POST", "/api/property/meters", t.admin, { communityId: fx.communityId, meterTypeId: water, multiplier: "2", initialReading: "100", status: 1, ...body })).id as number;
    const shared = await meter({ meterNo: "GT1", scopeKind: 2, buildingId: fx.buildingId });
    const own = await meter({ meterNo: "GT2", scopeKind: 1, roomId: fx.rooms[0].id });
    const read = async (meterId: number, currentReading: string) =>
      (await ok(t.server, "POST", "/api/property/meterReadings", t.admin, { communityId: fx.communityId, meterId, period: "2031-03", currentReading })).id as number;
    const sharedReading = await read(shared, "118.75");
    const ownReading = await read(own, "103");
    const base = { communityId: fx.communityId, buildingId: fx.buildingId, paymentItemId: item, period: "2031-03", basis: 2, unitPrice: "3.00" };
    const url = "/api/property/shareAllocations/actions/";
    // Not approved yet: refused.
    expect((await post(`${url}preview`, { ...base, meterReadingId: sharedReading })).body).toMatchObject({ code: 40986, message: "请选择已审核、未计费的楼栋、单元或小区公摊表读数" });
    await ok(t.server, "POST", "/api/property/meterReadings/actions/approveBatch", t.admin, { ids: [sharedReading, ownReading] });
    // (118.75 − 100) × 倍率 2 = 37.5 吨 × 3.00 = 112.50, by household 28.13 28.13 28.12 28.12; a usage typed beside it is not used.
    const preview = await ok(t.server, "POST", `${url}preview`, t.admin, { ...base, meterReadingId: sharedReading, usage: "1" });
    expect(preview).toMatchObject({ totalAmount: "112.50", roomCount: 4 });
    expect(preview.lines.map((l: { amount: string }) => l.amount)).toEqual(["28.13", "28.13", "28.12", "28.12"]);
    // A room's own meter is no 公摊表.
    expect((await post(`${url}preview`, { ...base, meterReadingId: ownReading })).body).toMatchObject({ code: 40986 });
    const made = await ok(t.server, "POST", `${url}allocate`, t.admin, { ...base, meterReadingId: sharedReading });
    expect(made).toMatchObject({ billCount: 4, totalAmount: "112.50" });
    const stored = await ok(t.server, "GET", `/api/property/shareAllocations/${made.id}`, t.admin);
    expect(stored.usage).toBe("37.5000");
    expect(await ok(t.server, "GET", `/api/property/meterReadings/${sharedReading}`, t.admin)).toMatchObject({ status: 3 });
    // Billed: another 公摊 of it (another item, so no bill clashes) is refused, and the reading is locked.
    const other = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公摊楼栋水费二" });
    expect((await post(`${url}allocate`, { ...base, paymentItemId: other, meterReadingId: sharedReading })).body).toMatchObject({ code: 40986 });
    // Another community's reading is not found.
    const elsewhere = await makeCommunity(t.server, t.ids.tenantA, "公摊读数另一社区", [{ area: "50.00" }]);
    expect((await post(`${url}preview`, { ...base, communityId: elsewhere.communityId, buildingId: elsewhere.buildingId, meterReadingId: sharedReading })).status).toBe(404);
  });

  it("refuses a missing total, no rooms, a zero basis, a bad formula, and other tenants' or communities' ids", async () => {
    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "公摊计价3", pricingMethod: 4 });
    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "公摊燃气" });
    const base = { communityId: fx.communityId, paymentItemId: item, period: PERIOD, basis: 1 };
    const url = "/api/property/shareAllocations/actions/preview";
    expect((await post(url, base)).body).toMatchObject({ code: 40049, message: "请输入公摊总额，或用量与单价" });
    expect((await post(url, { ...base, totalAmount: "1", roomIds: [fx.rooms[0].id], basis: 3, formula: "R-R" })).body).toMatchObject({
      code: 40048,
      message: "参与公摊房屋的按公式之和为零，无法分摊",
    });
    expect((await post(url, { ...base, totalAmount: "1", basis: 3, formula: "R*水" })).body).toMatchObject({ code: 40041, message: "公式中有未知的名称：水" });
    expect((await post(url, { ...base, totalAmount: "1", basis: 3, formula: "F-R*5" })).body).toMatchObject({ code: 40045 });
    const empty = await makeCommunity(t.server, t.ids.tenantA, "空社区", []);
    const emptyItem = await paymentItem(t.server, t.admin, empty.communityId, await priceType(t.server, t.admin, empty.communityId, { name: "空", pricingMethod: 4 }), { name: "空项目" });
    expect((await post(url, { ...base, communityId: empty.communityId, paymentItemId: emptyItem, totalAmount: "1" })).body).toMatchObject({ code: 40047, message: "没有参与公摊的房屋" });
    // An item of another community, another tenant's room or community: as if missing.
    expect((await post(url, { ...base, communityId: empty.communityId, totalAmount: "1" })).status).toBe(404);
    expect((await post(url, { ...base, totalAmount: "1", roomIds: [t.ids.roomB] })).status).toBe(404);
    expect((await post(url, { ...base, totalAmount: "1" }, t.admin2)).status).toBe(404);
    const preview = await post("/api/property/feeFormula/actions/preview", { communityId: fx.communityId, roomId: t.ids.roomB, formula: "面积" });
    expect(preview.status).toBe(404);
    // Staff without the fee codes: no permission.
    expect((await post(url, { ...base, totalAmount: "1" }, t.staff)).body).toMatchObject({ code: 403 });
  });
});
