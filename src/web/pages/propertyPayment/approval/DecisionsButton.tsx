// A bill's approval decisions (billApprovals: who, when, which way, why) in a popover: those made on
// the bill itself and the whole-batch approval of its generation batch (one decision for the batch,
// with how many bills it approved), newest first.
import { useQueries } from "@tanstack/react-query";
import { Button, Popover, Table } from "antd";
import { useState } from "react";
import { useResourceListOptions } from "../shared/resource-lists.ts";
import { MapTag } from "../shared/labels.tsx";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { dateTime } from "../shared/columns.tsx";

interface Decision {
  id: number;
  billId: number | null;
  batchIdLabel?: string;
  decision: number;
  billCount: number | null;
  deductedCount: number | null;
  reason: string | null;
  deciderIdLabel?: string;
  decidedAt: string;
}

/** What the decision was about beyond its result: the reason of a rejection, the batch of a whole-batch approval. */
function remark(d: Decision): string {
  if (d.billId === null)
    return fillTexts.payApproval.batchDecision({
      batch: d.batchIdLabel ?? "",
      count: d.billCount ?? 0,
      deducted: d.deductedCount ? fillTexts.payApproval.batchDeducted({ count: d.deductedCount }) : "",
    });
  return d.reason ?? "-";
}

export function DecisionsButton({ billId, batchId }: { billId: number; batchId?: number | null }) {
  // Read when the popover opens (again at each opening: a decision may have been made meanwhile).
  const [open, setOpen] = useState(false);
  const listOptions = useResourceListOptions();
  const lists = useQueries({
    queries: [
      { ...listOptions<Decision>("billApprovals", { billId }, 50), enabled: open },
      { ...listOptions<Decision>("billApprovals", { batchId }, 50), enabled: open && !!batchId },
    ],
  });
  const [own, batch] = lists;
  const rows = own.data && (!batchId || batch.data) ? [...own.data.list, ...(batchId ? (batch.data?.list ?? []) : [])].sort((a, b) => b.decidedAt.localeCompare(a.decidedAt) || b.id - a.id) : null;
  return (
    <Popover
      trigger="click"
      title="审核记录"
      onOpenChange={setOpen}
      content={
        <Table<Decision>
          size="small"
          rowKey="id"
          pagination={false}
          loading={!rows}
          dataSource={rows ?? []}
          style={{ width: 460, maxWidth: "calc(100vw - 48px)" }}
          columns={[
            { title: "结果", dataIndex: "decision", render: (_, r) => <MapTag mapping="billStatus" value={r.decision} /> },
            { title: "审核人", dataIndex: "deciderIdLabel", width: 72 },
            { title: "时间", dataIndex: "decidedAt", width: 96, render: (_, r) => dateTime(r.decidedAt) },
            { title: "说明", dataIndex: "reason", render: (_, r) => remark(r) },
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
