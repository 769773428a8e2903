// A picker of the tenant's communities (GET {system}/communities) for pages outside the shell and
// boards that choose their community themselves.
import { Select } from "antd";
import type { CSSProperties } from "react";
import { api } from "../../http/api.ts";
import { useApi } from "./useApi.ts";

export function useCommunities() {
  return useApi(() => api.listCommunities({ query: { areaId: 1 } }), []);
}

export function CommunitySelect({ value, onChange, style }: { value?: number | null; onChange: (id: number) => void; style?: CSSProperties }) {
  const { data, loading } = useCommunities();
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
