// 项目看板 (/projectBoard, HBL23003; spec §2: optional communityId query): one community at a glance,
// from GET {management}/board/actions/project — totals, rooms by status, residents by identity,
// open-door events by method and per day, alarms, repair orders and parking in/out. The community
// comes from ?communityId= (else the tenant's first) and can be switched in the title bar.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Col, Empty, Row, Spin } from "antd";
import { useSearchParams } from "react-router";
import { queries } from "../../../http/query-client.ts";
import { CommunitySelect } from "../../../ui/CommunitySelect.tsx";
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

export default function ProjectBoardPage() {
  const pageTitle = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const communityId = params.get("communityId");
  const { data, isFetching: loading, error } = useQuery(queries.getProjectBoard.queryOptions({ query: communityId ? { communityId } : {} }));
  const select = <CommunitySelect value={data?.communityId ?? (communityId ? Number(communityId) : null)} onChange={(id) => setParams({ communityId: String(id) })} />;
  return (
    <OutsideLayout title={`${pageTitle}${data ? ` · ${data.communityName}` : ""}`} extra={select}>
      <Spin spinning={loading}>
        {error ? <Alert type="error" showIcon message={requestErrorText(error, messages.cardLoadFailed)} /> : null}
        {!loading && !error && data === null && <Empty description="暂无社区" />}
        {data && (
          <Row gutter={[16, 16]} data-testid="board">
            <Col xs={24}>
              <BoardCard title={data.address ? fillTexts.webPages.overview({ address: data.address }) : "总览"} height={80}>
                <Row gutter={16}>
                  <Col xs={12} md={4}>
                    <Figure label="楼栋" value={data.totals.buildings} />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="单元" value={data.totals.units} />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="房屋" value={data.totals.rooms} />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="入住率" value={percent(data.totals.occupiedRooms, data.totals.rooms)} />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="住户" value={data.totals.inhabitants} />
                  </Col>
                  <Col xs={12} md={4}>
                    <Figure label="设备在线" value={`${data.totals.devicesOnline}/${data.totals.devices}`} />
                  </Col>
                </Row>
              </BoardCard>
            </Col>
            <Col xs={24} md={8}>
              <BoardCard title="房屋状态">
                <Donut title="房屋状态" data={asData(data.roomsByStatus)} />
              </BoardCard>
            </Col>
            <Col xs={24} md={8}>
              <BoardCard title="住户身份">
                <Donut title="住户身份" data={asData(data.residentsByIdentity)} />
              </BoardCard>
            </Col>
            <Col xs={24} md={8}>
              <BoardCard title="开门方式">
                <BarList title="开门方式" data={asData(data.openDoorByMethod)} />
              </BoardCard>
            </Col>
            <TrafficCards data={data} />
            <Col xs={24} md={12}>
              <BoardCard title="告警处理状态">
                <BarList title="告警处理状态" color="#f5222d" data={asData(data.alarms)} />
              </BoardCard>
            </Col>
            <Col xs={24} md={12}>
              <BoardCard title="报修工单状态">
                <BarList title="报修工单状态" color="#faad14" data={asData(data.repairs)} />
              </BoardCard>
            </Col>
          </Row>
        )}
      </Spin>
    </OutsideLayout>
  );
}
