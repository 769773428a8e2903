// The left menu's items (spec §2 Layout): two or three levels from the user's webMenuList, the active
// item from the hash path, external-window items and the tenant's theme colours. Shown by the side
// rail (Menu.tsx) and, on a phone, by the menu drawer (MenuDrawer.tsx).
import { ConfigProvider, Menu as AntMenu, type MenuProps } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { getCurrentCommunityId } from "../state/community.ts";
import { appUrl, openWindow, openWindowWhenReady, showSmartPlatformFailed } from "./external-window.ts";
import { menuIcon } from "./icons.tsx";
import { activeMenu, buildMenu, findEntry, menuAction, menuThemeTokens, ticketUrl, type MenuEntry, type MenuThemeConfig } from "./menu-state.ts";
import { shellMutations, shellQueries } from "./shell-queries.ts";
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

/** Theme colours of the tenant's SSO configuration (public; failures keep antd's dark menu). */
export function useMenuTheme(): MenuThemeConfig | null {
  return useQuery(shellQueries.menuTheme()).data ?? null;
}

/** How an external item gets its address: the charge platform's, or a one-time ticket for another application. */
interface ExternalCalls {
  chargeWebUrl: () => Promise<{ url: string }>;
  issueTicket: (type: string) => Promise<{ ticket: string }>;
}

async function runExternal(entry: MenuEntry, calls: ExternalCalls): Promise<void> {
  const action = menuAction(entry);
  switch (action.kind) {
    case "window":
      openWindow(action.url || appUrl(action.hashPath ?? entry.key));
      return;
    case "chargeUrl":
      await openWindowWhenReady(async () => {
        return (await calls.chargeWebUrl()).url;
      });
      return;
    case "ticket":
      await openWindowWhenReady(async () => {
        if (!action.applicationUrl) return null;
        const { ticket } = await calls.issueTicket(action.ticketType);
        return ticketUrl(action.applicationUrl, ticket, getCurrentCommunityId() ?? null);
      }, showSmartPlatformFailed);
      return;
    default:
      return;
  }
}

export interface MenuListProps {
  collapsed: boolean;
  theme: MenuThemeConfig | null;
  /** Called after an item was chosen (the drawer closes). */
  onChosen?: () => void;
}

export default function MenuList({ collapsed, theme, onChosen }: MenuListProps) {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const ticket = useMutation(shellMutations.ticket());
  const externalCalls: ExternalCalls = {
    chargeWebUrl: () => client.fetchQuery(shellQueries.chargeWebUrl()),
    issueTicket: (type) => ticket.mutateAsync({ query: { type } }),
  };
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
    else void runExternal(entry, externalCalls);
    onChosen?.();
  };

  const background = theme?.menuBackGroundColor || undefined;
  return (
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
  );
}
