// Window events between the header, the guides and the tours.
//   neptune:open-guide   the header's guide button (src/web/shell/UserArea.tsx) and the tours; detail
//                        {section?: "payment" | "smartHome"} picks a guide (none: the page's guide)
//   neptune:guide-opened a guide panel is open and expanded (detail {section}); tours wait for it
//   neptune:start-tour   starts a tour (detail {tourId})
//   neptune:payment-config-changed  a page saved part of the payment set-up (a pricing type, a payment
//                        item, a settings tab); the payment guide checks its steps again at once
export const OPEN_GUIDE_EVENT = "neptune:open-guide";
export const GUIDE_OPENED_EVENT = "neptune:guide-opened";
export const START_TOUR_EVENT = "neptune:start-tour";
export const PAYMENT_CONFIG_CHANGED_EVENT = "neptune:payment-config-changed";

export type GuideSectionDetail = { section?: "payment" | "smartHome" };

export const announceGuideOpened = (section: "payment" | "smartHome"): void => {
  window.dispatchEvent(new CustomEvent<GuideSectionDetail>(GUIDE_OPENED_EVENT, { detail: { section } }));
};

/** For the pages that save the payment set-up: the guide's step marks follow without a navigation. */
export const announcePaymentConfigChanged = (): void => {
  window.dispatchEvent(new CustomEvent(PAYMENT_CONFIG_CHANGED_EVENT));
};

/**
 * The strip the guides' entrance tabs take at the right of the window on a desktop (a CSS length in
 * this custom property of the document's root, guide-dock.tsx): the shell's page column keeps clear
 * of it (Shell.tsx), so a tab never lies over a table's row actions.
 */
export const GUIDE_SPACE_PROPERTY = "--neptune-guide-space";
