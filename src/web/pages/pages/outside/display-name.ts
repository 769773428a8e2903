import type { CurrentUser } from "../../../state/session.ts";

/** The name a greeting shows: the real name when the account has one, else the username. */
export function displayName(me: CurrentUser): string {
  return typeof me.realName === "string" && me.realName ? me.realName : me.username;
}
