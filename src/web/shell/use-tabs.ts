// The page tabs' React binding: a TabsTracker (tabs-tracker.ts) that follows the app's history, so a
// tab opens on the navigation itself, before (or without) the page rendering; the strip is persisted
// in localStorage (storageKeys.tabs) and restored filtered by the user's authorities. The logic is
// tabs-state.ts.
import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { constants } from "../../../generated/constants.ts";
import { routes } from "../../../generated/routes.ts";
import { appHistory } from "../providers/history.ts";
import { local } from "../state/storage.ts";
import { clearTabs, closeTab, restoreTabs, serializeTabs, type Tab, type TabNavigationContext, type TabsState } from "./tabs-state.ts";
import { TabsTracker } from "./tabs-tracker.ts";
import { navigationDecision } from "./use-navigation-guards.ts";
import type { CurrentUser } from "./user-state.ts";

export interface ShellTabs {
  state: TabsState;
  activate: (tab: Tab) => void;
  close: (path: string) => void;
  clear: () => void;
}

function tabContext(user: CurrentUser): TabNavigationContext {
  return { routes, sceneName: user.sceneName, allowed: (path) => !navigationDecision(path).redirect };
}

export function useShellTabs(user: CurrentUser): ShellTabs {
  const navigate = useNavigate();
  const history = appHistory();
  // The tracker reads the navigation context at each navigation; the layout effect below keeps it current.
  const [{ tracker, setContext }] = useState(() => {
    let context = tabContext(user);
    const t = new TabsTracker(restoreTabs(local().getItem(constants.storageKeys.tabs), user.authorityCodes), () => context);
    t.navigated(history.location);
    return { tracker: t, setContext: (next: TabNavigationContext) => (context = next) };
  });
  const state = useSyncExternalStore(tracker.subscribe, tracker.getState, tracker.getState);

  useLayoutEffect(() => {
    setContext(tabContext(user));
    // A new scene name retitles the open page's tab.
    tracker.navigated(history.location);
  }, [tracker, setContext, history, user]);

  useEffect(() => tracker.follow(history), [tracker, history]);

  useEffect(() => {
    try {
      local().setItem(constants.storageKeys.tabs, serializeTabs(state));
    } catch {
      // Storage full or refused: the tabs hold for this page.
    }
  }, [state]);

  const close = useCallback(
    (path: string) => {
      const result = closeTab(tracker.getState(), path);
      tracker.update(() => result.state);
      if (result.navigateTo) void navigate(result.navigateTo);
    },
    [tracker, navigate],
  );
  const clear = useCallback(() => tracker.update(clearTabs), [tracker]);
  const activate = useCallback(
    (tab: Tab) => {
      void navigate(tab.fullPath);
    },
    [navigate],
  );

  return { state, activate, close, clear };
}
