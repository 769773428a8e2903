// 抄表录入 /propertyPayment/meterReadingGrid: a building's meters of one type for a period, each row
// with its previous reading filled in; the reader types the current readings and saves them all at
// once. Use, anomalies (用量为负, 用量突增) and the meters still without a reading show inline; the
// readings without an anomaly are approved together (an anomaly is reviewed on 抄表读数, with a note).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo, useState } from "react";
import { mappingColor, mappingLabel } from "../../../../common/mappings.ts";
import { queries } from "../../../http/query-client.ts";
import { chinaToday } from "../../../lib/china-today.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { DatePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { NeedCommunity } from "../shared/NeedCommunity.tsx";
import { RowActions } from "../../../generic/RowActions.tsx";
import { useResourceDef } from "../../../providers/resourceDefs.ts";
import { houseQueries } from "../api.ts";
import { useResourceListOptions } from "../shared/resource-lists.ts";
import { MeterAnomaly, MeterReadingStatus } from "../../../../../generated/states.ts";
import type { MeterReadingGridData } from "../../../../../generated/operation-types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";

type Row = MeterReadingGridData["rows"][number];
const READING = /^\d{1,10}(\.\d{1,2})?$/;

const tagOf = (mapping: string, code: number | null) => {
  if (code === null) return null;
  return <Tag color={mappingColor(mapping, code)}>{mappingLabel(mapping, code)}</Tag>;
};

export default function MeterReadingGridPage() {
  const community = useCurrentCommunity();
  const title = useRouteTitle();
  if (!community?.communityId) return <NeedCommunity title={title} />;
  return <Grid key={community.communityId} communityId={Number(community.communityId)} title={title} />;
}

