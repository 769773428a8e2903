// Waivers waiting for approval in the community: approve or reject (with a reason).
import { App, Button, Space } from "antd";
import { useState } from "react";
import { waiverColumns } from "../shared/columns.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { api } from "../../../http/api.ts";

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
  const title = useRouteTitle();
  const { message } = App.useApp();
  const { page, table } = usePaging(10);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useResourcePage<Waiver>("waivers", { communityId, status }, page);
  const approve = async (id: number) => {
    await api.approveWaiver({ params: { id } });
    void message.success("审核通过");
    list.reload();
  };
  return (
    <>
      <DataTable<Waiver>
        label={title}
        {...table(list)}
        columns={[
          { title: "账单", dataIndex: "billIdLabel" },
          { title: "房屋", dataIndex: "roomIdLabel" },
          ...waiverColumns("waiverType", "discount", "amount", "reason", "status", "createdAt"),
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
          await api.rejectWaiver({ params: { id: rejecting! }, body: { reason } });
          void message.success("已驳回");
          setRejecting(null);
          list.reload();
        }}
      />
    </>
  );
}
