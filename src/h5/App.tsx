// The residents' app: 登录 alone, the other pages above a tab bar (房屋 / 账单 / 报修 / 公告 / 我的).
import { useEffect } from "react";
import { ConfigProvider, TabBar } from "antd-mobile";
import zhCN from "antd-mobile/es/locales/zh-CN";
import { signedIn, tenantFrom } from "./account.ts";
import { navigate, useLocation } from "./router.ts";
import { LoginPage } from "./pages/LoginPage.tsx";
import { RoomsPage } from "./pages/RoomsPage.tsx";
import { BillsPage } from "./pages/BillsPage.tsx";
import { NoticesPage } from "./pages/NoticesPage.tsx";
import { MePage } from "./pages/MePage.tsx";
import { RepairsPage } from "./pages/RepairsPage.tsx";

const TABS = [
  { key: "rooms", title: "房屋" },
  { key: "bills", title: "账单" },
  { key: "repairs", title: "报修" },
  { key: "notices", title: "公告" },
  { key: "me", title: "我的" },
] as const;

export function App() {
  const { path, search } = useLocation();
  const tenant = tenantFrom(search);
  const tab = path.split("/")[0];
  // An address for another tenant than the one signed in: that tenant's sign-in.
  const otherTenant = tab !== "login" && search.has("tenant") && signedIn()?.tenantId !== tenant;
  useEffect(() => {
    if (otherTenant) navigate("login", true);
  }, [otherTenant]);
  let page;
  if (tab === "login") page = <LoginPage tenant={tenant} />;
  else if (tab === "bills") page = <BillsPage room={search.get("room")} />;
  else if (tab === "notices") page = <NoticesPage id={path.split("/")[1]} />;
  else if (tab === "repairs") page = <RepairsPage id={path.split("/")[1]} />;
  else if (tab === "me") page = <MePage />;
  else page = <RoomsPage />;
  return (
    <ConfigProvider locale={zhCN}>
      <main className="h5-body">{page}</main>
      {tab !== "login" && (
        <nav className="h5-tabbar" aria-label="主导航">
          <TabBar activeKey={TABS.some((t) => t.key === tab) ? tab : "rooms"} onChange={(key) => navigate(key === "rooms" ? "" : key)} safeArea={false}>
            {TABS.map((t) => (
              <TabBar.Item key={t.key} title={t.title} />
            ))}
          </TabBar>
        </nav>
      )}
    </ConfigProvider>
  );
}
