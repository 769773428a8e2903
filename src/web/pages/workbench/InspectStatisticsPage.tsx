// 巡检统计 (/inspect/report/statistical, RETAIL_AUTH_04023): inspection completion over a period, from
// the daily plan reports (GET {property}/inspectPlanReports/actions/statistics): totals and
// completion rate, tasks done and abnormal per day, and each plan's figures. For the current
// community or all of them; 7, 30 or 90 days.
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Checkbox, Col, Progress, Row, Segmented, Space, Spin, Table } from "antd";
import { useState } from "react";
import { queries } from "../../http/query-client.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { withScene } from "../../state/scene.ts";
import { Figure } from "../../ui/charts/Figure.tsx";
import { DailyLines } from "../../ui/charts/XYChart.tsx";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { requestErrorText } from "../../http/request.ts";
import { messages } from "../../../../generated/errors.ts";

export default function InspectStatisticsPage() {
  const pageTitle = useRouteTitle();
  const community = useCurrentCommunity();
  const [days, setDays] = useState(30);
  const [all, setAll] = useState(false);
  const communityId = all ? undefined : (community?.communityId ?? undefined);
  const { data, isFetching: loading, error } = useQuery(queries.getInspectStatistics.queryOptions({ query: { days, communityId } }));
  return (
    <Card
      title={pageTitle}
      variant="borderless"
      extra={
        <Space>
          <Checkbox checked={all} onChange={(e) => setAll(e.target.checked)}>
            {withScene("全部{scene}")}
          </Checkbox>
          <Segmented
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={[
              { value: 7, label: "近7天" },
              { value: 30, label: "近30天" },
              { value: 90, label: "近90天" },
            ]}
          />
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={requestErrorText(error, messages.cardLoadFailed)} /> : null}
      <Spin spinning={loading}>
        {data && (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Figure label="应检任务" value={data.totals.total} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="已检任务" value={data.totals.done} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="异常任务" value={data.totals.abnormal} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="完成率" value={<Progress aria-label="完成率" percent={data.totals.completionRate} size="small" style={{ width: 160 }} />} />
            </Col>
            <Col xs={24}>
              <Card size="small" title="每日巡检">
                <DailyLines
                  title="每日巡检"
                  labels={data.days.map((d) => d.date)}
                  series={[
                    { name: "应检", values: data.days.map((d) => d.total) },
                    { name: "已检", values: data.days.map((d) => d.done) },
                    { name: "异常", values: data.days.map((d) => d.abnormal) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24}>
              <Table
                size="small"
                rowKey="planId"
                title={() => "各计划统计"}
                dataSource={data.plans}
                pagination={false}
                columns={[
                  { title: "巡检计划", dataIndex: "planName", render: (v: string | null, r) => v ?? String(r.planId) },
                  { title: "应检", dataIndex: "total" },
                  { title: "已检", dataIndex: "done" },
                  { title: "完成率", render: (_: unknown, r) => `${r.total ? Math.round((r.done * 1000) / r.total) / 10 : 0}%` },
                  { title: "异常", dataIndex: "abnormal" },
                  { title: "平均得分", dataIndex: "averageScore", render: (v: string | null) => v ?? "-" },
                ]}
              />
            </Col>
          </Row>
        )}
      </Spin>
    </Card>
  );
}
