// Waivers waiting for approval in the community: approve or reject (with a reason). A row offers what
// the server accepts for it (common/payment/row-actions.ts): its state, and for an approval its bill
// as the bill lists show it now (still payable, owing at least all of its waiting waivers), read per
// room of the page's waiting waivers.
import { hasAuthority } from "../shared/authority.ts";
import { PAYMENT_APPROVE } from "../../../../common/payment/codes.ts";
import { useMutation, useQueries } from "@tanstack/react-query";
import { App, Button, Space } from "antd";
import { useState } from "react";
import { waiverColumns } from "../shared/columns.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { queries } from "../../../http/query-client.ts";
import { useWaiverWritten } from "../shared/queries.ts";
import { waiverRowActions, startsFrom, type BillRowView } from "../../../../common/payment/row-actions.ts";
import { stateActions } from "../../../../../generated/actions.ts";
import { WaiverStatus } from "../../../../../generated/states.ts";

interface Waiver {
  id: number;
  billId: number;
  billIdLabel?: string;
  roomId: number;
  roomIdLabel?: string;
  waiverType: number;
  discount: string | null;
  amount: string;
  reason: string;
  status: number;
  createdAt: string;
}

/** The most bills of one room the page reads to decide its waivers' buttons. */
const ROOM_BILLS = 500;

export function PendingWaivers({ communityId, status = WaiverStatus.Pending }: { communityId: number; status?: number }) {
  const title = useRouteTitle();
  const { message } = App.useApp();
  const { page, table } = usePaging(10);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useResourcePage<Waiver>("waivers", { communityId, status }, page);
  // The bills of the rooms whose waivers an approval may start from.
  const rooms = [...new Set((list.data?.list ?? []).filter((w) => startsFrom(stateActions.waivers.actions.approve, w.status)).map((w) => w.roomId))];
  const roomBills = useQueries({ queries: rooms.map((roomId) => queries.queryBills.queryOptions({ body: { communityId, roomId, pageNo: 1, pageSize: ROOM_BILLS } })) });
  const billById = new Map<number, BillRowView>(roomBills.flatMap((q) => q.data?.list ?? []).map((b) => [b.id, b]));
  // A decision changes the waivers list and, approved, the bill.
  const written = useWaiverWritten();
  // Deciding is 收费审核's (PAYMENT_APPROVE): a cashier who applies sees the waiver waiting.
  const mayDecide = hasAuthority(PAYMENT_APPROVE);
  const approval = useMutation({
    ...queries.approveWaiver.mutationOptions(),
    onSuccess: () => {
      void message.success("审核通过");
      return written();
    },
  });
  const rejection = useMutation({
    ...queries.rejectWaiver.mutationOptions(),
    onSuccess: () => {
      void message.success("已驳回");
      setRejecting(null);
      return written();
    },
  });
  // A refusal is shown by the request wrapper: no uncaught error.
  const approve = (id: number) => approval.mutateAsync({ params: { id } }).catch(() => undefined);
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
            render: (_v, w) => {
              const actions = mayDecide ? waiverRowActions(w, billById.get(w.billId)) : [];
              return actions.length ? (
                <Space size={4}>
                  {actions.map((a) => (
                    <Button key={a.name} type="link" size="small" danger={a.danger} onClick={() => (a.name === "approve" ? approve(w.id) : setRejecting(w.id))}>
                      {a.label}
                    </Button>
                  ))}
                </Space>
              ) : null;
            },
          },
        ]}
      />
      <ReasonDialog open={rejecting !== null} title="驳回减免申请" onCancel={() => setRejecting(null)} onOk={(reason) => rejection.mutateAsync({ params: { id: rejecting! }, body: { reason } })} />
    </>
  );
}
