// 健康码 (/hc, public): the page residents and visitors are sent to at the gate for the health-code
// check (the community's health-code platform is configured by setXiChengHealthCodeConfig). The
// spec gives nothing more: it shows the live time (so a screenshot cannot pass for it), how the
// check works, and the service phone. The code itself is issued by the local health-code platform.
import { Card, Steps, Typography } from "antd";
import { useChinaClock } from "../../../lib/china-clock.ts";
import { constants } from "../../../../../generated/constants.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function HealthCodePage() {
  const pageTitle = useRouteTitle();
  const now = useChinaClock();
  return (
    <OutsideLayout title={pageTitle}>
      <Card style={{ maxWidth: 520, margin: "0 auto", textAlign: "center" }}>
        <Typography.Title level={2} style={{ fontFamily: "monospace", marginBottom: 0 }} data-testid="clock">
          {now.format("HH:mm:ss")}
        </Typography.Title>
        <Typography.Text type="secondary">{now.format("YYYY年MM月DD日 dddd")}</Typography.Text>
        <Steps
          direction="vertical"
          size="small"
          current={-1}
          style={{ marginTop: 24, textAlign: "left" }}
          items={[
            { title: "打开健康码", description: "在当地健康码平台（微信或支付宝小程序）打开本人健康码" },
            { title: "出示查验", description: "在小区出入口向工作人员出示健康码与本页面的实时时间" },
            { title: "登记通行", description: "访客请按工作人员指引完成访客登记后通行" },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          健康状态以当地健康码平台为准。如有疑问请联系客服：{constants.customerServicePhone}
        </Typography.Paragraph>
      </Card>
    </OutsideLayout>
  );
}
