// 欠费管理 /propertyPayment/arrears: the rooms of the current community whose approved bills are past
// due and not settled — amount owed with late fees as of today, number of bills, the oldest unpaid
// period and the ageing bucket, with the room's full name and its owner — filtered by building, room,
// item and bucket, exported to Excel. Above the table, the ageing summary of the filters (households
// and amount per bucket, and in all): a click on a bucket filters by it (again: all buckets). Each row
// shows its latest 催缴记录 and opens the room's records (催缴记录, for a user who may open them).
import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Col, Form, Input, Row, Select, Statistic, Tag } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { mayOpenRoute } from "../../../lib/route-access.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { houseQueries } from "../api.ts";
import type { ArrearsRow } from "../types.ts";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { PaymentItemField } from "../shared/queryFields.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { queries } from "../../../http/query-client.ts";
import { http } from "../../../http/request.ts";
import { operationRoutes } from "../../../../../generated/api-client.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { mappingLabel } from "../../../../common/mappings.ts";
import { mayViewPlainText } from "../../../generic/PlainTextValue.tsx";
import { RevealValue } from "../../../generic/RevealValue.tsx";

// The audited read of a row's full owner phone (查看明文).
const revealPhone = queries.revealArrearsOwnerPhone.mutationOptions({ silent: true }).mutationFn;

const CASHIER = "/propertyPayment/cashier";
const RECORDS = "/propertyPayment/dunningRecords";

const BUCKETS = [
  { value: 1, label: "30天以内", color: "gold" },
  { value: 2, label: "31-90天", color: "orange" },
  { value: 3, label: "91-180天", color: "volcano" },
  { value: 4, label: "180天以上", color: "red" },
];

interface Filters {
  buildingId?: number;
  roomNo?: string;
  paymentItemId?: number;
  bucket?: number;
}

export default function ArrearsPage() {
  const title = useRouteTitle();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ? Number(community.communityId) : null;
  const [filters, setFilters] = useState<Filters>({});
  const [form] = Form.useForm<Filters>();
  const { page, firstPage, table } = usePaging(20);
  const list = useQuery({ ...queries.queryArrears.queryOptions({ body: { communityId: communityId ?? 0, ...filters, ...page } }), enabled: !!communityId });
  const buildings = useQuery({ ...houseQueries.buildings(communityId ?? 0), enabled: !!communityId });
  const navigate = useNavigate();
  const plainText = mayViewPlainText();
  const toCashier = mayOpenRoute(CASHIER);
  const toRecords = mayOpenRoute(RECORDS);
  // A bucket's card filters by it (the form shows it too); the chosen one's card again clears it.
  const pickBucket = (bucket: number) => {
    const next = filters.bucket === bucket ? undefined : bucket;
    form.setFieldValue("bucket", next);
    setFilters({ ...filters, bucket: next });
    firstPage();
  };
  const summary = list.data?.summary;
  if (!communityId) return <NeedCommunity title={title} />;

  // The file comes through the request wrapper (the session's signature header goes along).
  const exportFile = () => void http.download(operationRoutes.exportArrears.path, { communityId, ...filters }).catch(() => undefined);
  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Button icon={<DownloadOutlined />} onClick={exportFile}>
          导出Excel
        </Button>
      }
    >
      <QueryBar<Filters>
        form={form}
        onSearch={(v) => {
          setFilters(v);
          firstPage();
        }}
      >
        <Form.Item name="buildingId" label="楼栋">
          <Select allowClear style={{ width: 140 }} options={(buildings.data ?? []).map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>
        <Form.Item name="roomNo" label="房屋">
          <Input allowClear style={{ width: 160 }} maxLength={32} placeholder="楼栋、单元或房号" />
        </Form.Item>
        <PaymentItemField communityId={communityId} />
        <Form.Item name="bucket" label="账龄">
          <Select allowClear style={{ width: 140 }} options={BUCKETS.map(({ value, label }) => ({ value, label }))} />
        </Form.Item>
      </QueryBar>
      <div style={{ marginBottom: 8, color: "rgba(0,0,0,0.65)" }}>账龄汇总（欠费金额：元；点击账龄可按其筛选）</div>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }} aria-label="账龄汇总">
        {BUCKETS.map((b) => {
          const s = summary?.buckets.find((x) => x.bucket === b.value);
          const chosen = filters.bucket === b.value;
          return (
            <Col key={b.value} xs={12} md={8} xl={4}>
              <Card
                size="small"
                hoverable
                role="button"
                tabIndex={0}
                aria-pressed={chosen}
                data-bucket={b.value}
                onClick={() => pickBucket(b.value)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    pickBucket(b.value);
                  }
                }}
                style={chosen ? { borderColor: "#1677ff", boxShadow: "0 0 0 1px #1677ff" } : undefined}
              >
                <Statistic title={<Tag color={b.color}>{b.label}</Tag>} value={s?.amountOwed ?? "0.00"} valueStyle={{ fontSize: 18 }} />
                <div>{s?.households ?? 0}户</div>
              </Card>
            </Col>
          );
        })}
        <Col xs={12} md={8} xl={4}>
          <Card size="small" data-bucket="total">
            <Statistic title="欠费合计" value={summary?.amountOwed ?? "0.00"} valueStyle={{ fontSize: 18 }} />
            <div>{summary?.households ?? 0}户</div>
          </Card>
        </Col>
      </Row>
      <Statistic title="欠费总额(元)" value={list.data?.totalOwed ?? "0.00"} style={{ marginBottom: 16 }} />
      <DataTable<ArrearsRow>
        label={title}
        {...table({ data: list.data, loading: list.isFetching }, { unit: "户" })}
        rowKey="roomId"
        columns={[
          {
            title: "房屋",
            dataIndex: "roomName",
            // The room's unpaid bills, at the cashier (for a user who may open it).
            render: (name: string, r: ArrearsRow) =>
              toCashier ? (
                <Button type="link" size="small" onClick={() => navigate(`${CASHIER}?roomId=${r.roomId}`)}>
                  {name}
                </Button>
              ) : (
                name
              ),
          },
          { title: "业主", dataIndex: "ownerName", render: (v: string | null) => v ?? "-" },
          {
            title: "联系电话",
            dataIndex: "ownerPhone",
            render: (v: string | null, r: ArrearsRow) =>
              v && plainText ? (
                <RevealValue label="手机号" compact reveal={async () => (await revealPhone({ params: { roomId: r.roomId } })).ownerPhone}>
                  {v}
                </RevealValue>
              ) : (
                (v ?? "-")
              ),
          },
          { title: "欠费金额(元)", dataIndex: "amountOwed", align: "right" },
          { title: "欠费账单数", dataIndex: "billCount", align: "right" },
          { title: "最早欠费账期", dataIndex: "oldestPeriod" },
          { title: "逾期天数", dataIndex: "daysPastDue", align: "right" },
          { title: "账龄", dataIndex: "bucket", render: (b: number) => <Tag color={BUCKETS[b - 1]?.color}>{BUCKETS[b - 1]?.label}</Tag> },
          {
            title: "最近催缴",
            dataIndex: "lastDunnedAt",
            // Plain text (the row's only tag is its bucket's).
            render: (v: string | null | undefined, r: ArrearsRow) => (v ? `${v} ${mappingLabel("dunningResult", r.lastDunningResult)}` : "-"),
          },
          ...(toRecords
            ? [
                {
                  title: "操作",
                  key: "actions",
                  render: (_v: unknown, r: ArrearsRow) => (
                    <Button type="link" size="small" onClick={() => navigate(`${RECORDS}?roomId=${r.roomId}`)}>
                      催缴记录
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
