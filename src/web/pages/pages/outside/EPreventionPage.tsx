// 疫情防控 (/Eprevention?communityId=, HBL01005, outside the frame): the community's prevention
// board — residents and new arrivals of the last 14 days, residents by identity, key persons to
// look after by category, visitors and open-door events per day of the last week
// (GET {system}/inhabitants/actions/preventionStatistics).
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Empty, Row, Spin } from "antd";
import { useSearchParams } from "react-router";
import { queries } from "../../../http/query-client.ts";
import { getCurrentCommunityId } from "../../../state/community.ts";
import { withScene } from "../../../state/scene.ts";
import { BarList } from "../../../ui/charts/BarList.tsx";
import { Donut } from "../../../ui/charts/Donut.tsx";
import { Figure } from "../../../ui/charts/Figure.tsx";
import { asData } from "../../../ui/charts/parts.tsx";
import { DailyLines } from "../../../ui/charts/XYChart.tsx";
import { CommunitySelect } from "../../../ui/CommunitySelect.tsx";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function EPreventionPage() {
  const pageTitle = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const communityId = params.get("communityId") ?? (getCurrentCommunityId() ? String(getCurrentCommunityId()) : null);
  const { data, isFetching: loading } = useQuery(queries.getPreventionStatistics.queryOptions({ query: communityId ? { communityId: Number(communityId) } : {} }));
  return (
    <OutsideLayout
      title={`${pageTitle}${data ? ` · ${data.communityName}` : ""}`}
      extra={<CommunitySelect value={data?.communityId ?? null} onChange={(id) => setParams({ communityId: String(id) })} />}
    >
      <Spin spinning={loading}>
        {!loading && data === null && <Empty description={withScene("暂无{scene}")} />}
        {data && (
          <Row gutter={[16, 16]} data-testid="board">
            <Col xs={12} md={6}>
              <Card>
                <Figure label="住户总数" value={data.inhabitants} suffix="人" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Figure label="近14天新入住" value={data.newResidents} suffix="人" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Figure label="重点人员" value={data.keyPersons.total} suffix="人" />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Figure label="重点关注中" value={data.keyPersons.watching} suffix="人" />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title="住户身份">
                <Donut title="住户身份" data={asData(data.residentsByIdentity)} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title="重点人员类别">
                <BarList title="重点人员类别" color="#fa8c16" data={asData(data.keyPersons.byCategory)} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title="近7天访客">
                <DailyLines title="近7天访客" labels={data.visitorDays.map((d) => d.date)} series={[{ name: "访客", values: data.visitorDays.map((d) => d.count) }]} />
              </Card>
            </Col>
            <Col xs={24} md={12}>
              <Card title="近7天开门">
                <DailyLines title="近7天开门" labels={data.openDoorDays.map((d) => d.date)} series={[{ name: "开门", values: data.openDoorDays.map((d) => d.count) }]} />
              </Card>
            </Col>
          </Row>
        )}
      </Spin>
    </OutsideLayout>
  );
}
