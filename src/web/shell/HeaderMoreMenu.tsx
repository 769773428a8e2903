// 更多: on a phone, the header's secondary entries (驾驶舱, edge service, 任务中心, 使用引导, 帮助,
// 下载) in one dropdown instead of a row of buttons; UserArea.tsx does what a chosen entry asks.
import { ClusterOutlined, CompassOutlined, DownloadOutlined, EllipsisOutlined, InfoCircleOutlined, ProfileOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Button, Dropdown, type MenuProps } from "antd";
import { truncateEdgeName, type CockpitItem } from "./header-state.ts";

export type MoreKey = "edge" | "taskCentre" | "guide" | "help" | "about" | "download" | `cockpit:${CockpitItem["key"]}`;

export interface HeaderMoreMenuProps {
  cockpit: readonly CockpitItem[];
  /** The current community's edge service, when there is one. */
  edgeName: string | null;
  onChoose: (key: MoreKey) => void;
}

export default function HeaderMoreMenu({ cockpit, edgeName, onChoose }: HeaderMoreMenuProps) {
  // Flat, with 驾驶舱 as a group: a submenu would open sideways, past a phone's edge.
  const items: MenuProps["items"] = [
    ...(cockpit.length > 0
      ? [{ type: "group" as const, key: "cockpit", label: "驾驶舱", children: cockpit.map((c) => ({ key: `cockpit:${c.key}`, label: c.label })) }, { type: "divider" as const }]
      : []),
    ...(edgeName !== null ? [{ key: "edge", icon: <ClusterOutlined />, label: truncateEdgeName(edgeName) }] : []),
    { key: "taskCentre", icon: <ProfileOutlined />, label: "任务中心" },
    { key: "guide", icon: <CompassOutlined />, label: "使用引导" },
    { key: "help", icon: <QuestionCircleOutlined />, label: "帮助中心" },
    { key: "about", icon: <InfoCircleOutlined />, label: "关于" },
    { key: "download", icon: <DownloadOutlined />, label: "下载" },
  ];
  return (
    <Dropdown trigger={["click"]} menu={{ items, onClick: ({ key }) => onChoose(key as MoreKey) }}>
      <Button type="text" icon={<EllipsisOutlined />} aria-label="更多" style={{ color: "inherit" }} data-testid="shell-header-more" />
    </Dropdown>
  );
}
