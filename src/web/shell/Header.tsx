// The header (spec §2 Layout), 64 px: logo and product title, the current community with its picker
// (or the tenant name on tenant-level menus), and the user area. On a phone (`narrow`) it starts with
// the menu button, drops the product title, shortens the community name and folds the user area's
// secondary entries into 更多, so that nothing overlaps at 390 px.
import { Layout, Typography } from "antd";
import { useQuery } from "@tanstack/react-query";
import { constants } from "../../../generated/constants.ts";
import { useCurrentCommunity } from "../state/community.ts";
import { shellQueries, type LoginConfiguration } from "./shell-queries.ts";
import CommunityPicker, { NARROW_NAME_WIDTH } from "./CommunityPicker.tsx";
import MenuDrawer from "./MenuDrawer.tsx";
import UserArea from "./UserArea.tsx";
import type { CurrentUser } from "./user-state.ts";

/** Product title when the login configuration names none. */
export const DEFAULT_PRODUCT_NAME = "云物业社区管理平台";

/** The login configuration (platformName, platformIco); public, loaded once. */
export function useLoginConfiguration(): LoginConfiguration | null {
  return useQuery(shellQueries.loginConfiguration()).data ?? null;
}

export interface HeaderProps {
  user: CurrentUser;
  tenantMenu: boolean;
  productName: string;
  logo?: string;
  /** Phone width (use-narrow.ts). */
  narrow: boolean;
}

export default function Header({ user, tenantMenu, productName, logo, narrow }: HeaderProps) {
  const community = useCurrentCommunity();
  return (
    <Layout.Header
      data-testid="shell-header"
      style={{
        height: constants.headerHeight,
        lineHeight: `${constants.headerHeight}px`,
        padding: narrow ? "0 8px" : "0 16px",
        display: "flex",
        alignItems: "center",
        gap: narrow ? 4 : 16,
        background: "#fff",
        borderBottom: "1px solid rgba(5,5,5,0.06)",
      }}
    >
      {narrow && <MenuDrawer />}
      {narrow && logo ? <img src={logo} alt="" style={{ height: 28, maxWidth: 40, objectFit: "contain", flexShrink: 0 }} /> : null}
      {!narrow && (
        <div style={{ display: "flex", alignItems: "center", gap: 8, flexShrink: 0 }}>
          {logo ? <img src={logo} alt="" style={{ height: 32, maxWidth: 120, objectFit: "contain" }} /> : null}
          <Typography.Title level={4} style={{ margin: 0, whiteSpace: "nowrap" }}>
            {productName}
          </Typography.Title>
        </div>
      )}
      <div style={{ flex: 1, minWidth: 0, display: "flex", alignItems: "center" }}>
        {tenantMenu ? (
          <Typography.Text strong ellipsis={narrow ? { tooltip: user.tenantName } : false} style={narrow ? { maxWidth: NARROW_NAME_WIDTH } : undefined} data-testid="shell-tenant-name">
            {user.tenantName}
          </Typography.Text>
        ) : (
          <CommunityPicker sceneName={user.sceneName} narrow={narrow} />
        )}
      </div>
      <UserArea user={user} communityId={community?.communityId ?? null} productName={productName} narrow={narrow} />
    </Layout.Header>
  );
}
