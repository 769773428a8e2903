// 账单缴费 /propertyPayment/billpay: the community's approved bills still owed — pay those of one
// room, waive one — and the waivers waiting for approval.
import { Card, Tabs } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentCommunity } from "../../../state/community.ts";
import type { PayResult } from "../types.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { PaidResult } from "../cashier/PaidResult.tsx";
import { PayableBills } from "./PayableBills.tsx";
import { PendingWaivers } from "./PendingWaivers.tsx";
import { useTabParam } from "../../../lib/use-tab-param.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function BillPayPage() {
  const community = useCurrentCommunity();
  const navigate = useNavigate();
  const [paid, setPaid] = useState<PayResult | null>(null);
  const title = useRouteTitle();
  const [tab, setTab] = useTabParam(["bills", "waivers"], "bills");
  if (!community?.communityId) return <NeedCommunity title={title} />;
  const communityId = Number(community.communityId);
  if (paid)
    return (
      <Card title={title} variant="borderless">
        <PaidResult result={paid} onClose={() => setPaid(null)} />
      </Card>
    );
  return (
    <Card title={title} variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: "bills",
            label: "待缴账单",
            children: <PayableBills key={communityId} communityId={communityId} onPaid={(r, auto) => (auto ? navigate(`/propertyPayment/receipt/${r.receiptId}`) : setPaid(r))} />,
          },
          { key: "waivers", label: "减免审核", children: <PendingWaivers key={communityId} communityId={communityId} /> },
        ]}
      />
    </Card>
  );
}
