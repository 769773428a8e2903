// 对账管理 /propertyPayment/reconciliation: the daily settlement of the current community — pick a
// day, compare recorded with declared per pay method and cashier, close the day — and the list of
// closed days; 打印日结单 opens the day's printable sheet per cashier (DailyClosingPrintPage.tsx).
import { useQuery } from "@tanstack/react-query";
import { PrinterOutlined } from "@ant-design/icons";
import { Button, Card, Space, Tabs } from "antd";
import { useNavigate } from "react-router";
import type { Dayjs } from "dayjs";
import { chinaToday } from "../../../lib/china-today.ts";
import { useState } from "react";
import { useCurrentCommunity } from "../../../state/community.ts";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { ResourceDialogTable } from "../../../generic/table/ResourceDialogTable.tsx";
import { DayTable } from "./DayTable.tsx";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { paymentQueries } from "../shared/queries.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function ReconciliationPage() {
  const community = useCurrentCommunity();
  const communityId = community?.communityId ?? null;
  const [day, setDay] = useState<Dayjs>(chinaToday);
  const navigate = useNavigate();
  const dayText = day.format("YYYY-MM-DD");
  // A saved or closed day (DayTable) invalidates its summary and the closings list.
  const summary = useQuery({ ...paymentQueries.reconciliationDay(communityId ?? "", dayText), enabled: !!communityId });
  const title = useRouteTitle();
  if (!communityId) return <NeedCommunity title={title} />;
  return (
    <Card title={title} variant="borderless">
      <Tabs
        items={[
          {
            key: "day",
            label: "日结对账",
            children: (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Space wrap>
                  对账日期
                  <DatePickerOnUse value={day} allowClear={false} onChange={(d) => d && setDay(d)} />
                  <Button icon={<PrinterOutlined />} onClick={() => navigate(`/propertyPayment/reconciliation/print/${dayText}`)}>
                    打印日结单
                  </Button>
                </Space>
                {summary.data && <DayTable summary={summary.data} />}
              </Space>
            ),
          },
          { key: "closings", label: "日结记录", children: <ResourceDialogTable key={communityId} resource="dailyClosings" communityId={communityId} /> },
        ]}
      />
    </Card>
  );
}
