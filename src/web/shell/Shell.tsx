// The layout route of the pages inside the main frame (spec §2 Layout): header, left menu, page tabs,
// breadcrumb, watermark and the page (<Outlet/>), with the navigation guards of spec §4. The user is
// loaded once here and shared with everything below (useCurrentUser).
import { Button, Layout } from "antd";
import { useEffect, useMemo, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { routes } from "../../../generated/routes.ts";
import { useCurrentCommunity } from "../state/community.ts";
import Header, { DEFAULT_PRODUCT_NAME, useLoginConfiguration } from "./Header.tsx";
import ShellMenu from "./Menu.tsx";
import PageBreadcrumb from "./PageBreadcrumb.tsx";
import { findRoute } from "./route-match.ts";
import Tabs from "./Tabs.tsx";
import { documentTitle } from "./title-state.ts";
import { useCommunityBootstrap } from "./use-community-bootstrap.ts";
import { useNarrowScreen } from "./use-narrow.ts";
import { useNavigationGuards } from "./use-navigation-guards.ts";
import { useShellTabs } from "./use-tabs.ts";
import { CurrentUserProvider, useCurrentUser, useLoadCurrentUser } from "./user.ts";
import Watermark from "./Watermark.tsx";
import PasswordGate from "./PasswordGate.tsx";
import GuideLayer from "../guides/GuideLayer.tsx";
import { GUIDE_SPACE_PROPERTY } from "../guides/events.ts";
import { GuideBandContext } from "../guides/guide-dock.tsx";
import { AppLoading } from "../ui/AppLoading.tsx";
import { FailureResult } from "../ui/FailureResult.tsx";

function ShellFrame() {
  const user = useCurrentUser();
  const location = useLocation();
  const decision = useNavigationGuards();
  const route = useMemo(() => findRoute(location.pathname, routes), [location.pathname]);
  const allowed = !decision.redirect;
  const tabs = useShellTabs(user);
  const login = useLoginConfiguration();
  const community = useCurrentCommunity();
  const productName = login?.platformName || DEFAULT_PRODUCT_NAME;
  // On a phone the menu is a drawer opened from the header (MenuDrawer.tsx), not a rail.
  const narrow = useNarrowScreen();
  // The open guide panels render into this band above the page (guides/guide-dock.tsx).
  const [guideBand, setGuideBand] = useState<HTMLElement | null>(null);
  useCommunityBootstrap(user);

  useEffect(() => {
    if (allowed) document.title = documentTitle(route, user.sceneName, productName);
  }, [allowed, route, user.sceneName, productName]);

  if (decision.redirect) {
    return "path" in decision.redirect ? <Navigate to={decision.redirect.path} replace /> : null;
  }

  return (
    <Layout style={{ height: "100vh" }} data-testid="shell">
      <Header user={user} tenantMenu={Boolean(route?.tenantMenu)} productName={productName} logo={login?.platformIco || user.platformImg} narrow={narrow} />
      <Layout>
        {!narrow && <ShellMenu />}
        {/* The page column ends where the guides' strip begins (guides/events.ts GUIDE_SPACE_PROPERTY). */}
        <Layout.Content style={{ display: "flex", flexDirection: "column", minWidth: 0, overflow: "hidden", marginRight: `var(${GUIDE_SPACE_PROPERTY}, 0px)` }}>
          {!route?.hideTabs && <Tabs tabs={tabs} />}
          <PageBreadcrumb route={route} path={location.pathname} sceneName={user.sceneName} />
          <div style={{ flex: 1, overflow: "auto" }}>
            <div ref={setGuideBand} data-testid="guide-band" />
            <Watermark user={user}>
              {/* Keyed by the community: a new community remounts the page, which then loads its data again. */}
              <div key={String(community?.communityId ?? "")} style={{ padding: narrow ? 8 : 16 }} data-testid="shell-page">
                <Outlet />
              </div>
            </Watermark>
          </div>
        </Layout.Content>
      </Layout>
      <GuideBandContext.Provider value={guideBand}>
        <GuideLayer />
      </GuideBandContext.Provider>
    </Layout>
  );
}

/** How long the page kit waits at most for the browser to be idle once the shell has its user. */
const PAGE_KIT_IDLE_WAIT_MS = 5000;

/**
 * Loads the components most pages share (page-kit.ts) once the shell has drawn (its user loaded) and
 * the browser is idle, so it never competes with the first page's own code; a failure only leaves it
 * to the page.
 */
function usePageKitPreload(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const load = () => void import("./page-kit.ts").catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(load, 1000);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(load, { timeout: PAGE_KIT_IDLE_WAIT_MS });
    return () => window.cancelIdleCallback(id);
  }, [ready]);
}

export default function Shell() {
  const load = useLoadCurrentUser();
  usePageKitPreload(load.status !== "loading" && load.status !== "error");
  // The same 加载中... as while the shell's chunks loaded (route-frames.tsx): one screen, not two.
  if (load.status === "loading") return <AppLoading />;
  if (load.status === "error") {
    return (
      <FailureResult
        status="500"
        title="加载用户信息失败"
        subTitle={load.error instanceof Error ? load.error.message : undefined}
        extra={
          <Button type="primary" onClick={load.reload}>
            重试
          </Button>
        }
      />
    );
  }
  if (load.user.mustChangePassword) return <PasswordGate user={load.user} productName={DEFAULT_PRODUCT_NAME} onChanged={load.reload} />;
  return (
    <CurrentUserProvider user={load.user}>
      <ShellFrame />
    </CurrentUserProvider>
  );
}
