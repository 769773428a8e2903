// Whether the signed-in user may open a route of the app: the code that guards it (its own, or the
// one the schema guards it by) among the user's authorities. Pages use it to offer a link only to
// those it would not refuse.
import { routes } from "../../../generated/routes.ts";
import { getAuthorities } from "../state/session.ts";

/** The code that opens a route (its own, or the one guarding it), from the schema's route table. */
function routeCode(path: string): string | undefined {
  const r = routes.find((x) => x.path === path);
  return r?.code ?? r?.authority;
}

export function mayOpenRoute(path: string, authorities: readonly string[] | null = getAuthorities()): boolean {
  const code = routeCode(path);
  return code !== undefined && (authorities ?? []).includes(code);
}
