// The app: hash routing under /neptune/ (spec §2) and antd in zh_CN. The startup chunk holds only
// what every first screen needs: the router, antd's ConfigProvider with the zh_CN locale, and the
// app's own routes — /login and /error/:type, each a lazily loaded page that loads neither Refine,
// the route table nor the shell. Every other path is served by AppRoutes (src/web/AppRoutes.tsx:
// the generated route table, Refine, the session check and the shell), its own chunk.
// The router runs on the app's history (providers/history.ts), which the shell's tabs follow too.
import { ConfigProvider } from "antd";
import type { ThemeConfig } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { Navigate, Route, Routes, unstable_HistoryRouter as HistoryRouter, useLocation } from "react-router";
import { cspNonce } from "./csp-styles.ts";
import { lazyPage } from "./lib/lazyPage.ts";
import { ErrorPage, LoginPage } from "./pages/own-pages.ts";
import { appHistory } from "./providers/history.ts";
import { hasSession } from "./state/session.ts";
import { LayoutFrame, PageFrame } from "./route-frames.tsx";

const AppRoutes = lazyPage(() => import("./AppRoutes.tsx"));

// Colours meet WCAG 2.1 AA (issue 17): antd's blue #1677ff behind white text is 4.1:1, so the
// primary is the slightly deeper #1668dc (5.2:1 under white, 4.8:1 on #f5f5f5); secondary and
// description text (antd: 45 % black, 3.3:1) is 57 % black (5.1:1 on white, 5.0:1 on #f5f5f5).
// A user whose system asks for reduced motion gets none (menus, modals and tabs appear at rest);
// the accessibility suite asks for it too, so colours are measured as the user reads them.
const reducedMotion = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export const theme: ThemeConfig = {
  token: {
    motion: !reducedMotion,
    colorPrimary: "#1668dc",
    colorLink: "#1668dc",
    colorTextTertiary: "rgba(0, 0, 0, 0.57)",
    colorTextDescription: "rgba(0, 0, 0, 0.57)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.57)",
    // White on antd's red (#ff4d4f) is 3.3:1; on #cf1322, 5.7:1 (danger buttons, error text).
    colorError: "#cf1322",
    borderRadius: 4,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Layout: { headerHeight: 64 },
    // Status tags: their text on their light background reaches 4.5:1 (antd's green is 2.2:1).
    Tag: { colorSuccess: "#237804", colorWarning: "#874d00", colorError: "#cf1322", colorInfo: "#1668dc" },
  },
};

// antd's run-time styles carry the page's style nonce (csp-styles.ts).
const csp = { nonce: cspNonce };

// Static antd messages (the request wrapper's) get the same locale, theme and nonce.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme} csp={csp}>
      {children}
    </ConfigProvider>
  ),
});

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
      <ConfigProvider locale={zhCN} theme={theme} csp={csp}>
        <OwnRoutes />
      </ConfigProvider>
    </HistoryRouter>
  );
}
