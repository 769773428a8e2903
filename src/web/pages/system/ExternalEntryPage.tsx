// The menu items that open another system in a new window (spec §2 Layout), when their route is
// opened directly: what the system is and a button that opens it the menu's way —
//   fireCharge (/Wisdomiot/FIRECHAEGE): the address from GET {vehicle}/charge/actions/getWebUrl
//     (system configuration item fireChargeUrl); none configured → the jump-error dialog;
//   systemApp (/system/smartPlatform): a one-time ticket and the community appended to the app's
//     address; without an address → 进入智慧平台失败 (spec §8).
import { ExportOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Result } from "antd";
import { openWindowWhenReady, showSmartPlatformFailed } from "../../shell/external-window.ts";
import { ticketUrl } from "../../shell/menu-state.ts";
import { shellMutations, shellQueries } from "../../shell/shell-queries.ts";
import { getCurrentCommunityId } from "../../state/community.ts";
import type { PageProps } from "../../lib/page-props.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";

const TEXT: Record<string, string> = {
  fireCharge: "消防充电平台用于管理电动车集中充电设施与充电安全告警，由第三方平台提供，将在新窗口中打开。",
  systemApp: "智慧平台是在应用中心登记的系统菜单应用，打开时会携带一次性票据和当前社区。",
};

export default function ExternalEntryPage({ route }: PageProps) {
  const kind = route?.external?.kind ?? "";
  const client = useQueryClient();
  const issueTicket = useMutation(shellMutations.ticket());
  const open = () => {
    if (kind === "fireCharge") {
      void openWindowWhenReady(async () => {
        return (await client.fetchQuery(shellQueries.chargeWebUrl())).url;
      });
    } else {
      const applicationUrl = route?.external?.url ?? "";
      void openWindowWhenReady(async () => {
        if (!applicationUrl) return null;
        const { ticket } = await issueTicket.mutateAsync({ query: { type: route?.code ?? route?.authority ?? "app" } });
        return ticketUrl(applicationUrl, ticket, getCurrentCommunityId() ?? null);
      }, showSmartPlatformFailed);
    }
  };
  const title = useRouteTitle();
  return (
    <Card variant="borderless">
      <Result
        icon={<ExportOutlined />}
        title={title}
        subTitle={TEXT[kind] ?? "该功能在新窗口中打开。"}
        extra={
          <Button type="primary" onClick={open}>
            在新窗口打开{title}
          </Button>
        }
      />
    </Card>
  );
}
