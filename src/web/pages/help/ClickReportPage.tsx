// 点击统计 (/system/clickReport): clicks per tracking code of the tenant (GET {management}/clickRecords/
// actions/countByCode), optionally within a time range or for codes containing a keyword. The raw
// records are the generic list at /system/clickRecords.
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Input, Space, Table } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { CountClicksByCodeData } from "../../../../generated/operation-types.ts";
import { queries } from "../../http/query-client.ts";
import { useRouteTitle } from "../../generic/routeTitle.ts";
import { RangePickerOnUse } from "../../generic/kits/DatePickerOnUse.tsx";
import { chinaDateTime } from "../../../common/china-time.ts";

type CodeCount = CountClicksByCodeData["list"][number];

export default function ClickReportPage() {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [keyword, setKeyword] = useState("");
  // The keyword applies when searched (the range as soon as it changes); errors are shown by the wrapper.
  const [searched, setSearched] = useState("");
  const clicks = useQuery(
    queries.countClicksByCode.queryOptions({
      query: {
        from: range?.[0]?.startOf("day").toISOString(),
        to: range?.[1]?.add(1, "day").startOf("day").toISOString(),
        keyword: searched || undefined,
      },
    }),
  );
  const search = () => {
    const next = keyword.trim();
    if (next === searched) void clicks.refetch();
    else setSearched(next);
  };

  return (
    <Card
      title={title}
      extra={
        <Button type="link" onClick={() => navigate("/system/clickRecords")}>
          查看埋点记录
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <RangePickerOnUse value={range} onChange={(v) => setRange(v)} />
        <Input.Search placeholder="埋点编码" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={search} style={{ width: 220 }} />
      </Space>
      <Table<CodeCount>
        rowKey="lc"
        loading={clicks.isFetching}
        dataSource={clicks.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: "埋点编码", dataIndex: "lc" },
          { title: "点击次数", dataIndex: "count", sorter: (a, b) => a.count - b.count, defaultSortOrder: "descend" },
          { title: "用户数", dataIndex: "users", sorter: (a, b) => a.users - b.users },
          { title: "最近点击", dataIndex: "lastTime", render: (t: string | null) => (t ? chinaDateTime(t) : "-") },
        ]}
      />
    </Card>
  );
}
