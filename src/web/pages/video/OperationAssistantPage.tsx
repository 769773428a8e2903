// 运营助手 (/Wisdomiot/OperationAssistant, HBL05): what needs attention in the current community,
// from GET {device}/operationAssistant/actions/summary — a to-do list (unhandled alarms, faulty
// elevators, offline devices, AI inspection records and open repair orders, each linking to its
// screen), device online rate, unhandled alarms by type and the offline devices.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, List, Progress, Row, Spin, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useNavigate } from "react-router";
import { queries } from "../../http/query-client.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { withScene } from "../../state/scene.ts";
import { BarList } from "../../ui/charts/BarList.tsx";
import { Figure } from "../../ui/charts/Figure.tsx";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { requestErrorText } from "../../http/request.ts";
import { messages } from "../../../../generated/errors.ts";

const LEVEL = { error: "error", warning: "warning", info: "processing" } as const;

export default function OperationAssistantPage() {
  const pageTitle = useRouteTitle();
  const navigate = useNavigate();
  const community = useCurrentCommunity();
  const id = community?.communityId;
  const { data, isFetching: loading, error } = useQuery({ ...queries.getOperationAssistantSummary.queryOptions({ query: { communityId: Number(id) } }), enabled: !!id });
  const online = data && data.devices.total ? Math.round((data.devices.online * 100) / data.devices.total) : 0;
  return (
    <Card title={pageTitle} variant="borderless">
      {!id && <Alert type="info" showIcon message={withScene("请先在顶部选择{scene}")} />}
      {error ? <Alert type="error" showIcon message={requestErrorText(error, messages.cardLoadFailed)} /> : null}
      <Spin spinning={loading}>
        {data && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              <Card size="small" title="待办事项">
                <List
                  dataSource={data.suggestions}
                  renderItem={(s) => (
                    <List.Item onClick={() => s.path && navigate(s.path)} style={{ cursor: s.path ? "pointer" : undefined }}>
                      <Tag color={LEVEL[s.level]}>{s.level === "error" ? "紧急" : s.level === "warning" ? "注意" : "提示"}</Tag>
                      {s.text}
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={14}>
              <Row gutter={[16, 16]}>
                <Col xs={12} md={6}>
                  <Figure label="设备总数" value={data.devices.total} />
                </Col>
                <Col xs={12} md={6}>
                  <Figure label="未处理告警" value={data.alarms.unhandled} />
                </Col>
                <Col xs={12} md={6}>
                  <Figure label="待处理AI巡检" value={data.aiRecords.unhandled} />
                </Col>
                <Col xs={12} md={6}>
                  <Figure label="未完成报修" value={data.repairs.pending} />
                </Col>
                <Col xs={24} md={8}>
                  <Card size="small" title="设备在线率">
                    <Progress aria-label="设备在线率" type="dashboard" percent={online} />
                  </Card>
                </Col>
                <Col xs={24} md={16}>
                  <Card size="small" title="未处理告警类型">
                    <BarList title="未处理告警类型" color="#f5222d" data={data.alarms.byType.map((a) => ({ label: a.label, value: a.count }))} />
                  </Card>
                </Col>
              </Row>
            </Col>
            <Col xs={24}>
              <Card size="small" title={fillTexts.webPages.offlineDevices({ count: data.devices.offline })}>
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={data.devices.offlineList}
                  columns={[
                    { title: "设备名称", dataIndex: "name" },
                    { title: "设备类型", dataIndex: "categoryLabel" },
                    { title: "序列号", dataIndex: "serialNo" },
                    { title: "安装位置", dataIndex: "location", render: (v: string | null) => v ?? "-" },
                    { title: "最后在线", dataIndex: "lastOnlineTime", render: (v: string | null) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm") : "-") },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        )}
      </Spin>
    </Card>
  );
}
