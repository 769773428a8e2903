// Fee settings that cannot be saved wrong (issue "the money desk", deliverable 6): each pricing
// method needs its own fields (schema usedWhen) — 单价 for 建筑面积×单价, 按户固定金额 and
// 抄表用量×单价, 计量单位 too for metered pricing — and a save without one is refused with that
// field's message, nothing written; the fields a method does not use are cleared. Deposits take only
// deposit items and temporary charges only temporary ones (schema ref.where on the item), and the
// item list filters by that category, as the pickers ask it.
import { beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { makeCommunity, ok, paymentItem, priceType, setFourEyes, type Fixture } from "./support.ts";

const PRICE_TYPES = "/api/property/priceTypes";

describe.each(backends)("pricing types keep to their method's fields, items to their category (%s)", (backend) => {
  const t = useDemoServer(backend);
  let fx: Fixture;
  const post = (url: string, body: unknown) => t.server.request("POST", url, { token: t.admin, body });
  const put = (url: string, body: unknown) => t.server.request("PUT", url, { token: t.admin, body });
  const typesOf = () => t.server.count("price_types", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId]);
  /** A refused save: 400, the message and the field it names. */
  const refusedWith = (r: { status: number; text: string; body: { code: number; message: string; data: { errors: { field: string; message: string }[] } } }, field: string, message: string) => {
    expect(r.status, r.text).toBe(400);
    expect(r.body.code).toBe(40001);
    expect(r.body.message).toBe(message);
    expect(r.body.data.errors).toEqual([{ field, message }]);
  };

  beforeAll(async () => {
    fx = await makeCommunity(t.server, t.ids.tenantA, "计价字段社区", [{ area: "90.00" }, { area: "80.00" }]);
    // Saves take effect at once here (the rule 调价 off): price changes waiting for approval are
    // price-change-approval.spec.ts's.
    await setFourEyes(t.server, t.admin, false, [5]);
  });

  describe.each([
    { method: 1, name: "面积", complete: { unitPrice: "2.50" } },
    { method: 2, name: "固定", complete: { unitPrice: "30.00" } },
    { method: 3, name: "抄表", complete: { unitPrice: "4.20", meterUnit: "吨" } },
  ])("method $method", ({ method, name, complete }) => {
    it("refuses a save without 单价 with its message, and writes nothing", async () => {
      const before = await typesOf();
      const { unitPrice: _unitPrice, ...rest } = complete;
      refusedWith(await post(PRICE_TYPES, { communityId: fx.communityId, name: `${name}无单价`, pricingMethod: method, billingCycle: 1, ...rest }), "unitPrice", "请输入单价");
      refusedWith(await post(PRICE_TYPES, { communityId: fx.communityId, name: `${name}空单价`, pricingMethod: method, billingCycle: 1, ...rest, unitPrice: "" }), "unitPrice", "请输入单价");
      expect(await typesOf()).toBe(before);
    });

    it("accepts a complete one, keeping only the fields the method uses", async () => {
      const r = await post(PRICE_TYPES, { communityId: fx.communityId, name: `${name}完整`, pricingMethod: method, billingCycle: 1, meterUnit: "平方米", meterMultiplier: "2.00", ...complete });
      expect(r.status, r.text).toBe(200);
      const stored = await ok(t.server, "GET", `${PRICE_TYPES}/${r.body.data.id}`, t.admin);
      expect(stored).toMatchObject({ pricingMethod: method, unitPrice: complete.unitPrice });
      // The answer is the row as stored: the meter fields only for metered pricing.
      expect(r.body.data).toMatchObject({ meterUnit: stored.meterUnit, meterMultiplier: stored.meterMultiplier });
      if (method === 3) expect(stored).toMatchObject({ meterUnit: "吨", meterMultiplier: "2.00" });
      else expect(stored).toMatchObject({ meterUnit: null, meterMultiplier: null });
    });
  });

  it("metered pricing needs its 计量单位; the multiplier may stay empty (1)", async () => {
    const before = await typesOf();
    refusedWith(await post(PRICE_TYPES, { communityId: fx.communityId, name: "抄表无单位", pricingMethod: 3, billingCycle: 1, unitPrice: "4.20" }), "meterUnit", "请输入计量单位");
    expect(await typesOf()).toBe(before);
    const id = await priceType(t.server, t.admin, fx.communityId, { name: "抄表无倍率", pricingMethod: 3, unitPrice: "4.20", meterUnit: "度" });
    expect(await ok(t.server, "GET", `${PRICE_TYPES}/${id}`, t.admin)).toMatchObject({ meterUnit: "度", meterMultiplier: null });
  });

  it("manual entry needs no unit price and keeps none", async () => {
    const bare = await priceType(t.server, t.admin, fx.communityId, { name: "手工录入", pricingMethod: 4, billingCycle: 4 });
    expect(await ok(t.server, "GET", `${PRICE_TYPES}/${bare}`, t.admin)).toMatchObject({ pricingMethod: 4, unitPrice: null, meterUnit: null });
    const given = await priceType(t.server, t.admin, fx.communityId, { name: "手工带单价", pricingMethod: 4, billingCycle: 4, unitPrice: "5.00", meterUnit: "吨" });
    expect(await ok(t.server, "GET", `${PRICE_TYPES}/${given}`, t.admin)).toMatchObject({ unitPrice: null, meterUnit: null, meterMultiplier: null });
  });

  it("judges an update by the row it leaves: a method change needs the new method's fields and clears the old ones", async () => {
    const id = await priceType(t.server, t.admin, fx.communityId, { name: "改方式", pricingMethod: 1, unitPrice: "2.00" });
    const before = await ok(t.server, "GET", `${PRICE_TYPES}/${id}`, t.admin);
    // To metered pricing without a meter unit: refused, the row as it was.
    refusedWith(await put(`${PRICE_TYPES}/${id}`, { pricingMethod: 3 }), "meterUnit", "请输入计量单位");
    // Emptying the unit price of area pricing: refused.
    refusedWith(await put(`${PRICE_TYPES}/${id}`, { unitPrice: null }), "unitPrice", "请输入单价");
    expect(await ok(t.server, "GET", `${PRICE_TYPES}/${id}`, t.admin)).toMatchObject({ pricingMethod: 1, unitPrice: "2.00", version: before.version });
    // To metered pricing with its unit: kept; then to manual entry: the price and the meter fields go.
    const metered = await put(`${PRICE_TYPES}/${id}`, { pricingMethod: 3, meterUnit: "吨", meterMultiplier: "1.50" });
    expect(metered.status, metered.text).toBe(200);
    expect(metered.body.data).toMatchObject({ pricingMethod: 3, unitPrice: "2.00", meterUnit: "吨", meterMultiplier: "1.50" });
    const manual = await put(`${PRICE_TYPES}/${id}`, { pricingMethod: 4 });
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body.data).toMatchObject({ pricingMethod: 4, unitPrice: null, meterUnit: null, meterMultiplier: null });
    // Back to area pricing: its unit price is needed again.
    refusedWith(await put(`${PRICE_TYPES}/${id}`, { pricingMethod: 1 }), "unitPrice", "请输入单价");
  });

  describe("items by category", () => {
    let periodic: number;
    let deposit: number;
    let temporary: number;

    beforeAll(async () => {
      const manual = await priceType(t.server, t.admin, fx.communityId, { name: "柜台计价", pricingMethod: 4, billingCycle: 4 });
      periodic = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "类别物业费" });
      deposit = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "类别装修押金", paymentType: 2, category: 2 });
      temporary = await paymentItem(t.server, t.admin, fx.communityId, manual, { name: "类别工本费", paymentType: 2, category: 3 });
    });

    it("lists the items of a category, as the pickers ask (an item is periodic unless it says otherwise)", async () => {
      const names = async (category?: number) =>
        (await ok(t.server, "POST", "/api/property/paymentItems/actions/pageList", t.admin, { communityId: fx.communityId, pageNo: 1, pageSize: 50, ...(category ? { category } : {}) })).list
          .map((i: { id: number }) => i.id)
          .sort((a: number, b: number) => a - b);
      expect(await names(2)).toEqual([deposit]);
      expect(await names(3)).toEqual([temporary]);
      expect(await names(1)).toEqual([periodic]);
      expect(await names()).toEqual([periodic, deposit, temporary]);
      expect(await ok(t.server, "GET", `/api/property/paymentItems/${periodic}`, t.admin)).toMatchObject({ category: 1 });
    });

    it("refuses a deposit of an item that is not a deposit item, and a temporary charge of one that is not temporary", async () => {
      const counts = async () => [
        await t.server.count("deposits", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId]),
        await t.server.count("temp_charges", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId]),
        await t.server.count("payments", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId]),
      ];
      const before = await counts();
      for (const item of [periodic, temporary]) {
        const r = await post("/api/property/deposits", { communityId: fx.communityId, roomId: fx.rooms[0].id, paymentItemId: item, amount: "500.00", payMethod: 5 });
        refusedWith(r, "paymentItemId", "押金项目只能选择项目类别为“押金类”的缴费项目");
      }
      for (const item of [periodic, deposit]) {
        const r = await post("/api/property/tempCharges", { communityId: fx.communityId, visitorName: "访客", paymentItemId: item, amount: "10.00", payMethod: 5 });
        refusedWith(r, "paymentItemId", "收费项目只能选择项目类别为“临时收费类”的缴费项目");
      }
      expect(await counts()).toEqual(before);
      // The items of their kind are taken.
      const held = await post("/api/property/deposits", { communityId: fx.communityId, roomId: fx.rooms[0].id, paymentItemId: deposit, amount: "500.00", payMethod: 5 });
      expect(held.status, held.text).toBe(200);
      const charged = await post("/api/property/tempCharges", { communityId: fx.communityId, visitorName: "访客", paymentItemId: temporary, amount: "10.00", payMethod: 5 });
      expect(charged.status, charged.text).toBe(200);
    });

    it("refuses a category that is not one", async () => {
      const manual = await priceType(t.server, t.admin, fx.communityId, { name: "错类别计价", pricingMethod: 4, billingCycle: 4 });
      const r = await post("/api/property/paymentItems", { communityId: fx.communityId, priceTypeId: manual, name: "错类别", dueDay: 15, category: 9 });
      expect(r.status).toBe(400);
      expect(r.body.data.errors[0]).toEqual({ field: "category", message: "请选择正确的项目类别" });
    });
  });
});
