// 退款审核: the community's refunds by state; approve (money goes back, the bill is owed again) or
// reject with a reason.
import { App, Button, Radio, Space, Table } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { paymentApi } from "../api.ts";
import { MapTag, optionsOf } from "../shared/labels.tsx";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { useLoad } from "../shared/useLoad.ts";

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
  const { message, modal } = App.useApp();
  const [status, setStatus] = useState(1);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useLoad(() => paymentApi.pageList<Refund>("refunds", { communityId, status, ...page }), [communityId, status, page.pageNo, page.pageSize]);
  const approve = (r: Refund) =>
    modal.confirm({
      title: `确认退款 ¥${r.amount}？`,
      content: "退款后该账单的已收金额相应减少，可重新缴费。",
      okText: "确认退款",
      cancelText: "取消",
      onOk: async () => {
        await paymentApi.approveRefund(r.id);
        void message.success("退款成功");
        list.reload();
      },
    });
  return (
    <>
      <Radio.Group value={status} onChange={(e) => (setStatus(e.target.value), setPage((p) => ({ ...p, pageNo: 1 })))} options={optionsOf("refundStatus")} optionType="button" style={{ marginBottom: 12 }} />
      <Table<Refund>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: "max-content" }}
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: list.data?.total ?? 0, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: "原收款流水", dataIndex: "paymentIdLabel" },
          { title: "房屋", dataIndex: "roomIdLabel" },
          { title: "退款金额(元)", dataIndex: "amount", align: "right" },
          { title: "退款方式", dataIndex: "refundMethod", render: (v) => <MapTag mapping="payMethod" value={v} /> },
          { title: "原因", dataIndex: "reason" },
          { title: "申请时间", dataIndex: "applyTime", render: (v) => dayjs(v).format("YYYY-MM-DD HH:mm") },
          { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="refundStatus" value={v} /> },
          { title: "审核人", dataIndex: "approverIdLabel", render: (v) => v ?? "-" },
          { title: "驳回原因", dataIndex: "rejectReason", render: (v) => v ?? "-" },
          {
            title: "操作",
            render: (_v, r) =>
              r.status === 1 ? (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => approve(r)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRejecting(r.id)}>
                    驳回
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title="驳回退款申请"
        onCancel={() => setRejecting(null)}
        onOk={async (reason) => {
          await paymentApi.rejectRefund(rejecting!, reason);
          void message.success("已驳回");
          setRejecting(null);
          list.reload();
        }}
      />
    </>
  );
}
