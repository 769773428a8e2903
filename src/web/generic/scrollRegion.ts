// Keyboard access to a table that scrolls (WCAG 2.1.1, axe scrollable-region-focusable): when
// antd's table content overflows and holds nothing focusable (a read-only list), keyboard users
// could not scroll it. Such a region becomes a named, focusable region; the arrow keys then scroll it.
import { useEffect, type RefObject } from "react";

const SCROLLERS = ".ant-table-content, .ant-table-body";

function markScrollers(root: HTMLElement, label: string) {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (overflows) {
      el.tabIndex = 0;
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", label);
    } else if (el.getAttribute("role") === "region") {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
  }
}

/** Marks the scrolling parts of the tables under `root` as focusable regions named `label`, as the content or the window changes. */
export function useScrollableRegions(root: RefObject<HTMLElement | null>, label: string, content: unknown) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const mark = () => markScrollers(el, label);
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(el);
    return () => observer.disconnect();
  }, [root, label, content]);
}
