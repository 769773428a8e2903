// Refine (data, auth and access-control providers, the generated resources) and antd's App context
// around every route but the login and error pages, as a lazily loaded layout route: the login
// page loads neither Refine nor the pages behind it.
import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { Outlet } from "react-router";
import { refineResources } from "../../../generated/refine-resources.ts";
import { accessControlProvider } from "./accessControlProvider.ts";
import { authProvider } from "./authProvider.ts";
import { dataProvider } from "./dataProvider.ts";

const resources = refineResources as unknown as ResourceProps[];

export default function RefineRoot() {
  return (
    <AntdApp>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          warnWhenUnsavedChanges: false,
          disableRouteChangeHandler: true,
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
        }}
      >
        <Outlet />
      </Refine>
    </AntdApp>
  );
}
