// 实收管理 /propertyPayment/receivedManagement: every charge and refund with its labels, refund
// applications and their approval, and the receipts issued.
import { Card, Tabs } from "antd";
import { useCurrentCommunity } from "../../../state/community.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { ResourceDialogTable } from "../../../generic/table/ResourceDialogTable.tsx";
import { PaymentsTable } from "./PaymentsTable.tsx";
import { hasAuthority, PAYMENT_CODES } from "../shared/authority.ts";
import { RefundsTable } from "./RefundsTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function ReceivedManagementPage() {
  const community = useCurrentCommunity();
  const title = useRouteTitle();
  if (!community?.communityId) return <NeedCommunity title={title} />;
  const communityId = Number(community.communityId);
  return (
    <Card title={title} variant="borderless">
      <Tabs
        destroyOnHidden
        items={[
          { key: "payments", label: "实收记录", children: <PaymentsTable key={communityId} communityId={communityId} /> },
          { key: "refunds", label: "退款审核", children: <RefundsTable key={communityId} communityId={communityId} /> },
          ...(hasAuthority(PAYMENT_CODES.cashier) ? [{ key: "receipts", label: "票据", children: <ResourceDialogTable key={communityId} resource="receipts" communityId={communityId} /> }] : []),
        ]}
      />
    </Card>
  );
}
