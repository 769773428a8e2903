// 全局看板 (/globalBoard, HBL23001; spec §6 cockpit): the whole tenant at a glance, from
// GET {management}/board/actions/global — totals, the communities with the most residents, alarms
// by handling status, repair orders by status, open-door events and parking in/out of the last 7 days.
import { useQuery } from "@tanstack/react-query";
import { Alert, Col, Row, Spin } from "antd";
import { queries } from "../../../http/query-client.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { BoardCard } from "./BoardCard.tsx";
import { percent } from "./board-types.ts";
import { BarList } from "../../../ui/charts/BarList.tsx";
import { Donut } from "../../../ui/charts/Donut.tsx";
import { Figure } from "../../../ui/charts/Figure.tsx";
import { asData } from "../../../ui/charts/parts.tsx";
import { TrafficCards } from "./TrafficCards.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { requestErrorText } from "../../../http/request.ts";
import { messages } from "../../../../../generated/errors.ts";

export default function GlobalBoardPage() {
  const pageTitle = useRouteTitle();
  const { data, isFetching: loading, error } = useQuery(queries.getGlobalBoard.queryOptions());
  return (
    <OutsideLayout title={pageTitle}>
      <Spin spinning={loading}>
        {error ? <Alert type="error" showIcon message={requestErrorText(error, messages.cardLoadFailed)} /> : null}
        {data && (
          <Row gutter={[16, 16]} data-testid="board">
            <Col xs={24}>
              <BoardCard title="总览" height={80}>
                <Row gutter={16}>
                  <Col xs={12} md={4}>
                    <Figure label="社区数" value={data.totals.communities} suffix="个" />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="楼栋数" value={data.totals.buildings} suffix="栋" />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="房屋数" value={data.totals.rooms} suffix="户" />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="住户数" value={data.totals.inhabitants} suffix="人" />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="设备数" value={data.totals.devices} suffix="台" />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="设备在线率" value={percent(data.totals.devicesOnline, data.totals.devices)} />
                  </Col>
                </Row>
              </BoardCard>
            </Col>
            <Col xs={24} lg={12}>
              <BoardCard title="住户最多的社区">
                <BarList title="住户最多的社区" data={data.communities.map((c) => ({ label: c.communityName, value: c.inhabitants }))} />
              </BoardCard>
            </Col>
            <Col xs={24} lg={6}>
              <BoardCard title="告警处理状态">
                <Donut title="告警处理状态" data={asData(data.alarms)} />
              </BoardCard>
            </Col>
            <Col xs={24} lg={6}>
              <BoardCard title="报修工单状态">
                <Donut title="报修工单状态" data={asData(data.repairs)} />
              </BoardCard>
            </Col>
            <TrafficCards data={data} />
          </Row>
        )}
      </Spin>
    </OutsideLayout>
  );
}
