// 智能巡检 (/AI-inspect/intelligent, HBL17001): the page the menu opens in a new window — the AI
// inspection of the current community at a glance (GET {device}/aiInspection/actions/overview):
// configured cameras, tasks, today's detections, records to handle, detections by algorithm and
// result, and the latest records.
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, Image, Row, Spin, Table, Tag } from "antd";
import dayjs from "dayjs";
import { queries } from "../../http/query-client.ts";
import { useCurrentCommunity } from "../../state/community.ts";
import { withScene } from "../../state/scene.ts";
import { BarList } from "../../ui/charts/BarList.tsx";
import { Donut } from "../../ui/charts/Donut.tsx";
import { Figure } from "../../ui/charts/Figure.tsx";
import { asData } from "../../ui/charts/parts.tsx";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { AiInspectionResult } from "../../../../generated/states.ts";

export default function AiInspectIntelligentPage() {
  const pageTitle = useRouteTitle();
  const community = useCurrentCommunity();
  const id = community?.communityId;
  const { data, isFetching: loading } = useQuery({ ...queries.getAiInspectionOverview.queryOptions({ query: { communityId: Number(id) } }), enabled: !!id });
  return (
    <Card title={pageTitle} variant="borderless">
      {!id && <Alert type="info" showIcon message={withScene("请先选择{scene}")} />}
      <Spin spinning={loading}>
        {data && (
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Figure label="巡检配置（启用）" value={`${data.configs.enabled}/${data.configs.total}`} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="巡检任务" value={data.tasks} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="今日识别" value={data.records.today} />
            </Col>
            <Col xs={12} md={6}>
              <Figure label="待处理记录" value={data.records.unhandled} />
            </Col>
            <Col xs={24} md={12}>
              <Card size="small" title="检测算法">
                <BarList title="检测算法" data={asData(data.records.byAlgorithm)} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card size="small" title="巡检结果">
                <Donut title="巡检结果" data={asData(data.records.byResult)} />
              </Card>
            </Col>
            <Col xs={24}>
              <Table
                size="small"
                rowKey="id"
                title={() => "最新巡检记录"}
                pagination={false}
                dataSource={data.latest}
                columns={[
                  { title: "抓拍图片", dataIndex: "image", render: (v: string | null) => (v ? <Image src={v} width={48} alt="抓拍图片" /> : "-") },
                  { title: "视频通道", dataIndex: "channelName" },
                  { title: "检测算法", dataIndex: "algorithmLabel" },
                  { title: "抓拍时间", dataIndex: "captureTime", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm:ss") },
                  { title: "结果", dataIndex: "resultLabel", render: (v: string, r) => <Tag color={r.result === AiInspectionResult.Abnormal ? "error" : "success"}>{v}</Tag> },
                  { title: "处理状态", dataIndex: "handleStatusLabel" },
                ]}
              />
            </Col>
          </Row>
        )}
      </Spin>
    </Card>
  );
}
