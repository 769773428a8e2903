// 票据 of 实收管理: the community's receipts with what was refunded of each (已退金额) and their state;
// a receipt opens its print page. Voiding is four eyes (docs/payment.md): an issued one is applied
// for (作废) with a reason, after a confirmation, and waits (作废待审核) for a holder of 收费审核 to
// approve (作废审核通过: voiding an untouched receipt reverses its payments) or reject it (驳回作废).
// The server decides whether it may be (its day not closed, no refund, or fully reversed; not the
// applicant's own approval while the rule is on) and says why not.
import { useMutation } from "@tanstack/react-query";
import { App, Button, Form, Input, Select, Space } from "antd";
import type { TableProps } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { labelOf, MapTag, optionsOf } from "../shared/labels.tsx";
import { dateTime, orDash } from "../shared/columns.tsx";
import { QueryBar } from "../../../generic/table/QueryBar.tsx";
import { usePaging } from "../../../generic/table/usePaging.ts";
import { DataTable } from "../../../generic/table/DataTable.tsx";
import { useResourcePage } from "../../../generic/table/useResourcePage.ts";
import { ReasonDialog } from "../shared/ReasonDialog.tsx";
import { queries } from "../../../http/query-client.ts";
import { useReceiptVoided } from "../shared/queries.ts";
import { hasAuthority, PAYMENT_CODES } from "../shared/authority.ts";
import { PAYMENT_APPROVE } from "../../../../common/payment/codes.ts";
import { messages } from "../../../../../generated/errors.ts";
import { stateActions } from "../../../../../generated/actions.ts";
import { startsFrom } from "../../../../common/payment/row-actions.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

interface Receipt {
  id: number;
  receiptNo: string;
  receiptType: number;
  roomIdLabel?: string;
  payerName: string | null;
  amount: string;
  refundedAmount: string | null;
  payMethod: number | null;
  status: number;
  issuedAt: string;
  issuerIdLabel?: string;
  voidReason: string | null;
  voidAppliedByLabel?: string;
}

const { void: VOID, approveVoid: APPROVE_VOID, rejectVoid: REJECT_VOID } = stateActions.receipts.actions;

export function ReceiptsTable({ communityId }: { communityId: number }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { page, firstPage, table } = usePaging(10);
  const [voiding, setVoiding] = useState<Receipt | null>(null);
  const [rejecting, setRejecting] = useState<Receipt | null>(null);
  const list = useResourcePage<Receipt>("receipts", { communityId, ...filters }, page);
  const mayVoid = hasAuthority(PAYMENT_CODES.received);
  const mayDecide = hasAuthority(PAYMENT_APPROVE);
  const voided = useReceiptVoided();
  const voidReceipt = useMutation({
    ...queries.voidReceipt.mutationOptions(),
    onSuccess: () => {
      void message.success(messages.voidApplied);
      void voided();
    },
  });
  const approveVoid = useMutation({
    ...queries.approveVoidReceipt.mutationOptions(),
    onSuccess: () => {
      void message.success(messages.receiptVoided);
      void voided();
    },
  });
  const rejectVoid = useMutation({
    ...queries.rejectVoidReceipt.mutationOptions(),
    onSuccess: () => {
      void message.success(messages.voidRejected);
      setRejecting(null);
      void voided();
    },
  });

  /** After the reason, one more confirmation. A refusal shows the server's reason (the request wrapper). */
  const confirmApply = (r: Receipt, reason: string) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: fillTexts.payReceipt.confirmApplyVoid({ receiptNo: r.receiptNo }),
        content: "提交后由收费审核人审核，审核通过才作废。",
        okText: "提交申请",
        cancelText: "取消",
        onOk: async () => {
          // Refused: the message is shown; the row stays as it was.
          await voidReceipt.mutateAsync({ params: { id: r.id }, body: { reason } }).catch(() => undefined);
          setVoiding(null);
          resolve();
        },
        onCancel: () => resolve(),
      });
    });

  /** The approval: voiding cannot be undone. A refusal (the applicant's own approval, say) shows the server's reason. */
  const confirmVoid = (r: Receipt) =>
    modal.confirm({
      title: fillTexts.payReceipt.confirmVoid({ receiptNo: r.receiptNo }),
      content: "作废后票据号保留且不再使用；未退款的票据同时冲销其收款，账单恢复为待缴。",
      okText: "确认作废",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        await approveVoid.mutateAsync({ params: { id: r.id } }).catch(() => undefined);
      },
    });

  const columns: TableProps<Receipt>["columns"] = [
    { title: "票据号", dataIndex: "receiptNo" },
    { title: "票据类型", dataIndex: "receiptType", render: (v: number) => labelOf("receiptType", v) },
    { title: "房屋", dataIndex: "roomIdLabel", render: orDash },
    { title: "缴费人", dataIndex: "payerName", render: orDash },
    { title: "金额(元)", dataIndex: "amount", align: "right" },
    { title: "已退金额(元)", dataIndex: "refundedAmount", align: "right", render: (v: string | null) => v ?? "0.00" },
    { title: "支付方式", dataIndex: "payMethod", render: (v: number | null) => labelOf("payMethod", v) },
    { title: "票据状态", dataIndex: "status", render: (v: number) => <MapTag mapping="receiptStatus" value={v} /> },
    { title: "开具时间", dataIndex: "issuedAt", render: dateTime },
    { title: "开票人", dataIndex: "issuerIdLabel", render: orDash },
    { title: "作废原因", dataIndex: "voidReason", render: orDash },
    { title: "作废申请人", dataIndex: "voidAppliedByLabel", render: orDash },
    {
      title: "操作",
      fixed: "right",
      render: (_v, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => void navigate(`/propertyPayment/receipt/${r.id}`)}>
            查看
          </Button>
          {mayVoid && startsFrom(VOID, r.status) && (
            <Button type="link" size="small" danger onClick={() => setVoiding(r)}>
              {VOID.label}
            </Button>
          )}
          {mayDecide && startsFrom(APPROVE_VOID, r.status) && (
            <Button type="link" size="small" danger onClick={() => confirmVoid(r)}>
              {APPROVE_VOID.label}
            </Button>
          )}
          {mayDecide && startsFrom(REJECT_VOID, r.status) && (
            <Button type="link" size="small" onClick={() => setRejecting(r)}>
              {REJECT_VOID.label}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryBar<{ status?: number; keyword?: string }>
        onSearch={(v) => {
          setFilters({ status: v.status, keyword: v.keyword?.trim() || undefined });
          firstPage();
        }}
      >
        <Form.Item name="status" label="票据状态">
          <Select allowClear style={{ width: 110 }} options={optionsOf("receiptStatus")} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder="票据号 / 缴费人" style={{ width: 180 }} />
        </Form.Item>
      </QueryBar>
      <DataTable<Receipt> label="票据" {...table(list, { unit: "张" })} columns={columns} />
      <ReasonDialog
        open={voiding !== null}
        title={voiding ? fillTexts.payReceipt.voidTitle({ receiptNo: voiding.receiptNo }) : "作废票据"}
        label="作废原因"
        onCancel={() => setVoiding(null)}
        onOk={(reason) => confirmApply(voiding!, reason)}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={rejecting ? fillTexts.payReceipt.rejectVoidTitle({ receiptNo: rejecting.receiptNo }) : REJECT_VOID.label}
        onCancel={() => setRejecting(null)}
        onOk={(reason) => rejectVoid.mutateAsync({ params: { id: rejecting!.id }, body: { reason } })}
      />
    </>
  );
}
