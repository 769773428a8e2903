// Window events between the header, the guides and the tours.
//   neptune:open-guide   the header's guide button (src/web/shell/UserArea.tsx) and the tours; detail
//                        {section?: "payment" | "smartHome"} picks a guide (none: the page's guide)
//   neptune:guide-opened a guide panel is open and expanded (detail {section}); tours wait for it
//   neptune:start-tour   starts a tour (detail {tourId})
export const OPEN_GUIDE_EVENT = "neptune:open-guide";
export const GUIDE_OPENED_EVENT = "neptune:guide-opened";
export const START_TOUR_EVENT = "neptune:start-tour";

export type GuideSectionDetail = { section?: "payment" | "smartHome" };

export const openGuide = (section?: "payment" | "smartHome"): void => {
  window.dispatchEvent(new CustomEvent<GuideSectionDetail>(OPEN_GUIDE_EVENT, { detail: section ? { section } : {} }));
};

export const announceGuideOpened = (section: "payment" | "smartHome"): void => {
  window.dispatchEvent(new CustomEvent<GuideSectionDetail>(GUIDE_OPENED_EVENT, { detail: { section } }));
};

export const startTour = (tourId: string): void => {
  window.dispatchEvent(new CustomEvent<{ tourId: string }>(START_TOUR_EVENT, { detail: { tourId } }));
};
