// The first tab of 缴费报表 (社区汇总): per community and month — the period's bills: due, collected,
// refunded, waived, arrears, collection rate ((collected − refunded) / due) and household collection
// rate (settled rooms / billed rooms); then the month's 实收 as 收费月报 and the workbench count it,
// with the top-ups and deposits beside it — with a chart and an Excel export of the same figures.
import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Radio, Space, Statistic, Table } from "antd";
import type { Dayjs } from "dayjs";
import { chinaToday } from "../../../lib/china-today.ts";
import { useState } from "react";
import { useCurrentCommunity } from "../../../state/community.ts";
import type { ReportRow } from "../types.ts";
import { ReportChart } from "./ReportChart.tsx";
import { RangePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { queries } from "../../../http/query-client.ts";
import { http } from "../../../http/request.ts";
import { operationRoutes } from "../../../../../generated/api-client.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";

export function CommunityMonthReport() {
  const community = useCurrentCommunity();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaToday().subtract(5, "month").startOf("month"), chinaToday().startOf("month")]);
  const [scope, setScope] = useState<"current" | "all">(community?.communityId ? "current" : "all");
  const communityIds = scope === "current" && community?.communityId ? [Number(community.communityId)] : undefined;
  const query = { startMonth: range[0].format("YYYY-MM"), endMonth: range[1].format("YYYY-MM"), communityIds };
  const report = useQuery(queries.getPaymentReport.queryOptions({ body: query }));
  // The file comes through the request wrapper (the session's signature header goes along).
  const exportFile = () =>
    void http.download(operationRoutes.exportPaymentReport.path, { startMonth: query.startMonth, endMonth: query.endMonth, communityIds: communityIds?.join(",") }).catch(() => undefined);
  const t = report.data?.totals;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <RangePickerOnUse picker="month" value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Radio.Group
          value={scope}
          onChange={(e) => setScope(e.target.value === "all" ? "all" : "current")}
          optionType="button"
          options={[
            { value: "current", label: community?.communityName ? fillTexts.payReport.currentCommunity({ name: community.communityName }) : "当前社区", disabled: !community?.communityId },
            { value: "all", label: "全部社区" },
          ]}
        />
        <Button icon={<DownloadOutlined />} onClick={exportFile}>
          导出Excel
        </Button>
      </Space>
      {t && (
        <Space size={40} wrap style={{ marginBottom: 16 }}>
          <Statistic title="应收金额(元)" value={t.amountDue} />
          <Statistic title={texts.paymentReport.collected} value={t.collected} />
          <Statistic title={texts.paymentReport.refunded} value={t.refunded} />
          <Statistic title="欠费金额(元)" value={t.arrears} />
          <Statistic title="收缴率" value={t.collectionRate} suffix={t.collectionRate === "-" ? "" : "%"} />
          <Statistic title="户收缴率" value={t.householdRate} suffix={t.householdRate === "-" ? "" : "%"} />
          {/* The range's 实收 and what was taken beside it: the sums of the months' columns. */}
          <Statistic title={texts.paymentReports.net} value={t.income} />
          <Statistic title={texts.paymentReports.topUps} value={t.recharged} />
          <Statistic title={texts.paymentReports.depositsTaken} value={t.deposits} />
        </Space>
      )}
      <ReportChart rows={report.data?.list ?? []} startMonth={query.startMonth} endMonth={query.endMonth} />
      <Table<ReportRow>
        style={{ marginTop: 16 }}
        rowKey={(r) => `${r.communityId}:${r.period}`}
        size="middle"
        loading={report.isFetching}
        dataSource={report.data?.list ?? []}
        scroll={{ x: "max-content" }}
        pagination={{ pageSize: 24 }}
        columns={[
          { title: "社区", dataIndex: "communityName" },
          { title: "账期", dataIndex: "period" },
          { title: "应收(元)", dataIndex: "amountDue", align: "right" },
          { title: texts.paymentReport.collected, dataIndex: "collected", align: "right" },
          { title: texts.paymentReport.refunded, dataIndex: "refunded", align: "right" },
          { title: "减免(元)", dataIndex: "waived", align: "right" },
          { title: "欠费(元)", dataIndex: "arrears", align: "right" },
          { title: "收缴率(%)", dataIndex: "collectionRate", align: "right" },
          { title: "计费户数", dataIndex: "households", align: "right" },
          { title: "缴清户数", dataIndex: "paidHouseholds", align: "right" },
          { title: "户收缴率(%)", dataIndex: "householdRate", align: "right" },
          { title: texts.paymentReport.income, dataIndex: "income", align: "right" },
          { title: texts.paymentReport.recharged, dataIndex: "recharged", align: "right" },
          { title: texts.paymentReport.deposits, dataIndex: "deposits", align: "right" },
        ]}
      />
    </>
  );
}
