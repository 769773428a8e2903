// The user area of the header (spec §2 Layout, §6, §7): cockpit dropdown, edge-service link, task
// centre, guide button, help (with the About dialog), downloads and the user menu with logout. On a
// phone (`narrow`) the entries before the user menu are one 更多 dropdown (HeaderMoreMenu.tsx) and
// the user menu shows the avatar alone.
import { CompassOutlined, DashboardOutlined, DownloadOutlined, DownOutlined, ProfileOutlined, QuestionCircleOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Dropdown, Space, Tooltip } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { getTenantHomePage } from "../state/session.ts";
import { lazyPage } from "../lib/lazyPage.ts";
import EdgeServiceLink, { useEdgeService } from "./EdgeServiceLink.tsx";
import { appUrl, openWindow, openWindowWhenReady } from "./external-window.ts";
import HeaderMoreMenu, { type MoreKey } from "./HeaderMoreMenu.tsx";
import { cockpitItems, MENU_CONFIG_CODE, operationReport, TASK_CENTRE_OPERATION, userMenuItems, type UserMenuKey } from "./header-state.ts";
import { shellMutations, shellQueries } from "./shell-queries.ts";
import { startLogout } from "./sign-out.ts";
import type { CurrentUser } from "./user-state.ts";

/** The event the guides listen to (they come with a later feature). */
export const OPEN_GUIDE_EVENT = "neptune:open-guide";

/** The About dialog is its own small chunk, loaded the first time it opens. */
const AboutDialog = lazyPage(() => import("./AboutDialog.tsx"));
const ChangePasswordDialog = lazyPage(() => import("./ChangePasswordDialog.tsx"));

export const TASK_CENTRE_PATH = "/system/taskcenter";
export const MENU_CONFIG_PATH = "/system/menucustomization";
export const PERSONAL_CENTRE_PATH = "/personnel/personnelInfo";
export const DOWNLOAD_PATH = "/downloadApk";

export interface UserAreaProps {
  user: CurrentUser;
  communityId: string | number | null;
  productName: string;
  /** Phone width (use-narrow.ts). */
  narrow: boolean;
}

export default function UserArea({ user, communityId, productName, narrow }: UserAreaProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const report = useMutation(shellMutations.reportOperation());
  const reportOperation = (code: string) => report.mutate({ body: operationReport(code) });
  const [aboutOpen, setAboutOpen] = useState(false);
  // Mounted from its first opening on, so it closes with its animation like any dialog.
  const [aboutMounted, setAboutMounted] = useState(false);
  // 修改密码 from the menu (a password someone else set is changed at the gate first: PasswordGate.tsx).
  const [passwordAsked, setPasswordAsked] = useState(false);
  const cockpit = cockpitItems(user.enabledKanban, user.authorityCodes, communityId);
  const edge = useEdgeService(user.authorityCodes, communityId);
  const itemStyle = { color: "inherit" };

  const openCockpit = (key: string) => {
    const item = cockpit.find((c) => c.key === key);
    if (!item) return;
    reportOperation(item.operationCode);
    openWindow(appUrl(item.path));
  };

  const openTaskCentre = () => {
    reportOperation(TASK_CENTRE_OPERATION);
    void navigate(TASK_CENTRE_PATH);
  };

  const openGuide = () => window.dispatchEvent(new CustomEvent(OPEN_GUIDE_EVENT));
  const openDownload = () => openWindow(appUrl(DOWNLOAD_PATH));

  const openTenantHome = () => void openWindowWhenReady(async () => getTenantHomePage() || (await client.fetchQuery(shellQueries.logos()))?.tenantHomePage);

  const onUserMenu = (key: UserMenuKey) => {
    switch (key) {
      case "personal":
        void navigate(PERSONAL_CENTRE_PATH);
        return;
      case "tenant":
        openTenantHome();
        return;
      case "menuConfig":
        reportOperation(MENU_CONFIG_CODE);
        void navigate(MENU_CONFIG_PATH);
        return;
      case "password":
        setPasswordAsked(true);
        return;
      case "logout":
        startLogout(user.tenantId);
        return;
    }
  };

  const onHelp = (key: string) => {
    if (key === "about") {
      setAboutMounted(true);
      setAboutOpen(true);
      return;
    }
    void openWindowWhenReady(async () => {
      const data = await client.fetchQuery(shellQueries.helpDialogUrl());
      return typeof data === "string" ? data : data?.url;
    });
  };

  const onMore = (key: MoreKey) => {
    if (key.startsWith("cockpit:")) openCockpit(key.slice("cockpit:".length));
    else if (key === "edge") edge?.jump();
    else if (key === "taskCentre") openTaskCentre();
    else if (key === "guide") openGuide();
    else if (key === "download") openDownload();
    else onHelp(key);
  };

  const secondary = narrow ? (
    <HeaderMoreMenu cockpit={cockpit} edgeName={edge?.edge.name ?? null} onChoose={onMore} />
  ) : (
    <>
      {cockpit.length > 0 && (
        <Dropdown menu={{ items: cockpit.map((c) => ({ key: c.key, label: c.label })), onClick: ({ key }) => openCockpit(key) }}>
          <Button type="text" icon={<DashboardOutlined />} style={itemStyle}>
            驾驶舱 <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      )}
      {edge && <EdgeServiceLink {...edge} />}
      <Tooltip title="任务中心">
        <Button type="text" icon={<ProfileOutlined />} onClick={openTaskCentre} style={itemStyle} aria-label="任务中心" />
      </Tooltip>
      <Tooltip title="使用引导">
        <Button type="text" icon={<CompassOutlined />} onClick={openGuide} style={itemStyle} aria-label="使用引导" />
      </Tooltip>
      <Dropdown
        menu={{
          items: [
            { key: "help", label: "帮助中心" },
            { key: "about", label: "关于" },
          ],
          onClick: ({ key }) => onHelp(key),
        }}
      >
        <Button type="text" icon={<QuestionCircleOutlined />} style={itemStyle} aria-label="帮助" />
      </Dropdown>
      <Tooltip title="下载">
        <Button type="text" icon={<DownloadOutlined />} onClick={openDownload} style={itemStyle} aria-label="下载" />
      </Tooltip>
    </>
  );

  return (
    <Space size={4} data-testid="shell-user-area">
      {secondary}
      {/* A phone has no hover: there the menu opens on a tap. */}
      <Dropdown
        trigger={narrow ? ["click"] : undefined}
        menu={{ items: userMenuItems(user.userType).map((i) => ({ key: i.key, label: i.label })), onClick: ({ key }) => onUserMenu(key as UserMenuKey) }}
      >
        <Button type="text" style={itemStyle} data-testid="shell-user-menu" aria-label={narrow ? user.username : undefined}>
          <Avatar size="small" icon={<UserOutlined />} />
          {!narrow && <span>{user.username}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onDone={() => setPasswordAsked(false)} onCancel={() => setPasswordAsked(false)} />
        </Suspense>
      )}
      {aboutMounted && (
        <Suspense fallback={null}>
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} productName={productName} />
        </Suspense>
      )}
    </Space>
  );
}
