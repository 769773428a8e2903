// 权益卡 (/userEquityCard, HBL21005, outside the frame): the tenant's service entitlements — each
// licence of spec §3/§9 (video channels, access intercom channels, AI analysis communities, indoor
// units, edge services) with its used / total and validity (GET {management}/tenantService/actions/license).
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { useQuery } from "@tanstack/react-query";
import { Card, Col, Progress, Row, Spin, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { queries } from "../../../http/query-client.ts";
import { chinaToday } from "../../../lib/china-today.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function UserEquityCardPage() {
  const pageTitle = useRouteTitle();
  const { data, isFetching: loading } = useQuery(queries.getLicences.queryOptions());
  return (
    <OutsideLayout title={pageTitle}>
      <Spin spinning={loading}>
        <Row gutter={[16, 16]} data-testid="equity-cards">
          {(data ?? []).map((l) => {
            const expired = !!l.validityDate && dayjs(l.validityDate).isBefore(chinaToday(), "day");
            const percent = l.serviceTotalNum ? Math.round((l.serviceUseNum * 100) / l.serviceTotalNum) : 0;
            return (
              <Col key={l.serviceType} xs={24} sm={12} lg={8}>
                <Card title={l.serviceName} extra={l.serviceTotalNum ? <Tag color={expired ? "default" : "success"}>{expired ? "已过期" : "生效中"}</Tag> : <Tag>未开通</Tag>}>
                  <Progress aria-label={fillTexts.webPages.usage({ service: l.serviceName })} percent={percent} status={percent >= 100 ? "exception" : "normal"} />
                  <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
                    已用 {l.serviceUseNum} / 共 {l.serviceTotalNum}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">有效期至：{l.validityDate ?? "-"}</Typography.Text>
                </Card>
              </Col>
            );
          })}
        </Row>
      </Spin>
    </OutsideLayout>
  );
}
