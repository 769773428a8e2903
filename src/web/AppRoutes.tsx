// Every route but the app's own (login, error pages), from generated/routes.ts; its own chunk, so the
// route table, Refine and the session check are not part of the login page's first load:
//   - a route with `resource` renders the generic list at its path, plus create, edit/:id, show/:id;
//   - a route with `page` renders the hand-written page registered under that key (or the
//     under-construction page);
//   - routes outside the frame render alone; every other route renders inside the shell
//     (src/web/shell/Shell.tsx, a layout that renders <Outlet/>), behind the session check.
// All of them sit under antd's ConfigProvider (zh_CN, the app's theme, the style nonce: with the React
// 19 patch and reset.css, ui/antd-setup.tsx, imported first: the startup chunk has no antd) and under
// RefineRoot (Refine and its providers); every page is its own lazily loaded chunk. /error/403 of a signed-in user renders inside the shell. A path that matches no route goes to the 404 page. Every page that shows dates is behind
// this chunk, so dayjs is set to zh-cn here (spec §2: zh_CN only), before any of them loads.
import { AntdRoot } from "./ui/antd-setup.tsx";
// The app's notices (the request wrapper's messages, 已登出) are drawn by antd's message from here on.
import "./ui/antd-notices.ts";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { ComponentType, ReactElement, ReactNode } from "react";
import { matchPath, Navigate, Route, Routes, useLocation } from "react-router";
import type { RouteDef } from "../../generated/model-types.ts";
import { routes } from "../../generated/routes.ts";
import { lazyPage, type LazyPage } from "./lib/lazyPage.ts";
import { pageFor } from "./pages/registry.ts";
import { loadCurrentUser } from "./providers/authProvider.ts";
import RefineRoot from "./providers/RefineRoot.tsx";
import { resourceActions } from "./providers/resourceIndex.ts";
import SessionGate from "./providers/SessionGate.tsx";
import { FORBIDDEN_PATH } from "./shell/guards.ts";
import { LayoutFrame, PageFrame } from "./route-frames.tsx";
import { appHistory } from "./providers/history.ts";
import { Shell } from "./shell/lazy-shell.ts";
import { hasSession } from "./state/session.ts";

dayjs.locale("zh-cn");

const ListPage = lazyPage(() => import("./generic/ListPage.tsx"));
const FormPage = lazyPage(() => import("./generic/FormPage.tsx"));
const ShowPage = lazyPage(() => import("./generic/ShowPage.tsx"));
const ForbiddenPage = lazyPage(() => import("./shell/ForbiddenPage.tsx"));

/** The app's own routes (src/web/App.tsx); a generated route with the same path is served by them. */
const OWN_PATHS = new Set(["/", "/login", "/error/:type", "/error"]);

/** A page of a resource's route: under its path (none: the list at the path itself), and what it renders. */
interface ResourcePage {
  path?: string;
  page: Pick<LazyPage<ComponentType>, "preload">;
  element: ReactNode;
}

/** The list at a resource's path, and its create, edit and detail pages where the resource has them. */
function resourcePages(resource: string, route: RouteDef): ResourcePage[] {
  const actions = resourceActions(resource);
  const props = { resource, route };
  return [
    { page: ListPage, element: <ListPage {...props} /> },
    ...(actions.create ? [{ path: "create", page: FormPage, element: <FormPage {...props} mode="create" /> }] : []),
    ...(actions.edit ? [{ path: "edit/:id", page: FormPage, element: <FormPage {...props} mode="edit" /> }] : []),
    ...(actions.show ? [{ path: "show/:id", page: ShowPage, element: <ShowPage {...props} /> }] : []),
  ];
}

/** The route elements of one generated route. */
function routeElements(route: RouteDef): ReactNode {
  if (route.resource) {
    return (
      <Route key={route.path} path={route.path}>
        {resourcePages(route.resource, route).map(({ path, element }) =>
          path === undefined ? <Route key="" index element={<PageFrame>{element}</PageFrame>} /> : <Route key={path} path={path} element={<PageFrame>{element}</PageFrame>} />,
        )}
      </Route>
    );
  }
  const { component: Page } = pageFor(route.page);
  return (
    <Route
      key={route.path}
      path={route.path}
      element={
        <PageFrame>
          <Page route={route} />
        </PageFrame>
      }
    />
  );
}

const appRoutes = routes.filter((r) => !OWN_PATHS.has(r.path));

/** An address's module: its first segment, in lower case (React Router matches paths regardless of case). */
const moduleOf = (path: string) => (path.split("/")[1] ?? "").toLowerCase();

/**
 * The generated routes by module. <Routes> flattens, ranks and tries every route it is given, with
 * their create/edit/show children, on each render (React Router keeps nothing from one render to the
 * next): for all 159 routes about 40 ms of every page load and every navigation. The route table of an
 * address holds its module's routes only, so a path outside them goes to the 404 page as before.
 */
const routesByModule = new Map<string, RouteDef[]>();
for (const route of appRoutes) {
  const module = moduleOf(route.path);
  const known = routesByModule.get(module);
  if (known) known.push(route);
  else routesByModule.set(module, [route]);
}

/** The lazily loaded page a generated route renders at `pathname` (undefined: not this route). */
function pageAt(route: RouteDef, pathname: string): Pick<LazyPage<ComponentType>, "preload"> | undefined {
  if (!pathname.startsWith(route.path.split(":")[0])) return undefined; // no pattern to compile for most routes
  const at = (path: string) => matchPath({ path, end: true }, pathname) !== null;
  if (!route.resource) return at(route.path) ? pageFor(route.page).component : undefined;
  return resourcePages(route.resource, route).find(({ path }) => at(path === undefined ? route.path : `${route.path}/${path}`))?.page;
}

// A signed-in user's first call and the page the app opened on start as this chunk runs, beside the
// shell's chunk (App.tsx preloadShellPage): the call not once the route table has rendered down to the
// session check (which takes the same call, loadCurrentUser), the page not once that check has answered
// and the shell has rendered.
if (hasSession()) {
  void loadCurrentUser().catch(() => undefined); // the session check reports a failure
  const { pathname } = appHistory().location;
  for (const route of routesByModule.get(moduleOf(pathname)) ?? []) pageAt(route, pathname)?.preload();
}

/** The route table of a module's addresses (made once per module: the same element on every render). */
const routeTables = new Map<string, ReactElement>();
function routeTable(module: string): ReactElement {
  const known = routeTables.get(module);
  if (known) return known;
  const mine = routesByModule.get(module) ?? [];
  const table = (
    <Routes>
      <Route element={<RefineRoot />}>
        {mine.filter((r) => r.outsideFrame && r.public).map(routeElements)}
        <Route element={<SessionGate />}>
          {mine.filter((r) => r.outsideFrame && !r.public).map(routeElements)}
          <Route
            element={
              <LayoutFrame>
                <Shell />
              </LayoutFrame>
            }
          >
            {mine.filter((r) => !r.outsideFrame).map(routeElements)}
            {/* A signed-in user's refused route: the 403 inside the shell, with the menu and a way out. */}
            <Route
              path={FORBIDDEN_PATH}
              element={
                <PageFrame>
                  <ForbiddenPage />
                </PageFrame>
              }
            />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/error/404" replace />} />
    </Routes>
  );
  routeTables.set(module, table);
  return table;
}

export default function AppRoutes() {
  return <AntdRoot>{routeTable(moduleOf(useLocation().pathname))}</AntdRoot>;
}
