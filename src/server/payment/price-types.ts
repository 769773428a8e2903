// Pricing types (tab 计价类型 of 缴费设置): each pricing method uses its own fields (schema usedWhen,
// src/common/payment/pricing.ts): 单价 for building area, fixed and metered pricing, 计量单位 and
// 表计倍率 for metered pricing only. A save without a field its method needs is refused with that
// field's message; the fields its method does not use are cleared (a pricing type changed from
// metered to area pricing keeps no meter unit).
import { registerResourceHooks } from "../crud/hooks.ts";
import { applyUsedWhen } from "../crud/schema-conditions.ts";

export function registerPriceTypeHooks(): void {
  registerResourceHooks("priceTypes", {
    afterWrite: (tx, session, id) => applyUsedWhen(tx, session, "priceTypes", id),
  });
}
