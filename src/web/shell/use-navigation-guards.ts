// Applies decideNavigation (guards.ts) on every location change: the decision is taken during render
// (so a refused page never shows: the caller renders the redirect instead), and its effects run
// before paint. Usable by any layout; the shell mounts it for the pages inside the main frame.
import { useLayoutEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { constants } from "../../../generated/constants.ts";
import { routes } from "../../../generated/routes.ts";
import { getAuthorities } from "../state/session.ts";
import { local } from "../state/storage.ts";
import { decideNavigation, type NavigationDecision, type NavigationEffect } from "./guards.ts";
import { setPatrolType } from "./patrol-type.ts";
import { setWorkbenchEditing } from "./workbench-editing.ts";

/** The click-tracking message (spec §4); the tracking uploader listens for it. */
export const TRACK_EVENT = "neptune:track";

/** Optional outside safe-center login pages (none by default: /login is the built-in page). */
function safeCenterUrls(): { safeCenterLoginUrl?: string; safeCenterKeyLoginUrl?: string } {
  const c = constants as unknown as Record<string, unknown>;
  const pick = (key: string) => {
    const value = c[key];
    return typeof value === "string" && value ? value : undefined;
  };
  const login = pick("safeCenterLoginUrl");
  const keyLogin = pick("safeCenterKeyLoginUrl");
  return { ...(login ? { safeCenterLoginUrl: login } : {}), ...(keyLogin ? { safeCenterKeyLoginUrl: keyLogin } : {}) };
}

export function applyNavigationEffect(effect: NavigationEffect): void {
  switch (effect.type) {
    case "resetWorkbenchEditing":
      setWorkbenchEditing(false);
      return;
    case "setPatrolType":
      setPatrolType(effect.patrolType);
      return;
    case "track":
      window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: { lc: effect.lc } }));
      return;
  }
}

/** The guards' decision for a navigation to `path`, with the session as it is now. */
export function navigationDecision(path: string): NavigationDecision {
  return decideNavigation(
    { path },
    {
      routes,
      authorities: getAuthorities(),
      keyOpen: local().getItem(constants.storageKeys.keyOpen) === "true",
      currentUrl: typeof window === "undefined" ? "" : window.location.href,
      ...safeCenterUrls(),
    },
  );
}

export function useNavigationGuards(): NavigationDecision {
  const location = useLocation();
  const decision = useMemo(
    () => navigationDecision(location.pathname),
    // A new decision for every navigation, including to the same path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.key, location.pathname],
  );
  useLayoutEffect(() => {
    for (const effect of decision.effects) applyNavigationEffect(effect);
    if (decision.redirect && "url" in decision.redirect) window.location.replace(decision.redirect.url);
  }, [decision]);
  return decision;
}
