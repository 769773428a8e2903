// A second tab of the same browser resumes the session. The spec keeps the session's keys in
// sessionStorage, which is per tab, so a tab opened from the address bar or a bookmark would land on
// the login page. A tab that starts without a session asks the others over a BroadcastChannel (same
// origin only); any tab that has one answers with its session keys, which the new tab copies into its
// own sessionStorage before the app renders. Logging out in one tab ends the session on the server, so
// the others are signed out at their next call.
import { constants } from "../../../generated/constants.ts";
import { hasSession } from "./session.ts";
import { session } from "./storage.ts";

const CHANNEL = "neptune-session";
const KEYS = Object.values(constants.sessionKeys);

type Message = { type: "ask" } | { type: "share"; items: Record<string, string> };

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
}

/** Answers other tabs' requests with this tab's session keys, for as long as the page lives. */
export function shareSessionWithNewTabs(): void {
  const channel = openChannel();
  if (!channel) return;
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data?.type !== "ask" || !hasSession()) return;
    const items: Record<string, string> = {};
    for (const key of KEYS) {
      const value = session().getItem(key);
      if (value !== null) items[key] = value;
    }
    channel.postMessage({ type: "share", items } satisfies Message);
  };
}

/**
 * Without a session of its own, asks the other tabs for theirs and copies the first answer; resolves
 * whether this tab has a session then (false after `waitMs` without an answer: an answer is a few
 * milliseconds away unless the other tab is busy, and only a tab without a session waits, before
 * the login page). A late answer (a busy machine) still counts for `lateMs` more: while this tab has
 * no session, it is copied and the page opens again at the address first asked for.
 */
export function resumeSessionFromOtherTab(waitMs = 800, lateMs = 10_000): Promise<boolean> {
  if (hasSession()) return Promise.resolve(true);
  const channel = openChannel();
  if (!channel) return Promise.resolve(false);
  const asked = window.location.href;
  return new Promise((resolve) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      resolve(false);
    }, waitMs);
    const stop = setTimeout(() => channel.close(), waitMs + lateMs);
    channel.onmessage = (event: MessageEvent<Message>) => {
      const data = event.data;
      if (data?.type !== "share" || typeof data.items?.[constants.sessionKeys.signature] !== "string") return;
      clearTimeout(stop);
      channel.close();
      if (hasSession()) return;
      for (const key of KEYS) if (typeof data.items[key] === "string") session().setItem(key, data.items[key]);
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(true);
        return;
      }
      // Late: the app went on without a session (to the login page); open what was asked for.
      window.history.replaceState(null, "", asked);
      window.location.reload();
    };
    channel.postMessage({ type: "ask" } satisfies Message);
  });
}
