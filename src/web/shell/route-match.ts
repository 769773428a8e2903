// Finds the generated route a hash path belongs to. Route paths may hold `:param` segments
// (/error/:type, /patrolManage/patrolPointIframe/:type); a path below a route (an edit or detail
// sub-path such as /community/community/edit/3) belongs to the longest route that prefixes it.
import type { RouteDef } from "../../../generated/model-types.ts";

function segments(path: string): string[] {
  return path.split("?")[0].split("/").filter(Boolean);
}

function matchesExactly(pattern: string[], path: string[]): boolean {
  return pattern.length === path.length && pattern.every((s, i) => s.startsWith(":") || s === path[i]);
}

function matchesPrefix(pattern: string[], path: string[]): boolean {
  return pattern.length < path.length && pattern.every((s, i) => s.startsWith(":") || s === path[i]);
}

export function findRoute(path: string, routes: readonly RouteDef[]): RouteDef | undefined {
  const parts = segments(path);
  const exact = routes.find((r) => matchesExactly(segments(r.path), parts));
  if (exact) return exact;
  let best: RouteDef | undefined;
  let bestLength = 0;
  for (const r of routes) {
    const pattern = segments(r.path);
    if (pattern.length > bestLength && matchesPrefix(pattern, parts)) {
      best = r;
      bestLength = pattern.length;
    }
  }
  return best;
}

/** The authority that guards a route: its menu code, else the guarding code the schema gives it. */
export function routeAuthority(route: RouteDef): string | undefined {
  return route.code ?? route.authority;
}
