// The community switcher of the header (spec §2 Layout, §4): recent list, area tree rooted at
// 全部区域, community search, confirm and cancel. The state logic is picker-state.ts; the panel
// (CommunityPickerPanel.tsx: tree, search, tags) is its own chunk, loaded when the picker is about
// to open, so the header's first load carries only the trigger.
import { DownOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { Button, Popover, Spin } from "antd";
import { Suspense, useRef, useState } from "react";
import { constants } from "../../../generated/constants.ts";
import { lazyPage } from "../lib/lazyPage.ts";
import { setCurrentCommunity, useCurrentCommunity } from "../state/community.ts";
import { fetchAreaTree, fetchCommunities, fetchRecentCommunities, saveRecentCommunities } from "./api.ts";
import {
  cancelPicker,
  closedPicker,
  confirmPicker,
  openPicker,
  PANEL_WIDTH,
  resolveCurrentCommunity,
  sameId,
  selectArea,
  type AreaNode,
  type Community,
  type PickerLoad,
  type PickerState,
} from "./picker-state.ts";
import { communitiesOf } from "./use-community-bootstrap.ts";

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
  const [areas, setAreas] = useState<AreaNode[]>([]);
  const [recent, setRecent] = useState<Community[]>([]);
  const [communities, setCommunities] = useState<Community[]>([]);
  const [loadingCommunities, setLoadingCommunities] = useState(false);
  const communityRequest = useRef(0);

  const run = (loads: PickerLoad[]) => {
    for (const load of loads) {
      if (load.kind === "areas")
        fetchAreaTree().then(
          (a) => setAreas(a ?? []),
          () => undefined,
        );
      else if (load.kind === "recent")
        fetchRecentCommunities().then(
          (r) => setRecent(communitiesOf(r?.recentList)),
          () => undefined,
        );
      else {
        const ticket = ++communityRequest.current;
        setLoadingCommunities(true);
        fetchCommunities(load.areaId)
          .then(
            (rows) => {
              if (ticket !== communityRequest.current) return;
              const list = communitiesOf(rows);
              setCommunities(list);
              // The whole tenant has no community: spec §4 clears the current one (暂无 + scene).
              if (list.length === 0 && sameId(load.areaId, constants.fallbackAreaId)) {
                setCurrentCommunity(resolveCurrentCommunity([], [], sceneName));
              }
            },
            () => ticket === communityRequest.current && setCommunities([]),
          )
          .finally(() => ticket === communityRequest.current && setLoadingCommunities(false));
      }
    }
  };

  const open = () => {
    const step = openPicker(current);
    setState(step.state);
    setCommunities([]);
    run(step.loads);
  };
  const cancel = () => setState(cancelPicker());
  const chooseArea = (areaId: string | number | null) => {
    const step = selectArea(state, areaId);
    setState(step.state);
    run(step.loads);
  };
  const confirm = () => {
    const result = confirmPicker(state, recent);
    setState(result.state);
    if (result.community) setCurrentCommunity(result.community);
    if (result.recentIds)
      saveRecentCommunities(result.recentIds).then(
        (r) => setRecent(communitiesOf(r?.recentList)),
        () => undefined,
      );
  };

  const panel = (
    <Suspense fallback={panelFallback}>
      <CommunityPickerPanel
        sceneName={sceneName}
        state={state}
        setState={setState}
        areas={areas}
        recent={recent}
        communities={communities}
        loadingCommunities={loadingCommunities}
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
