// Mounts click tracking for the signed-in shell: reports this browser once (envInfo), then queues a
// record for every `neptune:track` event ({lc, ety?, biz?}; the route guards send one per route
// with lc, the guides one per step opened) and flushes them through the tracker.
import { useLayoutEffect } from "react";
import { local } from "../state/storage.ts";
import { TRACK_EVENT } from "../shell/use-navigation-guards.ts";
import { isTrackingUnauthorized, sendClickRecords, sendEnvInfo } from "./api.ts";
import { clientCodeOf, environmentOf } from "./env-info.ts";
import { createTracker, type ClickRecord } from "./tracker.ts";

export interface TrackDetail {
  lc?: unknown;
  ety?: unknown;
  biz?: unknown;
}

/** The record of a track event, or null without a tracking code. */
export function recordOf(detail: TrackDetail | null | undefined, route: string, now: number): ClickRecord | null {
  const lc = typeof detail?.lc === "string" ? detail.lc.trim() : "";
  if (!lc) return null;
  const ety = typeof detail?.ety === "string" && detail.ety ? detail.ety : "click";
  return { lc, ety, rt: route, et: now, ...(detail?.biz !== undefined ? { biz: detail.biz } : {}) };
}

/** Sends a click-tracking event (any component may). */
export function track(lc: string, detail: { ety?: string; biz?: unknown } = {}): void {
  window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { lc, ...detail } }));
}

const currentRoute = () => window.location.hash.replace(/^#/, "").split("?")[0] || "/";

export function useTracking(): void {
  // A layout effect: it must listen before the shell's navigation guard sends the first route's event.
  useLayoutEffect(() => {
    const clientCode = clientCodeOf(local());
    const tracker = createTracker({ send: (records) => sendClickRecords(clientCode, records), isUnauthorized: isTrackingUnauthorized });
    const onTrack = (event: Event) => {
      const record = recordOf((event as CustomEvent<TrackDetail>).detail, currentRoute(), Date.now());
      if (record) tracker.track(record);
    };
    window.addEventListener(TRACK_EVENT, onTrack);
    tracker.start();
    sendEnvInfo(clientCode, environmentOf(navigator.userAgent)).catch((error: unknown) => {
      if (isTrackingUnauthorized(error)) tracker.stop();
    });
    const flushOnHide = () => {
      if (document.visibilityState === "hidden") void tracker.flush();
    };
    document.addEventListener("visibilitychange", flushOnHide);
    return () => {
      window.removeEventListener(TRACK_EVENT, onTrack);
      document.removeEventListener("visibilitychange", flushOnHide);
      void tracker.flush().finally(() => tracker.stop());
    };
  }, []);
}
