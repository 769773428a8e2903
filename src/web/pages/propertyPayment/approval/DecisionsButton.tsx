// A bill's approval decisions (billApprovals: who, when, which way, why) in a popover.
import { Button, Popover, Table } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useResourcePageLoader } from "../../../generic/table/useResourcePage.ts";
import { MapTag } from "../shared/labels.tsx";

interface Decision {
  id: number;
  decision: number;
  reason: string | null;
  deciderIdLabel?: string;
  decidedAt: string;
}

export function DecisionsButton({ billId }: { billId: number }) {
  const [rows, setRows] = useState<Decision[] | null>(null);
  const loadPage = useResourcePageLoader();
  const load = async (open: boolean) => {
    if (!open || rows) return;
    const page = await loadPage<Decision>("billApprovals", { billId }, 50);
    setRows(page.list);
  };
  return (
    <Popover
      trigger="click"
      title="审核记录"
      onOpenChange={load}
      content={
        <Table<Decision>
          size="small"
          rowKey="id"
          pagination={false}
          loading={!rows}
          dataSource={rows ?? []}
          style={{ width: 420 }}
          columns={[
            { title: "结果", dataIndex: "decision", render: (_, r) => <MapTag mapping="billStatus" value={r.decision} /> },
            { title: "审核人", dataIndex: "deciderIdLabel" },
            { title: "时间", dataIndex: "decidedAt", render: (_, r) => dayjs(r.decidedAt).format("YYYY-MM-DD HH:mm") },
            { title: "原因", dataIndex: "reason", render: (_, r) => r.reason ?? "-" },
          ]}
          locale={{ emptyText: "暂无审核记录" }}
        />
      }
    >
      <Button type="link" size="small">
        记录
      </Button>
    </Popover>
  );
}
