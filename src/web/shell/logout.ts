// spec §4 Logout: confirm (确定要退出登录吗？), call the logout endpoint, show 已登出, and go to the
// login page after 1 s. The session ends on this side whatever the server answers. The steps are
// injected so the order and the delay are testable.
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";

export interface LogoutSteps {
  /** Asks the user; resolves true to go on. */
  confirm: (question: string) => Promise<boolean>;
  /** GET {system}/homepage/web/logout. */
  callLogout: () => Promise<unknown>;
  showSuccess: (text: string) => void;
  wait: (ms: number) => Promise<void>;
  /** Clears what the session kept (signature, authorities, …), just before leaving. */
  clearSession: () => void;
  /** Goes to the login page. */
  toLogin: () => void;
}

export async function logoutFlow(steps: LogoutSteps): Promise<"cancelled" | "done"> {
  if (!(await steps.confirm(messages.logoutConfirm))) return "cancelled";
  try {
    await steps.callLogout();
  } catch {
    // The server session may already be gone (expired): leaving is still right.
  }
  steps.showSuccess(messages.loggedOut);
  await steps.wait(constants.logoutRedirectDelayMs);
  steps.clearSession();
  steps.toLogin();
  return "done";
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
