// 边缘服务详情 (/system/edgedetail?id=, HBL03019): one edge service — its details (the edgeServices
// fields, labels from the schema), what it reported (heartbeat, devices, channels, bound
// communities), its bound communities and its devices by page — from the {device}/edgeService calls.
// Without ?id= the edge service is picked from the tenant's list.
import { useQuery } from "@tanstack/react-query";
import { Badge, Card, Col, Descriptions, Empty, Row, Select, Space, Spin, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { FieldValue } from "../../generic/display.tsx";
import { detailFields, fieldLabel } from "../../generic/fields.ts";
import edgeDef from "../../../../generated/resource-defs/edgeServices.ts";
import { queries } from "../../http/query-client.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";

const when = (v: string | null | undefined) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm:ss") : "-");

export default function EdgeDetailPage() {
  const pageTitle = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const idText = params.get("id") ?? params.get("edgeId");
  const edgeId = idText ? Number(idText) : null;
  const [page, setPage] = useState(1);
  const edges = useQuery(queries.getEdgeServiceList.queryOptions({ query: { pageNo: 1, pageSize: 100 } }));
  // The edge service's own reads wait until one is chosen.
  const chosen = { query: { edgeId: edgeId ?? 0 } };
  const detail = useQuery({ ...queries.getEdgeServiceDetails.queryOptions(chosen), enabled: !!edgeId });
  const status = useQuery({ ...queries.getEgdeModuleReportStatus.queryOptions(chosen), enabled: !!edgeId });
  const communities = useQuery({ ...queries.getEdgeBindCommunityList.queryOptions(chosen), enabled: !!edgeId });
  const devices = useQuery({ ...queries.getEdgeDeviceList.queryOptions({ query: { edgeId: edgeId ?? 0, pageNo: page, pageSize: 10 } }), enabled: !!edgeId });

  const picker = (
    <Select
      aria-label="选择边缘服务"
      style={{ width: 240 }}
      placeholder="选择边缘服务"
      loading={edges.isFetching}
      value={edgeId ? Number(edgeId) : undefined}
      options={(edges.data?.list ?? []).map((e) => ({ value: e.id, label: e.name }))}
      onChange={(v) => {
        setPage(1);
        setParams({ id: String(v) });
      }}
    />
  );

  return (
    <Card title={pageTitle} variant="borderless" extra={picker}>
      {!edgeId ? (
        <Empty description="请选择边缘服务" />
      ) : (
        <Spin spinning={detail.isFetching}>
          {detail.data && (
            <Space direction="vertical" size="middle" style={{ width: "100%" }}>
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, md: 2, lg: 3 }}
                items={detailFields(edgeDef)
                  .filter((f) => f.name !== "communityIds")
                  .map((f) => ({ key: f.name, label: fieldLabel(f), children: <FieldValue field={f} value={(detail.data as Record<string, unknown>)[f.name]} row={detail.data} detail /> }))}
              />
              <Row gutter={[16, 16]}>
                <Col xs={24} md={12}>
                  <Card size="small" title="上报状态">
                    <Table
                      size="small"
                      rowKey="module"
                      pagination={false}
                      loading={status.isFetching}
                      dataSource={status.data ?? []}
                      columns={[
                        { title: "模块", dataIndex: "name" },
                        { title: "状态", dataIndex: "reported", render: (v: boolean) => <Badge status={v ? "success" : "default"} text={v ? "已上报" : "未上报"} /> },
                        { title: "数量", dataIndex: "count" },
                        { title: "上报时间", dataIndex: "reportTime", render: when },
                      ]}
                    />
                  </Card>
                </Col>
                <Col xs={24} md={12}>
                  <Card size="small" title="设备类型与绑定社区">
                    <Space wrap style={{ marginBottom: 8 }}>
                      {detail.data.devicesByCategory.map((d) => (
                        <Tag key={d.label}>
                          {d.label} {d.count}
                        </Tag>
                      ))}
                    </Space>
                    <div>
                      {(communities.data ?? []).length ? (
                        (communities.data ?? []).map((c) => (
                          <Tag color="blue" key={c.communityId}>
                            {c.communityName}
                          </Tag>
                        ))
                      ) : (
                        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未绑定社区" />
                      )}
                    </div>
                  </Card>
                </Col>
              </Row>
              <Card size="small" title="边缘设备">
                <Table
                  size="small"
                  rowKey="id"
                  loading={devices.isFetching}
                  dataSource={devices.data?.list ?? []}
                  pagination={{ current: page, pageSize: 10, total: devices.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
                  columns={[
                    { title: "设备名称", dataIndex: "name" },
                    { title: "序列号", dataIndex: "serialNo" },
                    { title: "设备类型", dataIndex: "categoryLabel" },
                    { title: "关联社区", dataIndex: "communityName", render: (v: string | null) => v ?? "-" },
                    { title: "通道数", dataIndex: "channelCount" },
                    { title: "在线", dataIndex: "online", render: (v: boolean) => <Badge status={v ? "success" : "default"} text={v ? "在线" : "离线"} /> },
                  ]}
                />
              </Card>
            </Space>
          )}
        </Spin>
      )}
    </Card>
  );
}
