// The cameras of the community as a selectable list with their state.
import { VideoCameraOutlined } from "@ant-design/icons";
import { Badge, Empty, List } from "antd";
import type { Camera } from "../../lib/cameras.ts";

export function CameraList({ cameras, selected, onSelect, loading }: { cameras: Camera[]; selected?: number; onSelect: (index: number) => void; loading?: boolean }) {
  if (!loading && cameras.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该社区暂无摄像机" />;
  return (
    <List
      size="small"
      loading={loading}
      dataSource={cameras}
      renderItem={(c, i) => (
        <List.Item onClick={() => onSelect(i)} style={{ cursor: "pointer", background: i === selected ? "#e6f4ff" : undefined, paddingInline: 8 }}>
          <List.Item.Meta avatar={<VideoCameraOutlined />} title={c.name} description={c.location ?? c.serialNo} />
          <Badge status={c.online ? "success" : "default"} text={c.online ? "在线" : "离线"} />
        </List.Item>
      )}
    />
  );
}
