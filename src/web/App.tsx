// The app: hash routing under /neptune/ (spec §2). The startup chunk holds only what every first
// screen needs: the router and the app's own routes — /login and /error/:type, each a lazily loaded
// page of plain markup that loads neither antd, Refine, the route table nor the shell. Every other path
// is served by AppRoutes (src/web/AppRoutes.tsx: antd's ConfigProvider in zh_CN with the app's theme,
// the generated route table, Refine, the session check and the shell), its own chunk.
// The router runs on the app's history (providers/history.ts), which the shell's tabs follow too.
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation } from "react-router";
import { lazyPage } from "./lib/lazyPage.ts";
import { ErrorPage, LoginPage } from "./pages/own-pages.ts";
import { appHistory } from "./providers/history.ts";
import { hasSession } from "./state/session.ts";
import { LayoutFrame, PageFrame } from "./route-frames.tsx";
import { Shell } from "./shell/lazy-shell.ts";

const AppRoutes = lazyPage(() => import("./AppRoutes.tsx"));

/**
 * Starts loading, side by side, what a signed-in user's page behind the shell needs first: the route
 * table (which starts the page's own chunk as it loads, AppRoutes.tsx) and the shell. Rendered one inside
 * the other they would load one after another, each a round trip more on a phone's network: the shell
 * once the route table had run and the session check had answered, the page once the shell had rendered.
 */
export function preloadShellPage(): void {
  AppRoutes.preload();
  Shell.preload();
}

/** The refused-route page of the guards (shell/guards.ts FORBIDDEN_PATH; not imported: it would bring the route table). */
const FORBIDDEN = "/error/403";

export function OwnRoutes() {
  // A signed-in user's 403 shows inside the shell (AppRoutes), with the menu and a way home or out.
  const framedForbidden = useLocation().pathname === FORBIDDEN && hasSession();
  return (
    <Routes>
      <Route index element={<Navigate to="/login" replace />} />
      <Route
        path="/login"
        element={
          <PageFrame>
            <LoginPage />
          </PageFrame>
        }
      />
      <Route path="/error" element={<Navigate to="/error/404" replace />} />
      {!framedForbidden && (
        <Route
          path="/error/:type"
          element={
            <PageFrame>
              <ErrorPage />
            </PageFrame>
          }
        />
      )}
      <Route
        path="*"
        element={
          <LayoutFrame>
            <AppRoutes />
          </LayoutFrame>
        }
      />
    </Routes>
  );
}

export default function App() {
  return (
    <HistoryRouter history={appHistory()}>
      <OwnRoutes />
    </HistoryRouter>
  );
}
