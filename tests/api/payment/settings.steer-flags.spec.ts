// Payment settings (issue item 1) and GET {property}/bill/steer: each flag follows what is really
// configured for the community — an enabled pricing type, an enabled payment item, and each settings
// tab saved — and the settings keep the §5 rule messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, freshServer, type TestServer } from "../support/server.ts";
import { demoIds, type DemoIds } from "../support/demo.ts";
import { makeCommunity, ok, paymentItem, priceType } from "./support.ts";

const FLAGS = ["priceTypeConfigEnable", "paymentTimeConfigEnable", "payParamConfigEnable", "receiptConfigEnable", "otherConfigEnable"] as const;

describe.each(backends)("payment settings and steering flags (%s)", (backend) => {
  let server: TestServer;
  let stop: () => Promise<void>;
  let ids: DemoIds;
  let admin: string;

  beforeAll(async () => {
    ({ server, stop } = await freshServer(backend));
    ids = await demoIds(server);
    admin = await server.login("admin");
  });
  afterAll(async () => stop());

  const flags = async (communityId: number) => {
    const data = await ok(server, "GET", `/api/property/bill/steer?communityId=${communityId}`, admin);
    return FLAGS.map((f) => data[f]);
  };

  it("turns each flag on as its part is configured, and off again when it is not", async () => {
    const fx = await makeCommunity(server, ids.tenantA, "引导测试社区", [{ area: "90.00" }]);
    expect(await flags(fx.communityId)).toEqual([false, false, false, false, false]);

    const pt = await priceType(server, admin, fx.communityId, { name: "物业费计价", pricingMethod: 1, unitPrice: "2.00" });
    expect(await flags(fx.communityId)).toEqual([true, false, false, false, false]);

    const item = await paymentItem(server, admin, fx.communityId, pt, { name: "物业费" });
    expect(await flags(fx.communityId)).toEqual([true, true, false, false, false]);

    await ok(server, "POST", "/api/property/paymentSettings/actions/save", admin, { communityId: fx.communityId, section: "payParams", payMethods: [5, 1], roundingMode: 2 });
    expect(await flags(fx.communityId)).toEqual([true, true, true, false, false]);

    await ok(server, "POST", "/api/property/paymentSettings/actions/save", admin, {
      communityId: fx.communityId,
      section: "receipt",
      receiptTitle: "物业服务收据",
      receiptPrefix: "YX",
      defaultReceiptType: 1,
      invoiceEnabled: false,
    });
    expect(await flags(fx.communityId)).toEqual([true, true, true, true, false]);

    await ok(server, "POST", "/api/property/paymentSettings/actions/save", admin, { communityId: fx.communityId, section: "other", allowPartialPayment: true, waiverAutoApproveLimit: "5.00" });
    expect(await flags(fx.communityId)).toEqual([true, true, true, true, true]);

    // Disabling the item (and then the pricing type) turns their flags off.
    await ok(server, "PUT", `/api/property/paymentItems/${item}`, admin, { enabled: false });
    expect(await flags(fx.communityId)).toEqual([true, false, true, true, true]);
    await ok(server, "PUT", `/api/property/priceTypes/${pt}`, admin, { enabled: false });
    expect(await flags(fx.communityId)).toEqual([false, false, true, true, true]);

    const settings = await ok(server, "GET", `/api/property/paymentSettings/actions/get?communityId=${fx.communityId}`, admin);
    expect(settings).toMatchObject({ payMethods: [1, 5], roundingMode: 2, receiptPrefix: "YX", allowPartialPayment: true, waiverAutoApproveLimit: "5.00" });
    expect(settings.payParamsSavedAt).toBeTruthy();
  });

  it("answers all flags off without a community, and 404 for another tenant's community", async () => {
    const none = await ok(server, "GET", "/api/property/bill/steer", admin);
    expect(FLAGS.map((f) => none[f])).toEqual([false, false, false, false, false]);
    const other = await server.request("GET", `/api/property/bill/steer?communityId=${ids.communityB}`, { token: admin });
    expect(other.status).toBe(404);
  });

  it("shows the demo's first community fully configured", async () => {
    expect(await flags(ids.communityA)).toEqual([true, true, true, true, true]);
  });

  it("checks the settings with the rules' messages and writes nothing when refused", async () => {
    const fx = await makeCommunity(server, ids.tenantA, "设置校验社区", []);
    const save = (body: Record<string, unknown>) => server.request("POST", "/api/property/paymentSettings/actions/save", { token: admin, body: { communityId: fx.communityId, ...body } });
    expect((await save({ section: "receipt", receiptPrefix: "SJ-01" })).body.message).toBe("只能输入数字大小写字母");
    expect((await save({ section: "receipt", receiptPrefix: "" })).body.message).toBe("请输入票据号前缀");
    expect((await save({ section: "payParams", payMethods: [] })).body.message).toBe("请至少启用一种支付方式");
    expect((await save({ section: "payParams", payMethods: [1], roundingMode: 9 })).body.message).toBe("数值在1到5之间");
    expect((await save({ section: "other", waiverAutoApproveLimit: "1.234" })).body.message).toBe("请输入数字类型，仅保留两位小数");
    expect((await save({ section: "other", waiverAutoApproveLimit: "1000000.01" })).body.message).toBe("输入的金额不能大于1000000.00");
    expect((await save({ section: "nope" })).status).toBe(400);
    expect(await server.count("payment_settings", "tenant_id = $1 and community_id = $2", [ids.tenantA, fx.communityId])).toBe(0);
    const defaults = await ok(server, "GET", `/api/property/paymentSettings/actions/get?communityId=${fx.communityId}`, admin);
    expect(defaults).toMatchObject({ id: null, payMethods: [1, 2, 3, 4, 5, 6], roundingMode: 1, allowPartialPayment: false });
  });

  it("lets only the settings authority save", async () => {
    const staff = await server.login("staff");
    const r = await server.request("POST", "/api/property/paymentSettings/actions/save", { token: staff, body: { communityId: ids.communityA, section: "other" } });
    expect(r.status).toBe(401);
    expect(r.body.status).toBe(403);
  });
});
