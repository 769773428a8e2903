// 摄像头测试 (/testCamera, HBL02001, outside the frame): check the cameras of a community (their
// online state and last contact, GET {device}/devices/actions/cameras) and this computer's own
// camera (the browser's camera preview, with the reason when it cannot start).
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { Alert, Button, Card, Col, Row, Space, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useEffect, useRef, useState } from "react";
import { getCurrentCommunityId } from "../../../state/community.ts";
import { CommunitySelect } from "../../../ui/CommunitySelect.tsx";
import { OutsideLayout } from "../../../ui/OutsideLayout.tsx";
import { useCameras } from "../../../lib/cameras.ts";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

type LocalTest = { state: "idle" } | { state: "running" } | { state: "ok"; label: string } | { state: "failed"; reason: string };

function localReason(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError") return "浏览器未获得摄像头权限";
  if (name === "NotFoundError") return "未检测到摄像头";
  if (name === "NotReadableError") return "摄像头被其他程序占用";
  return "无法打开摄像头（需要在 HTTPS 或本机地址下使用）";
}

export default function TestCameraPage() {
  const pageTitle = useRouteTitle();
  const [communityId, setCommunityId] = useState<number | null>(() => {
    const id = getCurrentCommunityId();
    return id ? Number(id) : null;
  });
  const { data: cameras = [], isFetching: loading, refetch } = useCameras(communityId);
  const reload = () => {
    if (communityId) void refetch(); // no community chosen: nothing to reload
  };
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [local, setLocal] = useState<LocalTest>({ state: "idle" });

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  };
  useEffect(() => stop, []);

  const testLocal = async () => {
    stop();
    setLocal({ state: "running" });
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("unsupported");
      stream.current = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
      if (video.current) video.current.srcObject = stream.current;
      setLocal({ state: "ok", label: stream.current.getVideoTracks()[0]?.label || "摄像头" });
    } catch (error) {
      setLocal({ state: "failed", reason: localReason(error) });
    }
  };

  const online = cameras.filter((c) => c.online).length;
  return (
    <OutsideLayout title={pageTitle} extra={<CommunitySelect value={communityId} onChange={setCommunityId} />}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={fillTexts.webPages.cameras({ online, total: cameras.length })} extra={<Button onClick={reload}>刷新</Button>}>
            <Table
              rowKey="id"
              size="small"
              loading={loading}
              dataSource={cameras}
              pagination={false}
              locale={{ emptyText: communityId ? "该社区暂无摄像机" : "请选择社区" }}
              columns={[
                { title: "名称", dataIndex: "name" },
                { title: "类型", dataIndex: "categoryLabel" },
                { title: "序列号", dataIndex: "serialNo" },
                { title: "状态", dataIndex: "online", render: (v: boolean | null) => <Tag color={v ? "success" : "default"}>{v ? "在线" : "离线"}</Tag> },
                { title: "最后在线", dataIndex: "lastOnlineTime", render: (v: string | null) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm") : "-") },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="本机摄像头测试">
            <Space direction="vertical" style={{ width: "100%" }}>
              <video ref={video} autoPlay muted playsInline style={{ width: "100%", minHeight: 200, background: "#141414", borderRadius: 6 }} />
              {local.state === "ok" && <Alert type="success" showIcon message={fillTexts.webPages.cameraWorks({ label: local.label })} />}
              {local.state === "failed" && <Alert type="error" showIcon message={local.reason} />}
              <Space>
                <Button type="primary" loading={local.state === "running"} onClick={() => void testLocal()}>
                  开始测试
                </Button>
                <Button
                  onClick={() => {
                    stop();
                    setLocal({ state: "idle" });
                  }}
                >
                  停止
                </Button>
              </Space>
            </Space>
          </Card>
        </Col>
      </Row>
    </OutsideLayout>
  );
}
