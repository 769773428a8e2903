// Page titles and breadcrumbs may hold the {scene} placeholder (spec §2 Layout), replaced by the
// user's applicationSceneName (default 社区).
import { constants } from "../../../generated/constants.ts";
import type { RouteDef } from "../../../generated/model-types.ts";

export function fillScene(text: string, sceneName?: string | null): string {
  return text.replaceAll("{scene}", sceneName || constants.defaultSceneName);
}

/** spec §2: the edit breadcrumb is used when the path contains the word edit. */
export function breadcrumbFor(route: RouteDef | undefined, path: string, sceneName?: string | null): string[] {
  if (!route) return [];
  const items = route.editBreadcrumb && /edit/i.test(path) ? route.editBreadcrumb : route.breadcrumb;
  return items.map((item) => fillScene(item, sceneName));
}

/** Document title: the page title, then the product name when one is configured. */
export function documentTitle(route: RouteDef | undefined, sceneName?: string | null, platformName?: string | null): string {
  const page = route ? fillScene(route.title, sceneName) : "";
  if (page && platformName) return `${page} - ${platformName}`;
  return page || platformName || "";
}
