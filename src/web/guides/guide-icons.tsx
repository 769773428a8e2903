// The antd icons the guide step items name (spec §3 guide step item: icon, checkedIcon).
import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CalculatorOutlined,
  CheckCircleFilled,
  FileTextOutlined,
  HomeOutlined,
  LayoutOutlined,
  MobileOutlined,
  RightCircleOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ComponentType, CSSProperties } from "react";

const icons: Record<string, ComponentType<{ style?: CSSProperties }>> = {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BulbOutlined,
  CalculatorOutlined,
  CheckCircleFilled,
  FileTextOutlined,
  HomeOutlined,
  LayoutOutlined,
  MobileOutlined,
  RightCircleOutlined,
  RollbackOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
};

export function GuideIcon({ name, style }: { name: string; style?: CSSProperties }) {
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon style={style} />;
}
