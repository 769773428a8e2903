// 退款审核: the community's refunds by state; approve (money goes back; a 冲正 makes the bill owed
// again, a 退费 reduces its charge) or reject with a reason, on the rows whose state the refunds'
// declared actions start from (common/payment/row-actions.ts, the same the server checks). An
// approved refund offers its voucher (打印凭证: 退费凭证 or 冲正凭证). A refund of an online payment
// goes back through its gateway: 退款中 until the gateway confirms it (then 已退款 with its voucher),
// or 退款失败 with the gateway's words.
import { hasAuthority } from "../shared/authority.ts";
import { PAYMENT_APPROVE } from "../../../../common/payment/codes.ts";
import { useMutation } from "@tanstack/react-query";
import { App, Button, Radio, Space } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { optionsOf } from "../shared/labels.tsx";
import { dateTime, orDash, refundColumns } from "../shared/columns.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useRouteTitle } from "../../../generic/routeTitle.ts";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { queries } from "../../../http/query-client.ts";
import { useRefundWritten } from "../shared/queries.ts";
import { refundRowActions } from "../../../../common/payment/row-actions.ts";
import { RefundKind, RefundStatus } from "../../../../../generated/states.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { texts } from "../../../../../generated/texts.ts";

interface Refund {
  id: number;
  paymentIdLabel?: string;
  roomIdLabel?: string;
  amount: string;
  refundKind: number;
  voucherNo: string | null;
  refundMethod: number;
  reason: string;
  applyTime: string;
  status: number;
  approverIdLabel?: string;
  refundedAt: string | null;
  rejectReason: string | null;
  failReason: string | null;
}

export function RefundsTable({ communityId }: { communityId: number }) {
  const title = useRouteTitle();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [status, setStatus] = useState<number>(RefundStatus.Pending);
  const { page, firstPage, table } = usePaging(10);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const list = useResourcePage<Refund>("refunds", { communityId, status }, page);
  const written = useRefundWritten();
  // Deciding is 收费审核's (PAYMENT_APPROVE): a cashier who applies sees the refund waiting.
  const mayDecide = hasAuthority(PAYMENT_APPROVE);
  // A decision, taken or refused (perhaps decided meanwhile), is followed by the lists showing it
  // (not awaited: the dialog closes when the server has answered).
  const approval = useMutation({
    ...queries.approveRefund.mutationOptions(),
    onSuccess: (done) => {
      if (done.status === RefundStatus.GatewayProcessing) void message.info(texts.payRefund.sentToGateway);
      else if (done.status === RefundStatus.GatewayFailed) void message.error(fillTexts.payRefund.gatewayFailed({ reason: done.failReason ?? "" }));
      else void message.success(fillTexts.payRefund.approved({ voucherNo: done.voucherNo ?? "" }));
    },
    onSettled: (done) => void written(!!done),
  });
  const rejection = useMutation({
    ...queries.rejectRefund.mutationOptions(),
    onSuccess: () => {
      void message.success("已驳回");
      setRejecting(null);
      void written(false);
    },
  });
  const approve = (r: Refund) =>
    modal.confirm({
      title: fillTexts.payRefund.confirm({ kind: r.refundKind === RefundKind.Reduction ? "退费" : "冲正", amount: r.amount }),
      content: r.refundKind === RefundKind.Reduction ? "退费后该账单的应收金额相应减少，账单保持已缴状态。" : "冲正后该账单的已收金额相应减少，账单恢复待缴，可重新缴费。",
      okText: "确认退款",
      cancelText: "取消",
      onOk: async () => {
        // A refusal is shown by the request wrapper: no uncaught error.
        await approval.mutateAsync({ params: { id: r.id } }).catch(() => null);
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
          ...refundColumns("refundKind", "amount", "refundMethod", "reason", "applyTime", "status"),
          { title: "退款凭证号", dataIndex: "voucherNo", render: orDash },
          { title: "审核人", dataIndex: "approverIdLabel", render: orDash },
          { title: "退款时间", dataIndex: "refundedAt", render: dateTime },
          { title: "驳回原因", dataIndex: "rejectReason", render: orDash },
          { title: "退款失败原因", dataIndex: "failReason", render: orDash },
          {
            title: "操作",
            render: (_v, r) => {
              const actions = mayDecide ? refundRowActions(r) : [];
              if (r.status === RefundStatus.Refunded && r.voucherNo)
                return (
                  <Button type="link" size="small" onClick={() => void navigate(`/propertyPayment/refundVoucher/${r.id}`)}>
                    打印凭证
                  </Button>
                );
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
      <ReasonDialog open={rejecting !== null} title="驳回退款申请" onCancel={() => setRejecting(null)} onOk={(reason) => rejection.mutateAsync({ params: { id: rejecting! }, body: { reason } })} />
    </>
  );
}
