// The community switcher of the header (spec §2 Layout, §4): recent list, area tree rooted at
// 全部区域, community search, confirm and cancel. The state logic is picker-state.ts; the panel
// (CommunityPickerPanel.tsx: tree, search, tags) is its own chunk, loaded when the picker is about
// to open, so the header's first load carries only the trigger.
import { DownOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { Button, Popover, Spin } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { constants } from "../../../generated/constants.ts";
import { lazyPage } from "../lib/lazyPage.ts";
import { setCurrentCommunity, useCurrentCommunity } from "../state/community.ts";
import { queries } from "../http/query-client.ts";
import { pickerQueries } from "./queries.ts";
import { areaIdForQuery, cancelPicker, closedPicker, confirmPicker, openPicker, PANEL_WIDTH, resolveCurrentCommunity, sameId, selectArea, type PickerState } from "./picker-state.ts";

const loadPanel = () => import("./CommunityPickerPanel.tsx");
const CommunityPickerPanel = lazyPage(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/** The panel's size while its chunk loads, so the popover does not jump. */
const panelFallback = (
  <div style={{ width: PANEL_WIDTH, height: 392, display: "flex", alignItems: "center", justifyContent: "center" }}>
    <Spin />
  </div>
);

/** The widest a name shows in a phone's header, cut with an ellipsis (240 px on wider screens). */
export const NARROW_NAME_WIDTH = 120;

/**
 * On a phone (`narrow`) the name is shorter, and the panel opens centred under the trigger: antd
 * shifts a centred popover back into the window, where a left-aligned one would pass its right edge.
 */
export default function CommunityPicker({ sceneName, narrow = false }: { sceneName: string; narrow?: boolean }) {
  const current = useCurrentCommunity();
  const [state, setState] = useState<PickerState>(closedPicker);
  // The picker's loads (picker-state.ts: areas, recent list, the chosen area's communities) are
  // queries enabled while it is open: opening reads them again, choosing an area reads its communities.
  const client = useQueryClient();
  const areaId = areaIdForQuery(state.areaId);
  const areas = useQuery({ ...pickerQueries.areaTree(), enabled: state.open });
  const recent = useQuery({ ...pickerQueries.recent(), enabled: state.open });
  const communities = useQuery({ ...pickerQueries.communities(areaId), enabled: state.open });
  const communityList = communities.isError ? [] : (communities.data ?? []);
  const saveRecent = useMutation({
    ...queries.setRecentCommunityList.mutationOptions(),
    onSuccess: () => void client.invalidateQueries({ queryKey: queries.getRecentCommunityList.key }),
  });

  // The whole tenant has no community: spec §4 clears the current one (暂无 + scene).
  const { dataUpdatedAt, isPlaceholderData } = communities;
  const noCommunity = !isPlaceholderData && dataUpdatedAt > 0 && communities.data?.length === 0 && sameId(areaId, constants.fallbackAreaId);
  useEffect(() => {
    if (noCommunity) setCurrentCommunity(resolveCurrentCommunity([], [], sceneName));
  }, [noCommunity, dataUpdatedAt, sceneName]);

  const open = () => setState(openPicker(current).state);
  const cancel = () => setState(cancelPicker());
  const chooseArea = (id: string | number | null) => setState(selectArea(state, id).state);
  const confirm = () => {
    const result = confirmPicker(state, recent.data ?? []);
    setState(result.state);
    if (result.community) setCurrentCommunity(result.community);
    if (result.recentIds) saveRecent.mutate({ body: { communityIds: [...result.recentIds] } });
  };

  const panel = (
    <Suspense fallback={panelFallback}>
      <CommunityPickerPanel
        sceneName={sceneName}
        state={state}
        setState={setState}
        areas={areas.data ?? []}
        recent={recent.data ?? []}
        communities={communityList}
        loadingCommunities={communities.isFetching}
        chooseArea={chooseArea}
        cancel={cancel}
        confirm={confirm}
      />
    </Suspense>
  );

  return (
    <Popover trigger="click" placement={narrow ? "bottom" : "bottomLeft"} open={state.open} onOpenChange={(next) => (next ? open() : cancel())} content={panel} destroyOnHidden>
      <Button
        type="text"
        data-testid="community-picker-trigger"
        // Never wider than the header leaves it: a long name is cut rather than overlapping the user area.
        style={{ color: "inherit", maxWidth: "100%" }}
        // The panel's chunk starts loading as the pointer or focus reaches the trigger.
        onMouseEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <EnvironmentOutlined />
        <span style={{ maxWidth: narrow ? NARROW_NAME_WIDTH : 240, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {current?.communityName || `${constants.fallbackCommunityName}${sceneName}`}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Popover>
  );
}
