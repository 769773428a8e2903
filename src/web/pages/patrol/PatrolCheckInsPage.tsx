// 巡更完成情况 (/patrolManage/patrolCheckIns, and /offPatrolManage/offPatrolCheckIns for the offline
// plans; the patrol history's code HBL20007): for the current community, the check-ins its plans
// expect over a date range (each point of a plan's route once per shift window, see
// schemas/modules/patrol.yaml), each 已巡 with the record that counted, 漏检 or 待巡, filtered by date
// range (at most 31 days), plan and status, with the totals above the list.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, Empty, Form, Row, Select, Statistic, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { QueryPatrolCheckInsData } from "../../../../generated/operation-types.ts";
import { PatrolCheckInStatus } from "../../../../generated/states.ts";
import { chinaDateTime, chinaDaysAgo } from "../../../common/china-time.ts";
import { mappingColor, mappingLabel, mappingOptions } from "../../../common/mappings.ts";
import { RangePickerOnUse } from "../../generic/kits/DatePickerOnUse.tsx";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { DataTable } from "../../generic/table/DataTable.tsx";
import { QueryBar } from "../../generic/table/QueryBar.tsx";
import { usePaging } from "../../generic/table/usePaging.ts";
import { queries } from "../../http/query-client.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { useCurrentCommunity } from "../../state/community.ts";

type CheckIn = QueryPatrolCheckInsData["list"][number];

interface Filters {
  range: [Dayjs, Dayjs];
  planId?: number;
  status?: number;
}

const STATUS = "patrolCheckInStatus";
const DANGER = "#cf1322";

const lastWeek = (): [Dayjs, Dayjs] => [dayjs(chinaDaysAgo(6)), dayjs(chinaDaysAgo(0))];

/** A mapping's label as a tag in its colour. */
const mappingTag = (mapping: string, value: number | null) => (value === null ? "-" : <Tag color={mappingColor(mapping, value)}>{mappingLabel(mapping, value)}</Tag>);

export default function PatrolCheckInsPage({ route }: PageProps) {
  const title = useRouteTitle();
  const offline = !!route?.offline;
  const patrolType = Number(route?.query?.patrolType ?? 1);
  const historyPath = offline ? "/offPatrolManage/offPatrolHistory" : "/patrolManage/patrolHistory";
  const navigate = useNavigate();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const [filters, setFilters] = useState<Filters>(() => ({ range: lastWeek() }));
  const { page, firstPage, table } = usePaging(20);
  const body = {
    communityId: communityId ?? 0,
    startDate: filters.range[0].format("YYYY-MM-DD"),
    endDate: filters.range[1].format("YYYY-MM-DD"),
    planId: filters.planId ?? null,
    status: (filters.status ?? null) as 1 | 2 | 3 | null,
    patrolType: patrolType as 1 | 3 | 4,
    ...page,
  };
  const list = useQuery({ ...queries.queryPatrolCheckIns.queryOptions({ body }), enabled: !!communityId });
  const extra = <Button onClick={() => navigate(historyPath)}>查看巡更记录</Button>;

  if (!communityId) {
    return (
      <Card title={title} variant="borderless" extra={extra}>
        <Empty description="请先在页面顶部选择社区" />
      </Card>
    );
  }
  const totals = list.data?.totals;
  const rate = totals && totals.expected ? Math.round((totals.done * 1000) / totals.expected) / 10 : 0;
  return (
    <Card title={title} variant="borderless" extra={extra}>
      <QueryBar<Filters>
        initialValues={{ range: filters.range }}
        onSearch={(v) => {
          setFilters({ range: v.range, planId: v.planId ?? undefined, status: v.status ?? undefined });
          firstPage();
        }}
      >
        <Form.Item name="range" label="日期" rules={[{ required: true, message: "请选择日期" }]}>
          <RangePickerOnUse allowClear={false} />
        </Form.Item>
        <Form.Item name="planId" label="巡更计划">
          <Select allowClear style={{ width: 180 }} options={(list.data?.plans ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item name="status" label="完成情况">
          <Select allowClear style={{ width: 120 }} options={mappingOptions(STATUS).map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
      </QueryBar>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={4}>
          <Statistic title="应巡" value={totals?.expected ?? 0} loading={list.isFetching} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="已巡" value={totals?.done ?? 0} loading={list.isFetching} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="漏检" value={totals?.missed ?? 0} loading={list.isFetching} valueStyle={totals?.missed ? { color: DANGER } : undefined} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="待巡" value={totals?.pending ?? 0} loading={list.isFetching} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title="完成率" value={rate} suffix="%" loading={list.isFetching} />
        </Col>
      </Row>
      <DataTable<CheckIn>
        label={title}
        {...table({ data: list.data, loading: list.isFetching }, { unit: "条" })}
        rowKey="key"
        columns={[
          { title: "日期", dataIndex: "date" },
          { title: "巡更计划", dataIndex: "planName" },
          {
            title: "班次",
            dataIndex: "arrangeName",
            render: (name: string, r: CheckIn) => (r.endTime <= r.startTime ? fillTexts.webPages.checkInShiftToNextDay : fillTexts.webPages.checkInShift)({ name, start: r.startTime, end: r.endTime }),
          },
          { title: "巡更人员", dataIndex: "username", render: (v: string | null) => v ?? "-" },
          { title: "顺序", dataIndex: "seq", align: "right" },
          { title: "巡更点", dataIndex: "pointName" },
          {
            title: "完成情况",
            dataIndex: "status",
            render: (status: number) => (status === PatrolCheckInStatus.Missed ? <Tag color="error">{mappingLabel(STATUS, status)}</Tag> : mappingTag(STATUS, status)),
          },
          { title: "打卡时间", dataIndex: "patrolTime", render: (v: string | null) => (v ? chinaDateTime(v) : "-") },
          { title: "打卡人员", dataIndex: "recordUsername", render: (v: string | null) => v ?? "-" },
          { title: "巡更结果", dataIndex: "result", render: (v: number | null) => mappingTag("patrolResult", v) },
        ]}
      />
    </Card>
  );
}
