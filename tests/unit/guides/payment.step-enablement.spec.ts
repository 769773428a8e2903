import { describe, expect, it } from "vitest";
import { stepClick } from "../../../src/web/guides/guide-steps.ts";
import { firstTwoDone, paymentStepEnabled, paymentSteps, settingsTab } from "../../../src/web/guides/payment/payment-steps.ts";

const ALL_CODES = ["PRICE_TYPE_CONFIG", "PAYMENT_ITEM_CONFIG", "PAYMENT_PARAM_CONFIG", "INVOICE_CONFIG", "HBL1913"];
const flags = (done: number) => ({
  priceTypeConfigEnable: done >= 1,
  paymentTimeConfigEnable: done >= 2,
  payParamConfigEnable: done >= 3,
  receiptConfigEnable: done >= 4,
  otherConfigEnable: done >= 5,
});

describe("payment guide steps (spec §4)", () => {
  it("marks steps 1-5 done from the five server flags, in order", () => {
    const steps = paymentSteps({ priceTypeConfigEnable: true, paymentTimeConfigEnable: false, payParamConfigEnable: true, receiptConfigEnable: false, otherConfigEnable: true });
    expect(steps.map((s) => s.name)).toEqual(["计价类型配置", "缴费项目配置", "缴费参数配置", "票据配置", "其他配置"]);
    expect(steps.map((s) => s.hasChecked)).toEqual([true, false, true, false, true]);
  });

  it("counts missing or non-true flags as not done", () => {
    expect(paymentSteps(null).every((s) => !s.hasChecked)).toBe(true);
    expect(paymentSteps({ priceTypeConfigEnable: "true" as unknown as boolean })[0].hasChecked).toBe(false);
  });

  it("opens each step on its tab of the payment settings page (second, first, four, invoiceSet, others)", () => {
    expect(paymentSteps(null).map((s) => s.router)).toEqual(["second", "first", "four", "invoiceSet", "others"].map(settingsTab));
    expect(settingsTab("second")).toBe("/propertyPayment/paymentParamConfig?tab=second");
  });

  it("enables step 1 always, step 2 only when step 1 is done", () => {
    expect(paymentStepEnabled(paymentSteps(flags(0)), 0)).toBe(true);
    expect(paymentStepEnabled(paymentSteps(flags(0)), 1)).toBe(false);
    expect(paymentStepEnabled(paymentSteps(flags(1)), 1)).toBe(true);
  });

  it("enables steps 3, 4 and 5 only when steps 1 and 2 are done", () => {
    for (const index of [2, 3, 4]) {
      expect(paymentStepEnabled(paymentSteps(flags(0)), index)).toBe(false);
      expect(paymentStepEnabled(paymentSteps(flags(1)), index)).toBe(false);
      expect(paymentStepEnabled(paymentSteps({ paymentTimeConfigEnable: true }), index)).toBe(false);
      expect(paymentStepEnabled(paymentSteps(flags(2)), index)).toBe(true);
    }
    expect(firstTwoDone(paymentSteps(flags(1)))).toBe(false);
    expect(firstTwoDone(paymentSteps(flags(2)))).toBe(true);
  });

  it("does nothing for a disabled card", () => {
    const steps = paymentSteps(flags(0));
    expect(stepClick(steps[1], paymentStepEnabled(steps, 1), ALL_CODES)).toEqual({ kind: "disabled" });
  });

  it("says 您没有{step name}操作权限，请联系管理员 for a step without its permission", () => {
    const steps = paymentSteps(flags(2));
    const withoutParams = ALL_CODES.filter((c) => c !== "PAYMENT_PARAM_CONFIG");
    expect(stepClick(steps[2], true, withoutParams)).toEqual({ kind: "noPermission", message: "您没有缴费参数配置操作权限，请联系管理员" });
  });

  it("opens an enabled, permitted step and gives its tracking code", () => {
    const steps = paymentSteps(flags(0));
    expect(stepClick(steps[0], true, ALL_CODES)).toEqual({ kind: "open", path: settingsTab("second"), lc: "pay_guide_pricing" });
  });
});
