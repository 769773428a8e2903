// The community picker's panel (spec §2 Layout, §4): recent list, area tree rooted at 全部区域,
// community search, confirm and cancel. Its own chunk (the tree, search input, tags), loaded when the
// picker is about to open: the header shows only the trigger. State and loading are CommunityPicker's.
import { fillTexts } from "../../../generated/fill-texts.ts";
import { Button, Empty, Input, Space, Spin, Tag, Tree, Typography } from "antd";
import { useMemo } from "react";
import { constants } from "../../../generated/constants.ts";
import { areaTree, filterCommunities, PANEL_WIDTH, sameId, selectCommunity, setSearch, type AreaNode, type Community, type PickerState } from "./picker-state.ts";

export interface CommunityPickerPanelProps {
  sceneName: string;
  state: PickerState;
  setState: (state: PickerState) => void;
  areas: AreaNode[];
  recent: Community[];
  communities: Community[];
  loadingCommunities: boolean;
  chooseArea: (areaId: string | number | null) => void;
  cancel: () => void;
  confirm: () => void;
}

export default function CommunityPickerPanel(props: CommunityPickerPanelProps) {
  const { sceneName, state, setState, areas, recent, communities, loadingCommunities, chooseArea, cancel, confirm } = props;
  const treeData = useMemo(() => areaTree(areas), [areas]);
  const visible = useMemo(() => filterCommunities(communities, state.search), [communities, state.search]);
  const selectedAreaKey = String(state.areaId ?? constants.fallbackAreaId);

  return (
    <div style={{ width: PANEL_WIDTH }} data-testid="community-picker">
      <div style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">最近访问：</Typography.Text>
        {recent.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          recent.map((c) => (
            <Tag.CheckableTag key={String(c.communityId)} checked={sameId(state.selected?.communityId, c.communityId)} onChange={() => setState(selectCommunity(state, c))}>
              {c.communityName}
            </Tag.CheckableTag>
          ))
        )}
      </div>
      <div style={{ display: "flex", gap: 12, height: 320 }}>
        <div style={{ width: 200, maxWidth: "45%", overflow: "auto", borderRight: "1px solid rgba(5,5,5,0.06)" }}>
          <Tree
            blockNode
            defaultExpandAll
            // Remounted when the areas arrive, so the freshly loaded tree opens fully.
            key={areas.length}
            treeData={treeData}
            selectedKeys={[selectedAreaKey]}
            onSelect={(keys) => chooseArea(keys.length > 0 ? String(keys[0]) : null)}
          />
        </div>
        <div style={{ flex: 1, display: "flex", flexDirection: "column", minWidth: 0 }}>
          <Input.Search
            allowClear
            placeholder={fillTexts.webShell.searchCommunity({ scene: sceneName })}
            value={state.search}
            onChange={(e) => setState(setSearch(state, e.target.value))}
            onSearch={(value) => setState(setSearch(state, value.trim()))}
          />
          <div style={{ flex: 1, overflow: "auto", marginTop: 8 }}>
            <Spin spinning={loadingCommunities}>
              {visible.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fillTexts.webShell.noCommunity({ scene: sceneName })} />
              ) : (
                visible.map((c) => {
                  const checked = sameId(state.selected?.communityId, c.communityId);
                  return (
                    <div
                      key={String(c.communityId)}
                      role="option"
                      aria-selected={checked}
                      tabIndex={0}
                      onClick={() => setState(selectCommunity(state, c))}
                      // Enter or Space picks the focused community, as a click does.
                      onKeyDown={(e) => {
                        if (e.key !== "Enter" && e.key !== " ") return;
                        e.preventDefault();
                        setState(selectCommunity(state, c));
                      }}
                      style={{
                        padding: "6px 8px",
                        cursor: "pointer",
                        borderRadius: 4,
                        background: checked ? "rgba(22,119,255,0.1)" : undefined,
                        color: checked ? "#1668dc" : undefined,
                      }}
                    >
                      {c.communityName}
                    </div>
                  );
                })
              )}
            </Spin>
          </div>
        </div>
      </div>
      <div style={{ display: "flex", justifyContent: "flex-end", marginTop: 12 }}>
        <Space>
          <Button onClick={cancel}>取消</Button>
          <Button type="primary" onClick={confirm} disabled={!state.selected}>
            确定
          </Button>
        </Space>
      </div>
    </div>
  );
}
