// The left menu (spec §2 Layout): two or three levels from the user's webMenuList, 240 px / 60 px
// collapsed, a collapse button, auto-collapse under 1280 px, the active item from the hash path,
// external-window items, and the tenant's theme colours.
import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { ConfigProvider, Layout, Menu as AntMenu, type MenuProps } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { getCurrentCommunityId } from "../state/community.ts";
import { fetchChargeWebUrl, fetchThemeConfiguration, fetchTicket } from "./api.ts";
import { appUrl, openWindow, openWindowWhenReady, showSmartPlatformFailed } from "./external-window.ts";
import { menuIcon } from "./icons.tsx";
import { activeMenu, buildMenu, collapsedAfterResize, collapsedForWidth, findEntry, menuAction, menuThemeTokens, menuWidthFor, ticketUrl, type MenuEntry, type MenuThemeConfig } from "./menu-state.ts";
import { useCurrentUser } from "./user.ts";

type MenuItem = Required<MenuProps>["items"][number];

function toItems(entries: readonly MenuEntry[]): MenuItem[] {
  return entries.map((e) => ({
    key: e.key,
    label: e.label,
    ...(e.level === 1 ? { icon: menuIcon(e.icon) } : e.icon ? { icon: menuIcon(e.icon, false) } : {}),
    ...(e.children.length > 0 ? { children: toItems(e.children) } : {}),
  }));
}

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

/** Theme colours of the tenant's SSO configuration (public; failures keep antd's dark menu). */
export function useMenuTheme(): MenuThemeConfig | null {
  const [theme, setTheme] = useState<MenuThemeConfig | null>(null);
  useEffect(() => {
    let live = true;
    fetchThemeConfiguration().then(
      (t) => live && setTheme(t ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return theme;
}

async function runExternal(entry: MenuEntry): Promise<void> {
  const action = menuAction(entry);
  switch (action.kind) {
    case "window":
      openWindow(action.url || appUrl(action.hashPath ?? entry.key));
      return;
    case "chargeUrl":
      await openWindowWhenReady(async () => {
        return (await fetchChargeWebUrl()).url;
      });
      return;
    case "ticket":
      await openWindowWhenReady(async () => {
        if (!action.applicationUrl) return null;
        const { ticket } = await fetchTicket(action.ticketType);
        return ticketUrl(action.applicationUrl, ticket, getCurrentCommunityId() ?? null);
      }, showSmartPlatformFailed);
      return;
    default:
      return;
  }
}

export default function ShellMenu() {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useMenuCollapse();
  const theme = useMenuTheme();
  const entries = useMemo(() => buildMenu(user.webMenuList ?? [], user.sceneName), [user.webMenuList, user.sceneName]);
  const items = useMemo(() => toItems(entries), [entries]);
  const active = useMemo(() => activeMenu(entries, location.pathname), [entries, location.pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(active.openKeys);
  const [branchOf, setBranchOf] = useState(active.openKeys);

  // A new page opens its own branch, keeping the ones the user opened (adjusted while rendering,
  // React's pattern for state that follows a changed input).
  if (branchOf !== active.openKeys) {
    setBranchOf(active.openKeys);
    setOpenKeys((keys) => [...new Set([...keys, ...active.openKeys])]);
  }

  const onClick: MenuProps["onClick"] = ({ key }) => {
    const entry = findEntry(entries, String(key));
    if (!entry) return;
    const action = menuAction(entry);
    if (action.kind === "navigate") void navigate(action.path);
    else void runExternal(entry);
  };

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
        <ConfigProvider theme={{ components: { Menu: menuThemeTokens(theme) } }}>
          <AntMenu
            mode="inline"
            theme="dark"
            items={items}
            selectedKeys={active.selectedKey ? [active.selectedKey] : []}
            {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
            onClick={onClick}
            style={{ flex: 1, overflowY: "auto", overflowX: "hidden", borderInlineEnd: 0, ...(background ? { background } : {}) }}
          />
        </ConfigProvider>
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
