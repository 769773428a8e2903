// Opening pages in a new window (external menu items, cockpit boards, edge services, help): when
// the browser refuses the window (a pop-up blocker), a jump-error dialog says so (spec §4, §8).
import { Modal } from "antd";
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";

export function showJumpError(): void {
  Modal.error({ title: messages.smartPlatformTitle, content: messages.jumpError, okText: "知道了" });
}

/** spec §8: entering the smart platform (a system-menu app) failed. */
export function showSmartPlatformFailed(): void {
  Modal.warning({
    title: messages.smartPlatformTitle,
    content: `${messages.smartPlatformFailed}。${messages.smartPlatformHint}。`,
    okText: messages.smartPlatformClose,
  });
}

/** The address of an in-app hash route, for opening it in another window. */
export function appUrl(hashPath: string): string {
  const { origin } = window.location;
  return `${origin}${constants.basePath}#${hashPath.startsWith("/") ? hashPath : `/${hashPath}`}`;
}

/** Opens url in a new window; shows the jump-error dialog and returns false when it cannot. */
export function openWindow(url: string): boolean {
  const opened = window.open(url, "_blank");
  if (!opened) {
    showJumpError();
    return false;
  }
  return true;
}

/**
 * Opens url in a new window once it is known. The window is opened at once, inside the click, so a
 * pop-up blocker lets it through; it closes again when the address cannot be had, and onUnavailable
 * (default: the jump-error dialog) says so.
 */
export async function openWindowWhenReady(resolveUrl: () => Promise<string | null | undefined>, onUnavailable: () => void = showJumpError): Promise<boolean> {
  const pending = window.open("about:blank", "_blank");
  if (!pending) {
    showJumpError();
    return false;
  }
  try {
    const url = await resolveUrl();
    if (!url) throw new Error("no address");
    pending.location.href = url;
    return true;
  } catch {
    pending.close();
    onUnavailable();
    return false;
  }
}
