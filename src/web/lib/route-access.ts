// Whether the signed-in user may open a route of the app: the code that guards it (its own, or the
// one the schema guards it by) among the user's authorities. Pages use it to offer a link only to
// those it would not refuse.
import { routes } from "../../../generated/routes.ts";
import { routeAuthority } from "../shell/route-match.ts";
import { getAuthorities } from "../state/session.ts";

export function mayOpenRoute(path: string, authorities: readonly string[] | null = getAuthorities()): boolean {
  const route = routes.find((x) => x.path === path);
  const code = route && routeAuthority(route);
  return code !== undefined && (authorities ?? []).includes(code);
}
