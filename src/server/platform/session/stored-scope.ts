// A user's community scope as stored (users.community_ids) read into the session's form; apart from
// community-scope.ts, which works on sessions, so that the session store can read it without a cycle.
import { MAIN_ACCOUNT } from "./authorities.ts";

/** The communities a user's stored scope allows: null for every one (main account, empty or malformed list). */
export function communityScopeOf(userType: string | null, stored: unknown): readonly number[] | null {
  if (userType === MAIN_ACCOUNT || !Array.isArray(stored)) return null;
  const ids = [...new Set(stored.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
  return ids.length ? Object.freeze(ids) : null;
}
