// App下载 (/downloadApk, /downloadApkForOwner, /downloadApkForProperty; public): the platform's mobile
// apps — for owners and for property staff — with what each does and a QR code of this page, so a
// phone can open it; the apps are installed from the phone's app store by name. One page, the route
// name picks the apps shown.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { Card, Col, QRCode, Row, Typography } from "antd";
import type { PageProps } from "../../../lib/page-props.ts";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export interface MobileApp {
  key: "owner" | "property";
  name: string;
  audience: string;
  features: string[];
}

export const MOBILE_APPS: MobileApp[] = [
  { key: "owner", name: "云物业业主版", audience: "业主与住户", features: ["手机开门与访客邀请", "物业缴费与电子票据", "报事报修与进度查看", "社区公告与活动报名"] },
  { key: "property", name: "云物业管家版", audience: "物业工作人员", features: ["工单派单与处理", "入住审核与住户管理", "巡更巡检打卡", "告警实时通知"] },
];

/** The apps a download route shows. */
export function appsForRoute(name: string | undefined): MobileApp[] {
  if (name === "downloadApkForOwner") return MOBILE_APPS.filter((a) => a.key === "owner");
  if (name === "downloadApkForProperty") return MOBILE_APPS.filter((a) => a.key === "property");
  return MOBILE_APPS;
}

export default function DownloadApkPage({ route }: PageProps) {
  const pageTitle = useRouteTitle();
  const apps = appsForRoute(route?.name);
  const here = typeof window !== "undefined" ? window.location.href : "";
  return (
    <OutsideLayout title={pageTitle}>
      <Row gutter={[24, 24]} justify="center">
        {apps.map((app) => (
          <Col key={app.key} xs={24} md={10}>
            <Card title={app.name} data-testid="app-card">
              <Row gutter={16} align="middle">
                <Col flex="none">
                  <QRCode aria-label={fillTexts.webPages.downloadQrCode({ app: app.name })} value={here || app.name} size={132} />
                </Col>
                <Col flex="auto">
                  <Typography.Paragraph type="secondary">适用于：{app.audience}</Typography.Paragraph>
                  <ul style={{ paddingLeft: 18, margin: 0 }}>
                    {app.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </Col>
              </Row>
              <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>用手机扫码打开本页，或在应用商店搜索“{app.name}”下载安装。</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </OutsideLayout>
  );
}
