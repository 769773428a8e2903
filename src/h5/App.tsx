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
import { PaymentPage } from "./pages/PaymentPage.tsx";
import { ReceiptPage } from "./pages/ReceiptPage.tsx";
import { ReceiptsPage } from "./pages/ReceiptsPage.tsx";
import { VisitorsPage } from "./pages/VisitorsPage.tsx";
import { RepairsPage } from "./pages/RepairsPage.tsx";
import { MetersPage } from "./pages/MetersPage.tsx";
import { PrepayPage } from "./pages/PrepayPage.tsx";

const TABS = [
  { key: "rooms", title: "房屋" },
  { key: "bills", title: "账单" },
  { key: "repairs", title: "报修" },
  { key: "notices", title: "公告" },
  { key: "me", title: "我的" },
] as const;

/** A tab's own page (its list). */
const tabPath = (key: string): string => (key === "rooms" ? "" : key);

export function App() {
  const { path, search } = useLocation();
  const tenant = tenantFrom(search);
  const tab = path.split("/")[0];
  // An address for another tenant than the one signed in, or nobody signed in on this phone: the
  // sign-in, without first asking the server what it would refuse (an expired session still is: 401).
  const toLogin = tab !== "login" && (signedIn() === null || (search.has("tenant") && signedIn()?.tenantId !== tenant));
  useEffect(() => {
    if (toLogin) navigate("login", true);
  }, [toLogin]);
  let page;
  if (tab === "login" || toLogin) page = <LoginPage tenant={tenant} />;
  else if (tab === "bills") page = <BillsPage room={search.get("room")} />;
  else if (tab === "notices") page = <NoticesPage id={path.split("/")[1]} />;
  else if (tab === "repairs") page = <RepairsPage id={path.split("/")[1]} />;
  else if (tab === "me") page = <MePage />;
  else if (tab === "payment") page = <PaymentPage order={search.get("order")} />;
  else if (tab === "receipts") page = path.split("/")[1] ? <ReceiptPage id={path.split("/")[1]} /> : <ReceiptsPage room={search.get("room")} />;
  else if (tab === "visitors") page = <VisitorsPage id={path.split("/")[1]} />;
  else if (tab === "meters") page = <MetersPage room={search.get("room")} />;
  else if (tab === "prepay") page = <PrepayPage room={search.get("room")} />;
  else page = <RoomsPage />;
  const active = ["payment", "receipts", "meters", "prepay"].includes(tab) ? "bills" : tab; // 支付结果, 票据, 自助抄表 and 预缴 belong to 账单
  const currentTab = TABS.some((t) => t.key === active) ? active : "rooms";
  // Off a tab's own page (a repair, a notice, 支付结果) no tab is active, so tapping the tab bar's
  // tab goes back to its list: the tab bar says nothing when its active tab is tapped.
  const onTabPage = path === tabPath(currentTab);
  return (
    <ConfigProvider locale={zhCN}>
      <main className="h5-body">{page}</main>
      {tab !== "login" && !toLogin && (
        <nav className="h5-tabbar" aria-label="主导航">
          <TabBar activeKey={onTabPage ? currentTab : null} onChange={(key) => navigate(tabPath(key))} safeArea={false}>
            {TABS.map((t) => (
              <TabBar.Item key={t.key} title={t.title} />
            ))}
          </TabBar>
        </nav>
      )}
    </ConfigProvider>
  );
}
