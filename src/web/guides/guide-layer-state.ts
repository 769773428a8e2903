// Where the guides show and what the header's guide button opens (spec §2: the payment guide on
// /propertyPayment/ pages, the smart-home guide on /propertyPayment/ and /intelligence/ pages).
import { PAYMENT_GUIDE_CODE, PAYMENT_SETTINGS_PATH } from "./payment/payment-steps.ts";
import { isPaymentPath, isSmartHomePath, smartHomeGuideShownOn } from "./smartHome/smart-home-visibility.ts";

export type GuideSectionName = "payment" | "smartHome";

export const paymentGuideShownOn = (path: string): boolean => isPaymentPath(path);
export { smartHomeGuideShownOn };

/** Where each guide lives, for opening it from elsewhere, and the codes needed to go there. */
export const guideHomes: Record<GuideSectionName, { path: string; codes: readonly string[]; title: string; tourId: string }> = {
  payment: { path: PAYMENT_SETTINGS_PATH, codes: [PAYMENT_GUIDE_CODE, "HBL1913"], title: "物业缴费配置引导", tourId: "paymentSetup" },
  smartHome: { path: "/intelligence/smartRoom", codes: ["HBL22001"], title: "智能家居使用引导", tourId: "smartHome" },
};

export const guideAvailable = (section: GuideSectionName, authorities: readonly string[]): boolean => guideHomes[section].codes.every((c) => authorities.includes(c));

export type OpenGuideDecision =
  | { kind: "open"; section: GuideSectionName }
  /** Go to the guide's page first, then open it. */
  | { kind: "navigate"; section: GuideSectionName; path: string }
  /** No guide on this page and none asked for: let the user choose. */
  | { kind: "choose" };

/** What the guide button (or a tour) asking for `section` does on `path`. */
export function decideOpenGuide(path: string, section: GuideSectionName | undefined): OpenGuideDecision {
  if (!section) {
    if (isPaymentPath(path)) return { kind: "open", section: "payment" };
    if (isSmartHomePath(path)) return { kind: "open", section: "smartHome" };
    return { kind: "choose" };
  }
  const here = section === "payment" ? paymentGuideShownOn(path) : smartHomeGuideShownOn(path);
  return here ? { kind: "open", section } : { kind: "navigate", section, path: guideHomes[section].path };
}
