// Payment settings (issue item 1) and GET {property}/bill/steer: each flag follows what is really
// configured for the community — an enabled pricing type, an enabled payment item, and each settings
// tab saved — and the settings keep the §5 rule messages.
import { describe, expect, it } from "vitest";
import { backends } from "../support/server.ts";
import { useDemoServer } from "../support/demo.ts";
import { makeCommunity, ok, paymentItem, priceType } from "./support.ts";

const FLAGS = ["priceTypeConfigEnable", "paymentTimeConfigEnable", "payParamConfigEnable", "receiptConfigEnable", "otherConfigEnable"] as const;

describe.each(backends)("payment settings and steering flags (%s)", (backend) => {
  const t = useDemoServer(backend);

  const flags = async (communityId: number) => {
    const data = await ok(t.server, "GET", `/api/property/bill/steer?communityId=${communityId}`, t.admin);
    return FLAGS.map((f) => data[f]);
  };

  it("turns each flag on as its part is configured, and off again when it is not", async () => {
    const fx = await makeCommunity(t.server, t.ids.tenantA, "引导测试社区", [{ area: "90.00" }]);
    expect(await flags(fx.communityId)).toEqual([false, false, false, false, false]);

    const pt = await priceType(t.server, t.admin, fx.communityId, { name: "物业费计价", pricingMethod: 1, unitPrice: "2.00" });
    expect(await flags(fx.communityId)).toEqual([true, false, false, false, false]);

    const item = await paymentItem(t.server, t.admin, fx.communityId, pt, { name: "物业费" });
    expect(await flags(fx.communityId)).toEqual([true, true, false, false, false]);

    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "payParams", payMethods: [5, 1], roundingMode: 2 });
    expect(await flags(fx.communityId)).toEqual([true, true, true, false, false]);

    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, {
      communityId: fx.communityId,
      section: "receipt",
      receiptTitle: "物业服务收据",
      receiptPrefix: "YX",
      defaultReceiptType: 1,
      invoiceEnabled: false,
    });
    expect(await flags(fx.communityId)).toEqual([true, true, true, true, false]);

    await ok(t.server, "POST", "/api/property/paymentSettings/actions/save", t.admin, { communityId: fx.communityId, section: "other", allowPartialPayment: true, waiverAutoApproveLimit: "5.00" });
    expect(await flags(fx.communityId)).toEqual([true, true, true, true, true]);

    // Disabling the item (and then the pricing type) turns their flags off.
    await ok(t.server, "PUT", `/api/property/paymentItems/${item}`, t.admin, { enabled: false });
    expect(await flags(fx.communityId)).toEqual([true, false, true, true, true]);
    await ok(t.server, "PUT", `/api/property/priceTypes/${pt}`, t.admin, { enabled: false });
    expect(await flags(fx.communityId)).toEqual([false, false, true, true, true]);

    const settings = await ok(t.server, "GET", `/api/property/paymentSettings/actions/get?communityId=${fx.communityId}`, t.admin);
    expect(settings).toMatchObject({ payMethods: [1, 5], roundingMode: 2, receiptPrefix: "YX", allowPartialPayment: true, waiverAutoApproveLimit: "5.00" });
    expect(settings.payParamsSavedAt).toBeTruthy();
  });

  it("answers all flags off without a community, and 404 for another tenant's community", async () => {
    const none = await ok(t.server, "GET", "/api/property/bill/steer", t.admin);
    expect(FLAGS.map((f) => none[f])).toEqual([false, false, false, false, false]);
    const other = await t.server.request("GET", `/api/property/bill/steer?communityId=${t.ids.communityB}`, { token: t.admin });
    expect(other.status).toBe(404);
  });

  it("shows the demo's first community fully configured", async () => {
    expect(await flags(t.ids.communityA)).toEqual([true, true, true, true, true]);
  });

  it("checks the settings with the rules' messages and writes nothing when refused", async () => {
    const fx = await makeCommunity(t.server, t.ids.tenantA, "设置校验社区", []);
    const save = (body: Record<string, unknown>) => t.server.request("POST", "/api/property/paymentSettings/actions/save", { token: t.admin, body: { communityId: fx.communityId, ...body } });
    expect((await save({ section: "receipt", receiptPrefix: "SJ-01" })).body.message).toBe("只能输入数字大小写字母");
    expect((await save({ section: "receipt", receiptPrefix: "" })).body.message).toBe("请输入票据号前缀");
    expect((await save({ section: "payParams", payMethods: [] })).body.message).toBe("请至少启用一种支付方式");
    expect((await save({ section: "payParams", payMethods: [1], roundingMode: 9 })).body.message).toBe("数值在1到5之间");
    expect((await save({ section: "other", waiverAutoApproveLimit: "1.234" })).body.message).toBe("请输入数字类型，仅保留两位小数");
    expect((await save({ section: "other", waiverAutoApproveLimit: "1000000.01" })).body.message).toBe("输入的金额不能大于1000000.00");
    expect((await save({ section: "nope" })).status).toBe(400);
    expect(await t.server.count("payment_settings", "tenant_id = $1 and community_id = $2", [t.ids.tenantA, fx.communityId])).toBe(0);
    const defaults = await ok(t.server, "GET", `/api/property/paymentSettings/actions/get?communityId=${fx.communityId}`, t.admin);
    expect(defaults).toMatchObject({ id: null, payMethods: [1, 2, 3, 4, 5, 6], roundingMode: 1, allowPartialPayment: false });
  });

  it("lets only the settings authority save", async () => {
    const r = await t.server.request("POST", "/api/property/paymentSettings/actions/save", { token: t.staff, body: { communityId: t.ids.communityA, section: "other" } });
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(403);
  });
});
