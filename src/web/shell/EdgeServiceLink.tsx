// The edge (cascade) service link of the header (spec §2, §4, §6): loaded for the current community
// when the user has HBL03019; the name is cut to 10 characters plus an ellipsis; a click opens the
// edge service, asking for authorisation first when it has none.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { ClusterOutlined } from "@ant-design/icons";
import { Button, message, Modal, Tooltip } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shellKeys, shellMutations, shellQueries, type EdgeService } from "./shell-queries.ts";
import { edgeJumpFlow } from "./edge-state.ts";
import { openWindow, showSmartPlatformFailed } from "./external-window.ts";
import { showsEdgeService, truncateEdgeName } from "./header-state.ts";

/** The edge service of the current community (null: none, not loaded, or not allowed) and how to open it. */
export function useEdgeService(authorities: readonly string[], communityId: string | number | null): { edge: EdgeService; jump: () => void } | null {
  const client = useQueryClient();
  const enabled = showsEdgeService(authorities, communityId);
  const loaded = useQuery({ ...shellQueries.edgeService(communityId ?? 0), enabled: enabled && communityId != null }).data;
  const authorize = useMutation({ ...shellMutations.authorizeEdge(), onSuccess: () => client.invalidateQueries({ queryKey: shellKeys.edgeService }) });
  const edge = enabled && loaded && loaded.id != null ? loaded : null;

  if (!edge || communityId == null) return null;

  const jump = () =>
    void edgeJumpFlow({
      isAuthorized: async () => edge.authorized === true || Boolean((await client.fetchQuery(shellQueries.edgeAuth(edge.id)))?.authorized),
      askConsent: () =>
        new Promise<boolean>((resolve) => {
          Modal.confirm({
            title: "授权访问",
            content: fillTexts.webShell.authorizeEdge({ name: edge.name }),
            okText: "授权",
            cancelText: "取消",
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      authorize: () => authorize.mutateAsync({ body: { edgeId: edge.id } }),
      showSuccess: (text) => void message.success(text),
      open: async () => {
        const { jumpAddr } = await client.fetchQuery(shellQueries.edgeJumpAddress(edge.id));
        if (!jumpAddr) throw new Error("no address");
        // Opened: the edge service is authorised from now on (no second question).
        client.setQueryData(shellQueries.edgeService(communityId).queryKey, (e) => (e && e.id === edge.id ? { ...e, authorized: true } : e));
        return openWindow(jumpAddr);
      },
      showOpenFailure: showSmartPlatformFailed,
    }).catch(() => undefined);

  return { edge, jump };
}

/** The header's button of the edge service (on a phone, 更多 lists it instead: UserArea.tsx). */
export default function EdgeServiceLink({ edge, jump }: { edge: EdgeService; jump: () => void }) {
  return (
    <Tooltip title={edge.name}>
      <Button type="text" icon={<ClusterOutlined />} onClick={jump} style={{ color: "inherit" }} data-testid="edge-service-link">
        {truncateEdgeName(edge.name)}
      </Button>
    </Tooltip>
  );
}
