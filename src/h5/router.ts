// The residents' app's addresses, all under /neptune/h5/ (the server answers every one with h5.html):
// "" 我的房屋, "bills?room=<id>" 账单, "repairs" 报修 ("repairs/new", "repairs/<id>"), "notices" 公告 and
// "notices/<id>" one notice, "me" 我的, "visitors" 访客 and "visitors/<id>" one pass, "payment?order=<id>"
// 支付结果, "prepay?room=<id>" 预缴, "receipts?room=<id>" 票据 and "receipts/<id>" one receipt, "login?tenant=<id>" 登录. A tiny
// history router: the app needs no more.
import { useSyncExternalStore } from "react";

export const H5_BASE = "/neptune/h5/";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
window.addEventListener("popstate", notify);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.location.pathname + window.location.search;

/** The current address below the base ("bills?room=3"), re-rendering on every change. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const full = useSyncExternalStore(subscribe, snapshot);
  const [pathname, query = ""] = full.split("?");
  const path = pathname.startsWith(H5_BASE) ? pathname.slice(H5_BASE.length).replace(/\/$/, "") : "";
  return { path, search: new URLSearchParams(query) };
}

/** Goes to an address below the base ("bills?room=3"); replace: without a new history entry. */
export function navigate(to: string, replace = false): void {
  const url = H5_BASE + to;
  if (replace) window.history.replaceState(null, "", url);
  else window.history.pushState(null, "", url);
  notify();
}
