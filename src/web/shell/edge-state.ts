// spec §4 Edge authorisation: if the edge service is not authorised, an authorisation dialog shows;
// on consent it is authorised (授权成功！) and its address opens; a window that cannot open shows the
// jump-error dialog; an address that cannot be had shows 进入智慧平台失败 (spec §8). The steps are
// injected so the flow is testable.
import { messages } from "../../../generated/errors.ts";

export interface EdgeJumpSteps {
  isAuthorized: () => Promise<boolean>;
  askConsent: () => Promise<boolean>;
  authorize: () => Promise<unknown>;
  showSuccess: (text: string) => void;
  /** Fetches the address and opens it; resolves false when the window could not open. */
  open: () => Promise<boolean>;
  /** spec §8: the address could not be had (entering the smart platform failed). */
  showOpenFailure?: () => void;
}

export async function edgeJumpFlow(steps: EdgeJumpSteps): Promise<"opened" | "declined" | "blocked" | "failed"> {
  if (!(await steps.isAuthorized())) {
    if (!(await steps.askConsent())) return "declined";
    await steps.authorize();
    steps.showSuccess(messages.authorized);
  }
  try {
    return (await steps.open()) ? "opened" : "blocked";
  } catch {
    steps.showOpenFailure?.();
    return "failed";
  }
}
