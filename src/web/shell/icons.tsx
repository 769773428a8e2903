// Menu icons (spec §3: "icon (URL or icon class)"). An icon given as an address is shown as an
// image; an icon class names one of the antd icons below (a fixed set keeps the bundle small).
import {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BellOutlined, CameraOutlined,
  CarOutlined, CloudOutlined, DashboardOutlined, DesktopOutlined, EnvironmentOutlined, FileSearchOutlined,
  HomeOutlined, IdcardOutlined, KeyOutlined, MoneyCollectOutlined, PhoneOutlined, SafetyOutlined, ScanOutlined,
  SettingOutlined, ShopOutlined, TeamOutlined, ToolOutlined, UserOutlined, VideoCameraOutlined,
} from "@ant-design/icons";
import type { ComponentType, ReactNode } from "react";

const antdIcons: Record<string, ComponentType> = {
  AlertOutlined, ApartmentOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, BellOutlined, CameraOutlined,
  CarOutlined, CloudOutlined, DashboardOutlined, DesktopOutlined, EnvironmentOutlined, FileSearchOutlined,
  HomeOutlined, IdcardOutlined, KeyOutlined, MoneyCollectOutlined, PhoneOutlined, SafetyOutlined, ScanOutlined,
  SettingOutlined, ShopOutlined, TeamOutlined, ToolOutlined, UserOutlined, VideoCameraOutlined,
};

export const isIconUrl = (icon: string): boolean => /^(https?:|data:|\/|\.\/)/.test(icon) || /\.(png|svg|jpe?g|gif|webp)(\?|$)/i.test(icon);

export function menuIcon(icon: string | undefined, fallback = true): ReactNode {
  if (!icon) return fallback ? <AppstoreOutlined /> : undefined;
  if (isIconUrl(icon)) return <img src={icon} alt="" style={{ width: 16, height: 16, objectFit: "contain" }} />;
  const Icon = antdIcons[icon] ?? AppstoreOutlined;
  return <Icon />;
}
