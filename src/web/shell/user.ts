// The signed-in user inside the shell. It is loaded once through the app's session state
// (loadCurrentUser: GET {system}/homepage/user, which also stores the authorities, user type, tenant
// and scene name), and shared below the shell through a context: menu, header, tabs, watermark and
// pages read it with useCurrentUser.
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { loadCurrentUser } from "../providers/authProvider.ts";
import { useCurrentUser as useSessionUser } from "../state/session.ts";
import type { CurrentUserData } from "./api-types.ts";
import { normalizeUser, type CurrentUser } from "./user-state.ts";

export { normalizeUser, type CurrentUser };

export const CurrentUserContext = createContext<CurrentUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  return createElement(CurrentUserContext.Provider, { value: user }, children);
}

/** The signed-in user; only inside the shell (the layout route). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used inside the shell");
  return user;
}

export type UserLoad = { status: "loading"; user: null; error: null } | { status: "ready"; user: CurrentUser; error: null } | { status: "error"; user: null; error: unknown };

/**
 * Loads the user once (again on reload()), and follows later reloads of the session state. A user
 * cleared while leaving (logout) keeps the last one shown, so nothing reloads on the way out.
 */
export function useLoadCurrentUser(): UserLoad & { reload: () => void } {
  const stored = useSessionUser();
  // The last user there was (kept while rendering: a cleared session keeps showing it).
  const [kept, setKept] = useState(stored);
  if (stored && stored !== kept) setKept(stored);
  const raw = stored ?? kept;
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    loadCurrentUser({ force: attempt > 0 }).catch((error: unknown) => live && setFailure({ error }));
    return () => {
      live = false;
    };
  }, [attempt]);

  const user = useMemo(() => (raw ? normalizeUser(raw as unknown as CurrentUserData) : null), [raw]);
  // A new attempt starts without the last failure.
  const reload = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);
  if (user) return { status: "ready", user, error: null, reload };
  if (failure) return { status: "error", user: null, error: failure.error, reload };
  return { status: "loading", user: null, error: null, reload };
}
