import { describe, expect, it } from "vitest";
import { decideOpenGuide, guideAvailable, paymentGuideShownOn } from "../../../src/web/guides/guide-layer-state.ts";
import { helpDocumentUrl, tenantTypeOf } from "../../../src/web/guides/help-links.ts";

describe("where the guides show and what the guide button opens", () => {
  it("shows the payment guide on /propertyPayment/ routes only", () => {
    expect(paymentGuideShownOn("/propertyPayment/billgeneration")).toBe(true);
    expect(paymentGuideShownOn("/intelligence/smartRoom")).toBe(false);
  });

  it("opens the page's own guide", () => {
    expect(decideOpenGuide("/propertyPayment/cashier", undefined)).toEqual({ kind: "open", section: "payment" });
    expect(decideOpenGuide("/intelligence/smartDevice", undefined)).toEqual({ kind: "open", section: "smartHome" });
  });

  it("lets the user choose on a page without a guide", () => {
    expect(decideOpenGuide("/community/house", undefined)).toEqual({ kind: "choose" });
  });

  it("goes to a guide's page first when it is asked for elsewhere", () => {
    expect(decideOpenGuide("/community/house", "payment")).toEqual({ kind: "navigate", section: "payment", path: "/propertyPayment/paymentParamConfig" });
    expect(decideOpenGuide("/propertyPayment/cashier", "smartHome")).toEqual({ kind: "open", section: "smartHome" });
  });

  it("offers a guide only to users who may open its page", () => {
    expect(guideAvailable("payment", ["PRICE_TYPE_CONFIG", "HBL1913"])).toBe(true);
    expect(guideAvailable("payment", ["HBL1913"])).toBe(false);
    expect(guideAvailable("smartHome", ["HBL22001"])).toBe(true);
  });
});

describe("help-document link by tenant type (spec §6)", () => {
  it("reads the tenant type from the platform type, enterprise by default", () => {
    expect(tenantTypeOf("subRetail")).toBe("subRetail");
    expect(tenantTypeOf("open")).toBe("openPlatform");
    expect(tenantTypeOf("IOT")).toBe("iot");
    expect(tenantTypeOf("hbl")).toBe("enterprise");
    expect(tenantTypeOf(null)).toBe("enterprise");
  });

  it("points at the tenant type's section of the guide's document", () => {
    expect(helpDocumentUrl("payment-guide", "subRetail")).toBe("/neptune/help/payment-guide.html#sub-retail");
    expect(helpDocumentUrl("payment-guide", "openPlatform")).toBe("/neptune/help/payment-guide.html#open-platform");
    expect(helpDocumentUrl("smart-home-guide", "iot")).toBe("/neptune/help/smart-home-guide.html#iot");
    expect(helpDocumentUrl("smart-home-guide", "enterprise")).toBe("/neptune/help/smart-home-guide.html#enterprise");
  });
});
