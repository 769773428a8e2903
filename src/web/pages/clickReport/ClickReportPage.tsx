// 点击统计 (/system/clickReport): clicks per tracking code of the tenant (GET {management}/clickRecords/
// actions/countByCode), optionally within a time range or for codes containing a keyword. The raw
// records are the generic list at /system/clickRecords.
import { Button, Card, Input, Space, Table } from "antd";
import type { Dayjs } from "dayjs";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import http from "../../http/request.ts";
import type { PageProps } from "../registry.ts";
import { RangePickerOnUse } from "../../generic/kits/DatePickerOnUse.tsx";

interface CodeCount {
  lc: string;
  count: number;
  users: number;
  lastTime: string | null;
}

export default function ClickReportPage(_props: PageProps) {
  const navigate = useNavigate();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [keyword, setKeyword] = useState("");
  const [rows, setRows] = useState<CodeCount[]>([]);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await http.get<{ list: CodeCount[] }>("/api/management/clickRecords/actions/countByCode", {
        from: range?.[0]?.startOf("day").toISOString(),
        to: range?.[1]?.add(1, "day").startOf("day").toISOString(),
        keyword: keyword.trim() || undefined,
      });
      setRows(data.list);
    } catch {
      // shown by the wrapper
    } finally {
      setLoading(false);
    }
  }, [range, keyword]);

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range]);

  return (
    <Card
      title="点击统计"
      extra={
        <Button type="link" onClick={() => navigate("/system/clickRecords")}>
          查看埋点记录
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <RangePickerOnUse value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
        <Input.Search placeholder="埋点编码" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={() => void load()} style={{ width: 220 }} />
      </Space>
      <Table<CodeCount>
        rowKey="lc"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: "埋点编码", dataIndex: "lc" },
          { title: "点击次数", dataIndex: "count", sorter: (a, b) => a.count - b.count, defaultSortOrder: "descend" },
          { title: "用户数", dataIndex: "users", sorter: (a, b) => a.users - b.users },
          { title: "最近点击", dataIndex: "lastTime", render: (t: string | null) => (t ? new Date(t).toLocaleString("zh-CN", { hour12: false }) : "-") },
        ]}
      />
    </Card>
  );
}
