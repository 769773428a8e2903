// The left menu rail (spec §2 Layout): 240 px / 60 px collapsed, a collapse button, auto-collapse
// under 1280 px. Its items are MenuList.tsx; on a phone the shell shows them in a drawer instead
// (MenuDrawer.tsx).
import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Layout } from "antd";
import { useEffect, useRef, useState } from "react";
import { collapsedAfterResize, collapsedForWidth, menuWidthFor } from "./menu-state.ts";
import MenuList, { useMenuTheme } from "./MenuList.tsx";

/** Collapse state: follows the window across 1280 px, otherwise the collapse button. */
export function useMenuCollapse(): [boolean, (collapsed: boolean) => void] {
  const width = () => (typeof window === "undefined" ? Infinity : window.innerWidth);
  const [collapsed, setCollapsed] = useState(() => collapsedForWidth(width()));
  const lastWidth = useRef(width());
  useEffect(() => {
    const onResize = () => {
      const now = width();
      setCollapsed((c) => collapsedAfterResize(lastWidth.current, now, c));
      lastWidth.current = now;
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return [collapsed, setCollapsed];
}

export default function ShellMenu() {
  const [collapsed, setCollapsed] = useMenuCollapse();
  const theme = useMenuTheme();
  const background = theme?.menuBackGroundColor || undefined;
  return (
    <Layout.Sider
      width={menuWidthFor(false)}
      collapsedWidth={menuWidthFor(true)}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
      style={background ? { background } : undefined}
      data-testid="shell-menu"
    >
      <div style={{ display: "flex", flexDirection: "column", height: "100%" }}>
        <MenuList collapsed={collapsed} theme={theme} />
        <button
          type="button"
          aria-label={collapsed ? "展开菜单" : "收起菜单"}
          title={collapsed ? "展开菜单" : "收起菜单"}
          onClick={() => setCollapsed(!collapsed)}
          style={{
            height: 40,
            border: 0,
            cursor: "pointer",
            background: "transparent",
            color: theme?.menuTextColor || "rgba(255,255,255,0.65)",
            fontSize: 16,
          }}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
      </div>
    </Layout.Sider>
  );
}
