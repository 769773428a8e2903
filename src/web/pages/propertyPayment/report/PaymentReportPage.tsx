// 缴费报表 /propertyPayment/paymentReport, one tab per report (?tab=, src/web/lib/use-tab-param.ts):
// 社区汇总 (per community and month, the report of old), then for the community chosen in the header
// 收费日报, 收费月报, 楼栋收缴, 项目收缴, 预存款台账 and 押金台账. Each has its range, a chart with a
// tooltip per day, month, building, item or room (zero where nothing happened) and an Excel export.
// The page and its tabs are one lazily loaded chunk of their own (the route's page).
import { Card, Empty, Tabs } from "antd";
import type { ReactNode } from "react";
import { useTabParam } from "../../../lib/use-tab-param.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { CommunityMonthReport } from "./CommunityMonthReport.tsx";
import { ChargeReport } from "./ChargeReport.tsx";
import { CollectionReport } from "./CollectionReport.tsx";
import { DepositLedger, PrepayLedger } from "./LedgerReports.tsx";

const TABS = ["summary", "daily", "monthly", "building", "item", "prepay", "deposit"] as const;

export default function PaymentReportPage() {
  const title = useRouteTitle();
  const community = useCurrentCommunity();
  const [tab, setTab] = useTabParam(TABS, "summary");
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const of = (node: (id: number) => ReactNode) => (communityId ? node(communityId) : <Empty description="请先在页面顶部选择社区" />);
  return (
    <Card title={title} variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: "summary", label: "社区汇总", children: <CommunityMonthReport /> },
          { key: "daily", label: "收费日报", children: of((id) => <ChargeReport key={`d${id}`} communityId={id} unit="day" />) },
          { key: "monthly", label: "收费月报", children: of((id) => <ChargeReport key={`m${id}`} communityId={id} unit="month" />) },
          { key: "building", label: "楼栋收缴", children: of((id) => <CollectionReport communityId={id} groupBy="building" />) },
          { key: "item", label: "项目收缴", children: of((id) => <CollectionReport communityId={id} groupBy="item" />) },
          { key: "prepay", label: "预存款台账", children: of((id) => <PrepayLedger communityId={id} />) },
          { key: "deposit", label: "押金台账", children: of((id) => <DepositLedger communityId={id} />) },
        ]}
      />
    </Card>
  );
}
