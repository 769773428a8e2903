// Routes whose hand-written page is not built yet: listed in the menu and reachable, and they say so.
import { Result } from "antd";
import { useRouteTitle } from "../generic/routeTitle.ts";

export default function UnderConstruction() {
  const pageTitle = useRouteTitle();
  return <Result status="info" title={pageTitle} subTitle="该页面正在建设中" />;
}
