// The community switcher of the header (spec §2 Layout, §4): recent list, area tree rooted at
// 全部区域, community search, confirm and cancel. The state logic is picker-state.ts.
import { DownOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { Button, Empty, Input, Popover, Space, Spin, Tag, Tree, Typography } from "antd";
import { useMemo, useRef, useState } from "react";
import { constants } from "../../../generated/constants.ts";
import { setCurrentCommunity, useCurrentCommunity } from "../state/community.ts";
import { fetchAreaTree, fetchCommunities, fetchRecentCommunities, saveRecentCommunities } from "./api.ts";
import {
  areaTree, cancelPicker, closedPicker, confirmPicker, filterCommunities, openPicker, resolveCurrentCommunity, sameId,
  selectArea, selectCommunity, setSearch, type AreaNode, type Community, type PickerLoad, type PickerState,
} from "./picker-state.ts";
import { communitiesOf } from "./use-community-bootstrap.ts";

export default function CommunityPicker({ sceneName }: { sceneName: string }) {
  const current = useCurrentCommunity();
  const [state, setState] = useState<PickerState>(closedPicker);
  const [areas, setAreas] = useState<AreaNode[]>([]);
  const [recent, setRecent] = useState<Community[]>([]);
  const [communities, setCommunities] = useState<Community[]>([]);
  const [loadingCommunities, setLoadingCommunities] = useState(false);
  const communityRequest = useRef(0);

  const run = (loads: PickerLoad[]) => {
    for (const load of loads) {
      if (load.kind === "areas") fetchAreaTree().then((a) => setAreas(a ?? []), () => undefined);
      else if (load.kind === "recent") fetchRecentCommunities().then((r) => setRecent(communitiesOf(r?.recentList)), () => undefined);
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
    if (result.recentIds) saveRecentCommunities(result.recentIds).then((r) => setRecent(communitiesOf(r?.recentList)), () => undefined);
  };

  const treeData = useMemo(() => areaTree(areas), [areas]);
  const visible = useMemo(() => filterCommunities(communities, state.search), [communities, state.search]);
  const selectedAreaKey = String(state.areaId ?? constants.fallbackAreaId);

  const content = (
    <div style={{ width: 560 }} data-testid="community-picker">
      <div style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">最近访问：</Typography.Text>
        {recent.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          recent.map((c) => (
            <Tag.CheckableTag
              key={String(c.communityId)}
              checked={sameId(state.selected?.communityId, c.communityId)}
              onChange={() => setState(selectCommunity(state, c))}
            >
              {c.communityName}
            </Tag.CheckableTag>
          ))
        )}
      </div>
      <div style={{ display: "flex", gap: 12, height: 320 }}>
        <div style={{ width: 200, overflow: "auto", borderRight: "1px solid rgba(5,5,5,0.06)" }}>
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
            placeholder={`请输入${sceneName}名称`}
            value={state.search}
            onChange={(e) => setState(setSearch(state, e.target.value))}
            onSearch={(value) => setState(setSearch(state, value.trim()))}
          />
          <div style={{ flex: 1, overflow: "auto", marginTop: 8 }}>
            <Spin spinning={loadingCommunities}>
              {visible.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${sceneName}`} />
              ) : (
                visible.map((c) => {
                  const checked = sameId(state.selected?.communityId, c.communityId);
                  return (
                    <div
                      key={String(c.communityId)}
                      role="option"
                      aria-selected={checked}
                      onClick={() => setState(selectCommunity(state, c))}
                      style={{
                        padding: "6px 8px",
                        cursor: "pointer",
                        borderRadius: 4,
                        background: checked ? "rgba(22,119,255,0.1)" : undefined,
                        color: checked ? "#1677ff" : undefined,
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

  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={state.open}
      onOpenChange={(next) => (next ? open() : cancel())}
      content={content}
      destroyOnHidden
    >
      <Button type="text" data-testid="community-picker-trigger" style={{ color: "inherit" }}>
        <EnvironmentOutlined />
        <span style={{ maxWidth: 240, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {current?.communityName || `${constants.fallbackCommunityName}${sceneName}`}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Popover>
  );
}
