// Where the guides sit so that they never cover the page (issue 34): an open guide panel is a band at
// the top of the page column, in the page's flow (it pushes the page down and scrolls away with it,
// never narrows it and never lies over a button; an open dialog lies over it as over the page); a
// guide shrunk to its entrance is a tab in a strip of its own at the right of the window on a desktop
// (the page column ends before the strip: GUIDE_SPACE_PROPERTY), hidden while a dialog or drawer is
// open; on a phone there is no room for a strip, and the header's 使用引导 (under 更多) is the entrance.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { GUIDE_SPACE_PROPERTY } from "./events.ts";

/** The element at the top of the page column the open panels render into (Shell.tsx). */
export const GuideBandContext = createContext<HTMLElement | null>(null);

/** Renders an open guide panel into the band; nothing outside the shell. */
export function GuideBand({ children }: { children: ReactNode }) {
  const band = useContext(GuideBandContext);
  return band ? createPortal(children, band) : null;
}

/** The strip's width on a desktop, and the top of the area its tabs may use (below the 64 px header). */
export const STRIP_WIDTH = 44;
export const STRIP_TOP = 64 + 16;
/** The smart-home guide's tab, at the top of the strip; the payment guide's is dragged below it. */
export const SMART_HOME_TAB = { width: STRIP_WIDTH, height: 132 };

const OPEN_DIALOG = ".ant-modal-wrap, .ant-drawer-open, .ant-image-preview-wrap";

/** Whether an element is shown (laid out with a size). */
const shown = (el: Element): boolean => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).display !== "none" && getComputedStyle(el).visibility !== "hidden";
};

/** Whether an antd dialog, drawer or image preview is open in the document. */
const dialogOpen = (doc: Document = document): boolean => [...doc.querySelectorAll(OPEN_DIALOG)].some(shown);

/** Follows dialogs opening and closing (checked once per frame at most, after the document changes). */
export function useDialogOpen(enabled: boolean): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      setOpen(dialogOpen());
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "style"] });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled]);
  return enabled && open;
}

const inStrip = new Set<string>();

/** A guide's tab takes the strip while `active`: the page column leaves the strip's width free. */
export function useStripSpace(section: "payment" | "smartHome", active: boolean): void {
  useEffect(() => {
    if (!active) return;
    inStrip.add(section);
    document.documentElement.style.setProperty(GUIDE_SPACE_PROPERTY, `${STRIP_WIDTH}px`);
    return () => {
      inStrip.delete(section);
      if (inStrip.size === 0) document.documentElement.style.removeProperty(GUIDE_SPACE_PROPERTY);
    };
  }, [section, active]);
}
