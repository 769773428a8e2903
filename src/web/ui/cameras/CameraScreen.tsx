// The picture area of a camera: the camera's name, place and state over a dark screen. Live video
// needs the device vendor's streaming service, which this platform does not run; the screen says so
// instead of pretending to play.
import { Tag, Typography } from "antd";
import { useChinaClock } from "../../lib/china-clock.ts";
import type { Camera } from "../../lib/cameras.ts";

export function CameraScreen({ camera, height = 360 }: { camera: Camera | null; height?: number }) {
  const now = useChinaClock();
  return (
    <div
      data-testid="camera-screen"
      style={{ height, background: "#141414", borderRadius: 6, position: "relative", color: "#d9d9d9", display: "flex", alignItems: "center", justifyContent: "center" }}
    >
      {camera ? (
        <>
          <div style={{ position: "absolute", top: 10, left: 12 }}>
            <Typography.Text style={{ color: "#fff" }} strong>
              {camera.name}
            </Typography.Text>
            <Tag color={camera.online ? "success" : "default"} style={{ marginLeft: 8 }}>
              {camera.online ? "在线" : "离线"}
            </Tag>
          </div>
          <div style={{ position: "absolute", top: 10, right: 12, fontFamily: "monospace" }}>{now.format("YYYY-MM-DD HH:mm:ss")}</div>
          <div style={{ textAlign: "center" }}>
            <div>{camera.online ? "实时画面由设备取流服务提供" : "设备离线，无法获取画面"}</div>
            <div style={{ fontSize: 12, opacity: 0.7, marginTop: 4 }}>
              {camera.categoryLabel} · {camera.serialNo}
              {camera.location ? ` · ${camera.location}` : ""}
            </div>
          </div>
        </>
      ) : (
        <div>请选择摄像机</div>
      )}
    </div>
  );
}
