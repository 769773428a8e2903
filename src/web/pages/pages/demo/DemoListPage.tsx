// 列表示例 (/list, demo page of spec §2): a plain list over real data — the tenant's communities
// (GET {system}/communities), with the keyword search of spec §5 (trimmed, on Enter) and paging.
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { Card, Input, Table } from "antd";
import { useMemo, useState } from "react";
import { withScene } from "../../../state/scene.ts";
import { useCommunities } from "../../../ui/CommunitySelect.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";

export default function DemoListPage() {
  const pageTitle = useRouteTitle();
  const [keyword, setKeyword] = useState("");
  const { data, isFetching: loading } = useCommunities();
  const rows = useMemo(() => (data ?? []).filter((r) => !keyword || r.communityName.includes(keyword)), [data, keyword]);
  return (
    <Card title={pageTitle} variant="borderless">
      <Input.Search allowClear placeholder={withScene("请输入{scene}名称")} onSearch={(v) => setKeyword(v.trim())} style={{ width: 260, marginBottom: 16 }} />
      <Table
        rowKey="communityId"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 10, showTotal: (n) => fillTexts.webList.total({ count: n }) }}
        columns={[
          { title: withScene("{scene}编号"), dataIndex: "communityId" },
          { title: withScene("{scene}名称"), dataIndex: "communityName" },
          { title: "行政区划代码", dataIndex: "administrativeCode", render: (v: string | null) => v ?? "-" },
        ]}
      />
    </Card>
  );
}
