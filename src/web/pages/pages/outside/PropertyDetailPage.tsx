// 物业详情 (/propertyDetail?communityId=, HBL01001, outside the frame): the property company and one
// community's profile — address, area, contact, coordinates — with its buildings, units, rooms and
// residents and the rooms by status (GET {system}/communities/actions/propertyDetail).
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Descriptions, Empty, Row, Spin } from "antd";
import { useSearchParams } from "react-router";
import { mask } from "../../../../common/masks.ts";
import { queries } from "../../../http/query-client.ts";
import { getCurrentCommunityId } from "../../../state/community.ts";
import { withScene } from "../../../state/scene.ts";
import { Donut } from "../../../ui/charts/Donut.tsx";
import { Figure } from "../../../ui/charts/Figure.tsx";
import { asData } from "../../../ui/charts/parts.tsx";
import { CommunitySelect } from "../../../ui/CommunitySelect.tsx";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function PropertyDetailPage() {
  const pageTitle = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const communityId = params.get("communityId") ?? (getCurrentCommunityId() ? String(getCurrentCommunityId()) : null);
  const { data, isFetching: loading } = useQuery(queries.getPropertyDetail.queryOptions({ query: communityId ? { communityId: Number(communityId) } : {} }));
  const c = data?.community;
  return (
    <OutsideLayout title={pageTitle} extra={<CommunitySelect value={c?.id ?? null} onChange={(id) => setParams({ communityId: String(id) })} />}>
      <Spin spinning={loading}>
        {data && !c && <Empty description={withScene("暂无{scene}")} />}
        {data && c && (
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <Card title={data.tenantName}>
                <Descriptions
                  bordered
                  size="small"
                  column={{ xs: 1, md: 2, lg: 3 }}
                  items={[
                    { key: "company", label: "公司简称", children: data.companyShortName ?? "-" },
                    { key: "name", label: withScene("{scene}名称"), children: c.name },
                    { key: "area", label: "所属区域", children: c.areaName ?? "-" },
                    { key: "address", label: "详细地址", children: c.address ?? "-" },
                    { key: "code", label: "行政区划代码", children: c.administrativeCode ?? "-" },
                    { key: "totalArea", label: "占地面积(㎡)", children: c.totalArea ?? "-" },
                    { key: "contact", label: "联系人", children: c.contactName ? mask("name", c.contactName) : "-" },
                    { key: "phone", label: "联系电话", children: c.contactPhone ? mask("phone", c.contactPhone) : "-" },
                    { key: "geo", label: "经纬度", children: c.longitude && c.latitude ? `${c.longitude}, ${c.latitude}` : "-" },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="规模">
                <Row>
                  <Col span={6}>
                    <Figure label="楼栋" value={data.totals!.buildings} />
                  </Col>
                  <Col span={6}>
                    <Figure label="单元" value={data.totals!.units} />
                  </Col>
                  <Col span={6}>
                    <Figure label="房屋" value={data.totals!.rooms} />
                  </Col>
                  <Col span={6}>
                    <Figure label="住户" value={data.totals!.inhabitants} />
                  </Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title="房屋状态">
                <Donut title="房屋状态" data={asData(data.roomsByStatus)} />
              </Card>
            </Col>
          </Row>
        )}
      </Spin>
    </OutsideLayout>
  );
}
