// 实收管理 /propertyPayment/receivedManagement: every charge and refund with its labels, refund
// applications and their approval (with their vouchers), and the receipts issued with what was
// refunded of each and their 作废, and the online orders paid twice over (多缴待退: 退回多缴);
// ?tab=refunds opens the approvals.
import { Card, Tabs } from "antd";
import { useCurrentCommunity } from "../../../state/community.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { PaymentsTable } from "./PaymentsTable.tsx";
import { hasAuthority, PAYMENT_CODES } from "../shared/authority.ts";
import { RefundsTable } from "./RefundsTable.tsx";
import { ReceiptsTable } from "./ReceiptsTable.tsx";
import { OverpaidOrdersTable } from "./OverpaidOrdersTable.tsx";
import { texts } from "../../../../../generated/texts.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useTabParam } from "../../../lib/use-tab-param.ts";

export default function ReceivedManagementPage() {
  const community = useCurrentCommunity();
  const title = useRouteTitle();
  const [tab, setTab] = useTabParam(["payments", "refunds", "receipts", "overpaid"], "payments");
  if (!community?.communityId) return <NeedCommunity title={title} />;
  const communityId = Number(community.communityId);
  return (
    <Card title={title} variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: "payments", label: "实收记录", children: <PaymentsTable key={communityId} communityId={communityId} /> },
          { key: "refunds", label: "退款审核", children: <RefundsTable key={communityId} communityId={communityId} /> },
          ...(hasAuthority(PAYMENT_CODES.cashier) ? [{ key: "receipts", label: "票据", children: <ReceiptsTable key={communityId} communityId={communityId} /> }] : []),
          { key: "overpaid", label: texts.payOverpaid.tab, children: <OverpaidOrdersTable key={communityId} communityId={communityId} /> },
        ]}
      />
    </Card>
  );
}
