// The title of the page on screen, from the route schema (generated/routes.ts) by the current path,
// with {scene} replaced: hand-written pages name themselves (card titles, table regions) with it,
// as the shell's tabs and breadcrumb do, instead of repeating the title as a literal.
import { useLocation } from "react-router";
import { routes } from "../../../generated/routes.ts";
import { findRoute } from "../shell/route-match.ts";
import { withScene } from "../state/scene.ts";

export function useRouteTitle(): string {
  const { pathname } = useLocation();
  const route = findRoute(pathname, routes);
  return route ? withScene(route.title) : "";
}
