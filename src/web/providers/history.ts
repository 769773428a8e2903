// The app's hash history (spec §2: hash routing under /neptune/), shared by the router and by what
// has to follow every navigation the moment it happens, before the new page has rendered: the
// shell's page tabs (a page whose chunk is still loading, or that the user leaves at once, still
// gets its tab). React Router's history takes a single listener, the router's; this one hands each
// navigation to any number of them, the router's first.
import { UNSAFE_createHashHistory } from "react-router";

export type AppHistory = ReturnType<typeof UNSAFE_createHashHistory>;
export type NavigationListener = Parameters<AppHistory["listen"]>[0];

/** The same history, with a listen() that takes any number of listeners. */
export function withListeners(history: AppHistory): AppHistory {
  const listeners = new Set<NavigationListener>();
  let detach: (() => void) | null = null;
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen(listener) {
      const entry: NavigationListener = (update) => listener(update);
      listeners.add(entry);
      detach ??= history.listen((update) => {
        for (const l of [...listeners]) l(update);
      });
      return () => {
        listeners.delete(entry);
        if (listeners.size === 0 && detach) {
          detach();
          detach = null;
        }
      };
    },
  };
}

let app: AppHistory | null = null;

/** The browser's hash history of the app (created on first use). */
export function appHistory(): AppHistory {
  app ??= withListeners(UNSAFE_createHashHistory({ v5Compat: true }));
  return app;
}
