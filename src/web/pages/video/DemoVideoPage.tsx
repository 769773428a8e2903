// 视频示例 (/video, demo page of spec §2): the video area the platform's screens use, over the
// current community's cameras — pick a camera from the list and its screen shows its state.
import { Alert, Card, Col, Row } from "antd";
import { useState } from "react";
import { useCurrentCommunity } from "../../state/community.ts";
import { withScene } from "../../state/scene.ts";
import type { PageProps } from "../registry.ts";
import { CameraList } from "./CameraList.tsx";
import { CameraScreen } from "./CameraScreen.tsx";
import { useCameras } from "./cameras.ts";

export default function DemoVideoPage({ route }: PageProps) {
  const community = useCurrentCommunity();
  const { data: cameras = [], loading } = useCameras(community?.communityId);
  const [index, setIndex] = useState(0);
  return (
    <Card title={withScene(route?.title ?? "视频示例")} variant="borderless">
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
