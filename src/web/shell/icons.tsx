// Menu icons (spec §3: "icon (URL or icon class)"). An icon given as an address is shown as an
// image; an icon class names an @ant-design/icons icon. The schemas' names are checked by codegen,
// which emits generated/menu-icons.ts with exactly those icons (only they reach the bundle); a name
// from elsewhere that is not among them (a tenant's own menu) shows the grid icon.
import { AppstoreOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { menuIcons } from "../../../generated/menu-icons.ts";

export const isIconUrl = (icon: string): boolean => /^(https?:|data:|\/|\.\/)/.test(icon) || /\.(png|svg|jpe?g|gif|webp)(\?|$)/i.test(icon);

export function menuIcon(icon: string | undefined, fallback = true): ReactNode {
  if (!icon) return fallback ? <AppstoreOutlined /> : undefined;
  if (isIconUrl(icon)) return <img src={icon} alt="" style={{ width: 16, height: 16, objectFit: "contain" }} />;
  const Icon = menuIcons[icon] ?? AppstoreOutlined;
  return <Icon />;
}
