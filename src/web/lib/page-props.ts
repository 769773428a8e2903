// What the page registry (src/web/pages/registry.ts) hands every hand-written page. It lives here,
// not in the registry, so that no page imports the registry (which imports the pages).
import type { RouteDef } from "../../../generated/model-types.ts";

export interface PageProps {
  /** The route the page is on; absent for the app's own login and error routes. */
  route?: RouteDef;
}
