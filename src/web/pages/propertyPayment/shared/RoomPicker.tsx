// Finding a room: the community's building → unit → room cascader (spec §7 listByCommunityId,
// listByBuildingId, listByUnitId), or a search by room number, building or unit
// (pageListSimpleRooms). Reports the chosen room id and its label.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Cascader, Select } from "antd";
import type { CascaderProps } from "antd";
import { useRef, useState } from "react";
import { houseQueries } from "../api.ts";

interface Option {
  value: number;
  label: string;
  isLeaf?: boolean;
  level: 0 | 1 | 2;
  children?: Option[];
}

export interface PickedRoom {
  id: number;
  label: string;
}

export function RoomPicker({ communityId, value, onChange }: { communityId: number | string; value?: number | null; onChange: (room: PickedRoom | null) => void }) {
  const client = useQueryClient();
  const buildings = useQuery(houseQueries.buildings(communityId));
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<number[]>([]);
  const [found, setFound] = useState<{ value: number; label: string }[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Another community starts from an empty path (reset while rendering, as React advises).
  const [pathCommunity, setPathCommunity] = useState(communityId);
  if (pathCommunity !== communityId) {
    setPathCommunity(communityId);
    setPath([]);
  }

  // The buildings are the first level; the levels below load as they are opened (adjusted while
  // rendering; null: none shown yet, so buildings already in the cache show at once).
  const [optionsOf, setOptionsOf] = useState<typeof buildings.data | null>(null);
  if (optionsOf !== buildings.data) {
    setOptionsOf(buildings.data);
    // isLeaf false: an option without children counts as a leaf, and a leaf never loads its level.
    setOptions((buildings.data ?? []).map((b) => ({ value: b.id, label: b.name, level: 0 as const, isLeaf: false })));
  }

  const loadLevel = async (selected: Option[]) => {
    const target = selected[selected.length - 1];
    if (target.level === 0) {
      const units = await client.fetchQuery(houseQueries.units(target.value));
      target.children = units.map((u) => ({ value: u.id, label: u.name, level: 1 as const, isLeaf: false }));
    } else if (target.level === 1) {
      const rooms = await client.fetchQuery(houseQueries.rooms(target.value));
      target.children = rooms.map((r) => ({ value: r.id, label: r.roomNo, level: 2 as const, isLeaf: true }));
    }
    setOptions((o) => [...o]);
  };
  const loadData: CascaderProps<Option>["loadData"] = (selected) => void loadLevel(selected);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    const text = keyword.trim();
    if (!text) return setFound([]);
    timer.current = setTimeout(() => void lookUp(text), 300);
  };
  const lookUp = async (text: string) => {
    setSearching(true);
    try {
      const page = await client.fetchQuery(houseQueries.search(communityId, text));
      setFound(page.list.map((r) => ({ value: r.id, label: r.roomName })));
    } finally {
      setSearching(false);
    }
  };

  // A wrapping row whose fields shrink to the card's width on a phone (antd's Space sizes an item to its content).
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8, maxWidth: "100%" }}>
      <Cascader<Option>
        aria-label="选择房屋"
        style={{ flex: "0 1 300px", minWidth: 0 }}
        options={options}
        loadData={loadData}
        value={path.length ? path : undefined}
        placeholder="楼栋 / 单元 / 房屋"
        changeOnSelect={false}
        onChange={(values, selected) => {
          const ids = values ?? [];
          setPath(ids);
          if (ids.length === 3 && selected) onChange({ id: ids[2], label: selected.map((s) => s.label).join(" ") });
          else if (!ids.length) onChange(null);
        }}
      />
      <Select
        aria-label="搜索房屋"
        showSearch
        allowClear
        filterOption={false}
        style={{ flex: "0 1 240px", minWidth: 0 }}
        placeholder="搜索房号 / 楼栋 / 单元"
        loading={searching}
        options={found}
        value={found.some((f) => f.value === value) ? value : undefined}
        onSearch={search}
        onChange={(id) => {
          const hit = found.find((f) => f.value === id);
          setPath([]);
          onChange(hit ? { id: hit.value, label: hit.label } : null);
        }}
        notFoundContent={searching ? "搜索中..." : "输入后搜索"}
      />
    </div>
  );
}
