// The page tabs' React binding: opens a tab for every page shown, persists the strip in localStorage
// (storageKeys.tabs) and restores it filtered by the user's authorities. The logic is tabs-state.ts.
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { constants } from "../../../generated/constants.ts";
import type { RouteDef } from "../../../generated/model-types.ts";
import { local } from "../state/storage.ts";
import { clearTabs, closeTab, openTab, restoreTabs, serializeTabs, tabForRoute, type Tab, type TabsState } from "./tabs-state.ts";
import type { CurrentUser } from "./user-state.ts";

export interface ShellTabs {
  state: TabsState;
  activate: (tab: Tab) => void;
  close: (path: string) => void;
  clear: () => void;
}

/** `route` is the page shown (undefined outside the route table); `allowed` false while a guard redirects. */
export function useShellTabs(user: CurrentUser, route: RouteDef | undefined, allowed: boolean): ShellTabs {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<TabsState>(() => restoreTabs(local().getItem(constants.storageKeys.tabs), user.authorityCodes));
  const fullPath = location.pathname + location.search;

  useEffect(() => {
    if (!allowed) return;
    setState((s) => openTab(s, route ? tabForRoute(route, fullPath, user.sceneName) : null));
  }, [route, fullPath, allowed, user.sceneName]);

  useEffect(() => {
    try {
      local().setItem(constants.storageKeys.tabs, serializeTabs(state));
    } catch {
      // Storage full or refused: the tabs hold for this page.
    }
  }, [state]);

  const close = useCallback(
    (path: string) => {
      const result = closeTab(state, path);
      setState(result.state);
      if (result.navigateTo) navigate(result.navigateTo);
    },
    [state, navigate],
  );
  const clear = useCallback(() => setState((s) => clearTabs(s)), []);
  const activate = useCallback((tab: Tab) => navigate(tab.fullPath), [navigate]);

  return { state, activate, close, clear };
}
