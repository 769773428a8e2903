// Waivers waiting for approval in the community: approve or reject (with a reason).
import { App, Button, Space, Table } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { paymentApi } from "../api.ts";
import { MapTag } from "../shared/labels.tsx";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { useLoad } from "../shared/useLoad.ts";

interface Waiver {
  id: number;
  billIdLabel?: string;
  roomIdLabel?: string;
  waiverType: number;
  discount: string | null;
  amount: string;
  reason: string;
  status: number;
  createdAt: string;
}

export function PendingWaivers({ communityId, status = 1 }: { communityId: number; status?: number }) {
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useLoad(() => paymentApi.pageList<Waiver>("waivers", { communityId, status, ...page }), [communityId, status, page.pageNo, page.pageSize]);
  const approve = async (id: number) => {
    await paymentApi.approveWaiver(id);
    void message.success("审核通过");
    list.reload();
  };
  return (
    <>
      <Table<Waiver>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: "max-content" }}
        pagination={{ current: page.pageNo, pageSize: page.pageSize, total: list.data?.total ?? 0, onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }}
        columns={[
          { title: "账单", dataIndex: "billIdLabel" },
          { title: "房屋", dataIndex: "roomIdLabel" },
          { title: "减免方式", dataIndex: "waiverType", render: (v) => <MapTag mapping="waiverType" value={v} /> },
          { title: "折扣", dataIndex: "discount", render: (v) => (v ? `${v} 折` : "-") },
          { title: "减免金额(元)", dataIndex: "amount", align: "right" },
          { title: "原因", dataIndex: "reason" },
          { title: "状态", dataIndex: "status", render: (v) => <MapTag mapping="waiverStatus" value={v} /> },
          { title: "申请时间", dataIndex: "createdAt", render: (v) => dayjs(v).format("YYYY-MM-DD HH:mm") },
          {
            title: "操作",
            render: (_v, w) =>
              w.status === 1 ? (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => approve(w.id)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setRejecting(w.id)}>
                    驳回
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title="驳回减免申请"
        onCancel={() => setRejecting(null)}
        onOk={async (reason) => {
          await paymentApi.rejectWaiver(rejecting!, reason);
          void message.success("已驳回");
          setRejecting(null);
          list.reload();
        }}
      />
    </>
  );
}
