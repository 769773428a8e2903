// How the smart-home guide shows (spec §2: shown on /propertyPayment/ and /intelligence/ routes; it
// can be minimised, closed, or reopened by a floating button; §4 guide switch):
//   - its switch (Hbl_guide_visible_smartHome) off: hidden;
//   - minimised is remembered (Hbl_subpanel_visible = "false") until it is restored;
//   - on payment pages, where the payment guide has the stage, it starts as its floating button;
//   - close hides it until the page reloads or the header's guide button reopens it (switch on again).
import { constants } from "../../../../generated/constants.ts";
import { readGuideSwitch, writeGuideSwitch } from "../guide-switch.ts";

export type SmartHomeMode = "expanded" | "minimised" | "hidden";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const SMART_HOME_MINIMISED_KEY = constants.storageKeys.subpanelVisible;

export const isSmartHomePath = (path: string): boolean => path.startsWith("/intelligence/");
export const isPaymentPath = (path: string): boolean => path.startsWith("/propertyPayment/");
/** spec §2: the smart-home guide shows on payment and smart-home pages. */
export const smartHomeGuideShownOn = (path: string): boolean => isPaymentPath(path) || isSmartHomePath(path);

export function initialSmartHomeMode(storage: Pick<Storage, "getItem">, path: string): SmartHomeMode {
  if (!readGuideSwitch(storage, "smartHome")) return "hidden";
  if (storage.getItem(SMART_HOME_MINIMISED_KEY) === "false") return "minimised";
  return isSmartHomePath(path) ? "expanded" : "minimised";
}

export function minimiseSmartHome(storage: Store): SmartHomeMode {
  storage.setItem(SMART_HOME_MINIMISED_KEY, "false");
  return "minimised";
}

export function restoreSmartHome(storage: Store): SmartHomeMode {
  storage.removeItem(SMART_HOME_MINIMISED_KEY);
  return "expanded";
}

export function reopenSmartHome(storage: Store): SmartHomeMode {
  writeGuideSwitch(storage, "smartHome", true);
  return restoreSmartHome(storage);
}
