// What the login page does through the client: read this host's login configuration and sign in (the
// auth provider). Loaded beside the page's first paint, not in front of it (LoginPage.tsx): the
// request wrapper (axios), the operations' table and the route table are most of the page's weight.
import { api } from "../../http/api.ts";
import { authProvider } from "../../providers/authProvider.ts";

export interface LoginConfiguration {
  platformName?: string | null;
  platformIco?: string | null;
}

/**
 * The platform name and icon of this host. Read with the client itself: this route is outside Refine
 * and the app's QueryClient, and keeps react-query out of its first load.
 */
export async function readLoginConfiguration(): Promise<LoginConfiguration | null> {
  return (await api.getLoginConfiguration({ query: { domainUrl: window.location.host } }, { silent: true, noAuthRedirect: true })) ?? null;
}

/** Signs in (authProvider.login): where to go next, or why not (shown through showError). */
export function signIn(params: { username: string; password: string; redirect?: string; showError: (text: string) => void }) {
  return authProvider.login(params);
}
