// Routes whose hand-written page is not built yet: listed in the menu and reachable, and they say so.
import { Result } from "antd";
import { withScene } from "../state/scene.ts";
import type { PageProps } from "./registry.ts";

export default function UnderConstruction({ route }: PageProps) {
  return <Result status="info" title={route ? withScene(route.title) : "页面"} subTitle="该页面正在建设中" />;
}
