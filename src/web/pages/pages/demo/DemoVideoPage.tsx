// 视频示例 (/video, demo page of spec §2): the video area the platform's screens use, over the
// current community's cameras — pick a camera from the list and its screen shows its state.
import { Alert, Card, Col, Row } from "antd";
import { useState } from "react";
import { useCurrentCommunity } from "../../../state/community.ts";
import { CameraList } from "../../../ui/cameras/CameraList.tsx";
import { CameraScreen } from "../../../ui/cameras/CameraScreen.tsx";
import { useCameras } from "../../../lib/cameras.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function DemoVideoPage() {
  const pageTitle = useRouteTitle();
  const community = useCurrentCommunity();
  const { data: cameras = [], isFetching: loading } = useCameras(community?.communityId);
  const [index, setIndex] = useState(0);
  return (
    <Card title={pageTitle} variant="borderless">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="示例页面：展示视频区域与摄像机列表的用法" />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <CameraList cameras={cameras} loading={loading} selected={index} onSelect={setIndex} />
        </Col>
        <Col xs={24} md={16}>
          <CameraScreen camera={cameras[index] ?? null} />
        </Col>
      </Row>
    </Card>
  );
}
