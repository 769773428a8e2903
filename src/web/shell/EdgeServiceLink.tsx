// The edge (cascade) service link of the header (spec §2, §4, §6): loaded for the current community
// when the user has HBL03019; the name is cut to 10 characters plus an ellipsis; a click opens the
// edge service, asking for authorisation first when it has none.
import { ClusterOutlined } from "@ant-design/icons";
import { Button, message, Modal, Tooltip } from "antd";
import { useEffect, useState } from "react";
import { authorizeEdge, fetchEdgeAuth, fetchEdgeJumpAddress, fetchEdgeService, type EdgeService } from "./api.ts";
import { edgeJumpFlow } from "./edge-state.ts";
import { openWindow, showSmartPlatformFailed } from "./external-window.ts";
import { showsEdgeService, truncateEdgeName } from "./header-state.ts";

/** The edge service of the current community (null: none, not loaded, or not allowed) and how to open it. */
export function useEdgeService(authorities: readonly string[], communityId: string | number | null): { edge: EdgeService; jump: () => void } | null {
  // The edge service loaded for a community: shown only while that community is the current one.
  const [loaded, setLoaded] = useState<{ communityId: string | number; edge: EdgeService | null } | null>(null);
  const enabled = showsEdgeService(authorities, communityId);
  const edge = enabled && loaded && loaded.communityId === communityId ? loaded.edge : null;

  useEffect(() => {
    if (!enabled || communityId == null) return;
    let live = true;
    fetchEdgeService(communityId).then(
      (e) => live && setLoaded({ communityId, edge: e && e.id != null ? e : null }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, communityId]);

  if (!edge) return null;

  const jump = () =>
    void edgeJumpFlow({
      isAuthorized: async () => edge.authorized === true || Boolean((await fetchEdgeAuth(edge.id))?.authorized),
      askConsent: () =>
        new Promise<boolean>((resolve) => {
          Modal.confirm({
            title: "授权访问",
            content: `访问边缘服务“${edge.name}”需要授权，是否授权？`,
            okText: "授权",
            cancelText: "取消",
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      authorize: () => authorizeEdge(edge.id),
      showSuccess: (text) => void message.success(text),
      open: async () => {
        const { jumpAddr } = await fetchEdgeJumpAddress(edge.id);
        if (!jumpAddr) throw new Error("no address");
        setLoaded((l) => (l?.edge && l.edge.id === edge.id ? { ...l, edge: { ...l.edge, authorized: true } } : l));
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
