// A picker of the tenant's communities (GET {system}/communities) for pages outside the shell and
// boards that choose their community themselves.
import { useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import type { CSSProperties } from "react";
import { queries } from "../http/query-client.ts";

export function useCommunities() {
  return useQuery(queries.listCommunities.queryOptions({ query: { areaId: 1 } }));
}

export function CommunitySelect({ value, onChange, style }: { value?: number | null; onChange: (id: number) => void; style?: CSSProperties }) {
  const { data, isFetching: loading } = useCommunities();
  return (
    <Select
      aria-label="选择社区"
      showSearch
      optionFilterProp="label"
      loading={loading}
      value={value ?? undefined}
      placeholder="请选择"
      style={{ width: 220, ...style }}
      options={(data ?? []).map((c) => ({ value: c.communityId, label: c.communityName }))}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
