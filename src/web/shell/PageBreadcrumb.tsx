// The breadcrumb above the page (spec §2 Layout): the route's breadcrumb, or its edit breadcrumb when
// the path contains edit, with {scene} replaced.
import { Breadcrumb } from "antd";
import type { RouteDef } from "../../../generated/model-types.ts";
import { breadcrumbFor } from "./title-state.ts";

export default function PageBreadcrumb({ route, path, sceneName }: { route: RouteDef | undefined; path: string; sceneName: string }) {
  const items = breadcrumbFor(route, path, sceneName);
  if (items.length === 0) return null;
  return <Breadcrumb data-testid="shell-breadcrumb" style={{ padding: "12px 16px 0" }} items={items.map((title) => ({ title }))} />;
}
