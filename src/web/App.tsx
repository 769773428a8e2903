// The app: hash routing under /neptune/ (spec §2) and antd in zh_CN. Routes come from
// generated/routes.ts:
//   - a route with `resource` renders the generic list at its path, plus create, edit/:id, show/:id;
//   - a route with `page` renders the hand-written page registered under that key (or the
//     under-construction page);
//   - routes outside the frame render alone; every other route renders inside the shell
//     (src/web/shell/Shell.tsx, a layout that renders <Outlet/>), behind the session check.
// Everything but /login and /error/:type sits under RefineRoot (Refine and its providers), and every
// page is its own lazily loaded chunk: the login page loads neither Refine nor the shell nor the
// generic pages.
import { ConfigProvider } from "antd";
import type { ThemeConfig } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { Suspense, type ReactNode } from "react";
import { HashRouter, Navigate, Route, Routes, useLocation } from "react-router";
import type { RouteDef } from "../../generated/model-types.ts";
import { routes } from "../../generated/routes.ts";
import { ChunkErrorBoundary } from "./pages/ChunkErrorBoundary.tsx";
import { lazyPage } from "./pages/lazyPage.ts";
import { pageFor, pages } from "./pages/registry.ts";
import { resourceActions } from "./providers/resourceIndex.ts";

const RefineRoot = lazyPage(() => import("./providers/RefineRoot.tsx"));
const SessionGate = lazyPage(() => import("./providers/SessionGate.tsx"));
const Shell = lazyPage(() => import("./shell/Shell.tsx"));
const ListPage = lazyPage(() => import("./generic/ListPage.tsx"));
const FormPage = lazyPage(() => import("./generic/FormPage.tsx"));
const ShowPage = lazyPage(() => import("./generic/ShowPage.tsx"));
const LoginPage = pages.login;
const ErrorPage = pages.error;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1677ff",
    colorLink: "#1677ff",
    borderRadius: 4,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Layout: { headerHeight: 64 },
  },
};

// Static antd messages (the request wrapper's) get the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

/** The app's own routes; a generated route with the same path is served by them. */
const OWN_PATHS = new Set(["/", "/login", "/error/:type", "/error"]);

/** A light placeholder while a chunk loads (no antd Spin: it would weigh on the startup chunk). */
const pageFallback = <div aria-busy="true" style={{ minHeight: 120 }} />;

/** Suspense and an error boundary per page; the boundary resets when the path changes. */
function PageFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary key={pathname}>
      <Suspense fallback={pageFallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** A layout that stays mounted across its pages: no per-path key. */
function LayoutFrame({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={pageFallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** The route elements of one generated route. */
function routeElements(route: RouteDef): ReactNode {
  if (route.resource) {
    const actions = resourceActions(route.resource);
    const props = { resource: route.resource, route };
    return (
      <Route key={route.path} path={route.path}>
        <Route index element={<PageFrame><ListPage {...props} /></PageFrame>} />
        {actions.create && <Route path="create" element={<PageFrame><FormPage {...props} mode="create" /></PageFrame>} />}
        {actions.edit && <Route path="edit/:id" element={<PageFrame><FormPage {...props} mode="edit" /></PageFrame>} />}
        {actions.show && <Route path="show/:id" element={<PageFrame><ShowPage {...props} /></PageFrame>} />}
      </Route>
    );
  }
  const { component: Page } = pageFor(route.page);
  return <Route key={route.path} path={route.path} element={<PageFrame><Page route={route} /></PageFrame>} />;
}

const appRoutes = routes.filter((r) => !OWN_PATHS.has(r.path));
const framed = appRoutes.filter((r) => !r.outsideFrame);
const outsidePublic = appRoutes.filter((r) => r.outsideFrame && r.public);
const outsidePrivate = appRoutes.filter((r) => r.outsideFrame && !r.public);

export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route path="/login" element={<PageFrame><LoginPage /></PageFrame>} />
      <Route path="/error" element={<Navigate to="/error/404" replace />} />
      <Route path="/error/:type" element={<PageFrame><ErrorPage /></PageFrame>} />
      <Route element={<LayoutFrame><RefineRoot /></LayoutFrame>}>
        {outsidePublic.map(routeElements)}
        <Route element={<LayoutFrame><SessionGate /></LayoutFrame>}>
          {outsidePrivate.map(routeElements)}
          <Route element={<LayoutFrame><Shell /></LayoutFrame>}>{framed.map(routeElements)}</Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/error/404" replace />} />
    </Routes>
  );
}

export default function App() {
  return (
    <HashRouter>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AppRoutes />
      </ConfigProvider>
    </HashRouter>
  );
}