function Grid({ communityId, title }: { communityId: number; title: string }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const listOptions = useResourceListOptions();
  const readingDef = useResourceDef("meterReadings")!;
  const [buildingId, setBuildingId] = useState<number>();
  const [meterTypeId, setMeterTypeId] = useState<number>();
  const [period, setPeriod] = useState<Dayjs>(chinaToday().startOf("month"));
  const [typed, setTyped] = useState<Record<number, string>>({});
  const buildings = useQuery(houseQueries.buildings(communityId)).data ?? [];
  const types = useQuery(listOptions<{ id: number; name: string; unit: string }>("meterTypes", {}, 100)).data?.list ?? [];
  const input = { communityId, buildingId: buildingId ?? 0, meterTypeId: meterTypeId ?? 0, period: period.format("YYYY-MM") };
  const ready = !!buildingId && !!meterTypeId;
  const grid = useQuery({ ...queries.meterReadingGrid.queryOptions({ query: input }), enabled: ready });
  const rows = grid.data?.rows ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: queries.meterReadingGrid.key });
  const save = useMutation({
    ...queries.saveMeterReadings.mutationOptions(),
    onSuccess: (r) => {
      setTyped({});
      void message.success(r.anomalies ? fillTexts.meterGrid.savedWithAnomalies({ saved: r.saved, anomalies: r.anomalies }) : fillTexts.meterGrid.saved({ saved: r.saved }));
      void refresh();
    },
  });
  const approve = useMutation({
    ...queries.approveMeterReadings.mutationOptions(),
    onSuccess: (r) => {
      void message.success(r.skipped ? fillTexts.meterGrid.approvedSkipped({ approved: r.approved, skipped: r.skipped }) : fillTexts.meterGrid.approved({ approved: r.approved }));
      void refresh();
    },
  });
  const entries = Object.entries(typed).filter(([, v]) => v.trim() !== "");
  const invalid = entries.some(([, v]) => !READING.test(v.trim()));
  const pending = rows.filter((r) => r.readingId !== null && r.status === MeterReadingStatus.Pending).map((r) => r.readingId!);
  const unit = types.find((t) => t.id === meterTypeId)?.unit ?? "";
  const columns = useMemo(
    () => [
      { title: "表号", dataIndex: "meterNo", key: "meterNo" },
      { title: "房屋", dataIndex: "roomName", key: "roomName", render: (v: string | null, r: Row) => v ?? mappingLabel("meterScope", r.scopeKind) },
      { title: "上期读数", dataIndex: "previousReading", key: "previousReading" },
      {
        title: "本期读数",
        key: "current",
        render: (_: unknown, r: Row) =>
          r.status === MeterReadingStatus.Billed ? (
            r.currentReading
          ) : (
            <Input
              aria-label={fillTexts.meterGrid.readingLabel({ meterNo: r.meterNo })}
              style={{ width: 130 }}
              value={typed[r.meterId] ?? r.currentReading ?? ""}
              status={typed[r.meterId] && !READING.test(typed[r.meterId].trim()) ? "error" : undefined}
              onChange={(e) => setTyped((t) => ({ ...t, [r.meterId]: e.target.value }))}
            />
          ),
      },
      { title: unit ? fillTexts.meterGrid.usageWithUnit({ unit }) : texts.meterGrid.usage, dataIndex: "usage", key: "usage", render: (v: string | null) => v ?? "-" },
      {
        title: "异常",
        dataIndex: "anomaly",
        key: "anomaly",
        render: (v: number | null, r: Row) => (r.readingId === null ? <Tag color="warning">未抄表</Tag> : v === MeterAnomaly.None ? null : tagOf("meterAnomaly", v)),
      },
      { title: "审核状态", dataIndex: "status", key: "status", render: (v: number | null) => tagOf("meterReadingStatus", v) },
      // 审核通过 (an anomaly asks for its review note) and 撤销审核, as on 抄表读数.
      {
        title: "操作",
        key: "actions",
        render: (_: unknown, r: Row) => (r.readingId === null ? null : <RowActions def={readingDef} row={{ id: r.readingId, status: r.status, anomaly: r.anomaly }} onDone={() => void refresh()} />),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh only invalidates a fixed key
    [typed, unit, readingDef],
  );
  return (
    <Card title={title} variant="borderless">
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="楼栋">
          <Select aria-label="楼栋" style={{ width: 160 }} placeholder="请选择楼栋" value={buildingId} onChange={setBuildingId} options={buildings.map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>
        <Form.Item label="表类型">
          <Select aria-label="表类型" style={{ width: 140 }} placeholder="请选择表类型" value={meterTypeId} onChange={setMeterTypeId} options={types.map((t) => ({ value: t.id, label: t.name }))} />
        </Form.Item>
        <Form.Item label="账期" htmlFor="meter-grid-period">
          <DatePickerOnUse id="meter-grid-period" picker="month" allowClear={false} value={period} onChange={(d: Dayjs | null) => d && setPeriod(d)} />
        </Form.Item>
      </Form>
      {!ready ? (
        <Empty description="请选择楼栋和表类型" />
      ) : (
        <>
          {!!grid.data?.missing && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={fillTexts.meterGrid.missing({ missing: grid.data.missing })} />}
          <Table<Row>
            rowKey="meterId"
            size="small"
            loading={grid.isFetching}
            dataSource={rows}
            columns={columns}
            pagination={false}
            scroll={{ x: "max-content" }}
            locale={{ emptyText: <Empty description="该楼栋没有此类仪表" /> }}
          />
          <Space style={{ marginTop: 16 }} wrap>
            <Button
              type="primary"
              disabled={!entries.length || invalid}
              loading={save.isPending}
              onClick={() => save.mutate({ body: { communityId, period: input.period, readings: entries.map(([meterId, v]) => ({ meterId: Number(meterId), currentReading: v.trim() })) } })}
            >
              保存读数
            </Button>
            <Popconfirm
              title={fillTexts.meterGrid.approveConfirm({ count: pending.length })}
              onConfirm={() => approve.mutate({ body: { ids: pending } })}
              okText="确定"
              cancelText="取消"
              disabled={!pending.length}
            >
              <Button disabled={!pending.length} loading={approve.isPending}>
                批量审核
              </Button>
            </Popconfirm>
            {invalid && <span role="alert">本期读数应为非负数，最多两位小数</span>}
          </Space>
        </>
      )}
    </Card>
  );
}
