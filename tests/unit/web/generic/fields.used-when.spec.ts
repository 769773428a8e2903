// Fields used only with some values of another (schema usedWhen): a pricing type's form shows 单价
// for the methods that price by it and 计量单位 / 表计倍率 for metered pricing only, marks them
// required with the server's message, and saves without the fields its method does not use.
import { describe, expect, it } from "vitest";
import { formFields, isRequiredOnForm, toPayload, usedOnForm, usedWhenRule } from "../../../../src/web/generic/fields.ts";
import { resourceByName } from "../../../../generated/resources.ts";

const fields = formFields(resourceByName.priceTypes);
const field = (name: string) => fields.find((f) => f.name === name)!;
const shown = (values: Record<string, unknown>) => fields.filter((f) => usedOnForm(f, fields, values)).map((f) => f.name);

describe("usedWhen on the pricing type form", () => {
  it("shows each method's fields only", () => {
    const meter = ["unitPrice", "meterUnit", "meterMultiplier"];
    expect(shown({ pricingMethod: 1 }).filter((n) => meter.includes(n))).toEqual(["unitPrice"]);
    expect(shown({ pricingMethod: 2 }).filter((n) => meter.includes(n))).toEqual(["unitPrice"]);
    expect(shown({ pricingMethod: 3 }).filter((n) => meter.includes(n))).toEqual(meter);
    expect(shown({ pricingMethod: 4 }).filter((n) => meter.includes(n))).toEqual([]);
    // The other fields always show.
    expect(shown({ pricingMethod: 4 })).toEqual(expect.arrayContaining(["name", "pricingMethod", "billingCycle", "enabled", "remark"]));
  });

  it("shows a field whose deciding field is not on the form (it cannot tell)", () => {
    expect(usedOnForm(field("meterUnit"), [field("meterUnit")], {})).toBe(true);
  });

  it("leaves unused fields out of a create and clears them on an update", () => {
    const values = { name: "面积", pricingMethod: 1, unitPrice: "2.50", meterUnit: "平方米", meterMultiplier: "2.00", billingCycle: 1, enabled: true, remark: "" };
    expect(toPayload(fields, values, "create")).toEqual({ name: "面积", pricingMethod: 1, unitPrice: "2.50", billingCycle: 1, enabled: true });
    expect(toPayload(fields, { ...values, pricingMethod: 4 }, "edit")).toMatchObject({ pricingMethod: 4, unitPrice: null, meterUnit: null, meterMultiplier: null });
    expect(toPayload(fields, { ...values, pricingMethod: 3 }, "create")).toMatchObject({ unitPrice: "2.50", meterUnit: "平方米", meterMultiplier: "2.00" });
  });

  it("marks the fields a method needs as required, with the server's message", async () => {
    expect(isRequiredOnForm(field("unitPrice"))).toBe(true);
    expect(isRequiredOnForm(field("meterUnit"))).toBe(true);
    expect(isRequiredOnForm(field("meterMultiplier"))).toBe(false);
    expect(usedWhenRule(field("meterMultiplier"))).toBeNull();
    await expect(usedWhenRule(field("unitPrice"))!.validator(null, "")).rejects.toThrow("请输入单价");
    await expect(usedWhenRule(field("meterUnit"))!.validator(null, " ")).rejects.toThrow("请输入计量单位");
    await expect(usedWhenRule(field("unitPrice"))!.validator(null, "2.50")).resolves.toBeUndefined();
  });
});
