// Refine (data, auth and access-control providers, the generated resources, the app's one
// QueryClient: src/web/http/query-client.ts) and antd's App context around every route but the login
// and error pages, as a lazily loaded layout route: the login page loads neither Refine nor the pages
// behind it.
import { Refine, type ResourceProps } from "@refinedev/core";
import { App as AntdApp } from "antd";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { refineResources } from "../../../generated/refine-resources.ts";
import { queryClient } from "../http/query-client.ts";
import { accessControlProvider } from "./accessControlProvider.ts";
import { authProvider } from "./authProvider.ts";
import { dataProvider } from "./dataProvider.ts";
import { appRouterProvider } from "./routerProvider.ts";

const resources = refineResources as unknown as ResourceProps[];

export default function RefineRoot() {
  // The cache lives as long as this layout, as Refine's own client did: leaving for the login or
  // error page (a session that ended) drops it, so a next session never sees this one's answers.
  useEffect(() => () => queryClient.clear(), []);
  return (
    <AntdApp>
      <Refine
        routerProvider={appRouterProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          warnWhenUnsavedChanges: false,
          disableRouteChangeHandler: true,
          // The app's one QueryClient: Refine provides it, the hand-written pages' queries share its cache.
          reactQuery: { clientConfig: queryClient },
        }}
      >
        <Outlet />
      </Refine>
    </AntdApp>
  );
}
