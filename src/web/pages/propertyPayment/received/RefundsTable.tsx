// 退款审核: the community's refunds by state; approve (money goes back, the bill is owed again) or
// reject with a reason, on the rows whose state the refunds' declared actions start from
// (common/payment/row-actions.ts, the same the server checks).
import { App, Button, Radio, Space } from "antd";
import { useState } from "react";
import { optionsOf } from "../shared/labels.tsx";
import { orDash, refundColumns } from "../shared/columns.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { api } from "../../../http/api.ts";
import { refundRowActions } from "../../../../common/payment/row-actions.ts";
import { RefundStatus } from "../../../../../generated/states.ts";

interface Refund {
  id: number;
  paymentIdLabel?: string;
  roomIdLabel?: string;
  amount: string;
  refundMethod: number;
  reason: string;
  applyTime: string;
  status: number;
  approverIdLabel?: string;
  refundedAt: string | null;
  rejectReason: string | null;
}

export function RefundsTable({ communityId }: { communityId: number }) {
  const title = useRouteTitle();
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState<number>(RefundStatus.Pending);
  const { page, firstPage, table } = usePaging(10);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useResourcePage<Refund>("refunds", { communityId, status }, page);
  const approve = (r: Refund) =>
    modal.confirm({
      title: `确认退款 ¥${r.amount}？`,
      content: "退款后该账单的已收金额相应减少，可重新缴费。",
      okText: "确认退款",
      cancelText: "取消",
      onOk: async () => {
        await api.approveRefund({ params: { id: r.id } });
        void message.success("退款成功");
        list.reload();
      },
    });
  return (
    <>
      <Radio.Group value={status} onChange={(e) => (setStatus(Number(e.target.value)), firstPage())} options={optionsOf("refundStatus")} optionType="button" style={{ marginBottom: 12 }} />
      <DataTable<Refund>
        label={title}
        {...table(list)}
        columns={[
          { title: "原收款流水", dataIndex: "paymentIdLabel" },
          { title: "房屋", dataIndex: "roomIdLabel" },
          ...refundColumns("amount", "refundMethod", "reason", "applyTime", "status"),
          { title: "审核人", dataIndex: "approverIdLabel", render: orDash },
          { title: "驳回原因", dataIndex: "rejectReason", render: orDash },
          {
            title: "操作",
            render: (_v, r) => {
              const actions = refundRowActions(r);
              return actions.length ? (
                <Space size={4}>
                  {actions.map((a) => (
                    <Button key={a.name} type="link" size="small" danger={a.danger} onClick={() => (a.name === "approve" ? approve(r) : setRejecting(r.id))}>
                      {a.label}
                    </Button>
                  ))}
                </Space>
              ) : null;
            },
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title="驳回退款申请"
        onCancel={() => setRejecting(null)}
        onOk={async (reason) => {
          await api.rejectRefund({ params: { id: rejecting! }, body: { reason } });
          void message.success("已驳回");
          setRejecting(null);
          list.reload();
        }}
      />
    </>
  );
}
