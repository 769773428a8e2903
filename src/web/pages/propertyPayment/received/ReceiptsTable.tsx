// 票据 of 实收管理: the community's receipts with what was refunded of each (已退金额) and their state;
// a receipt opens its print page, and an issued one can be voided (作废) with a reason, after a
// confirmation. The server decides whether it may be (its day not closed, no refund, or fully
// reversed) and says why not; voiding an untouched receipt reverses its payments.
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
}

const VOID = stateActions.receipts.actions.void;

export function ReceiptsTable({ communityId }: { communityId: number }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const { page, firstPage, table } = usePaging(10);
  const [voiding, setVoiding] = useState<Receipt | null>(null);
  const list = useResourcePage<Receipt>("receipts", { communityId, ...filters }, page);
  const mayVoid = hasAuthority(PAYMENT_CODES.received);
  const voided = useReceiptVoided();
  const voidReceipt = useMutation({
    ...queries.voidReceipt.mutationOptions(),
    onSuccess: () => {
      void message.success("票据已作废");
      void voided();
    },
  });

  /** After the reason, one more confirmation: voiding cannot be undone. A refusal shows the server's reason (the request wrapper). */
  const confirmVoid = (r: Receipt, reason: string) =>
    new Promise<void>((resolve) => {
      modal.confirm({
        title: fillTexts.payReceipt.confirmVoid({ receiptNo: r.receiptNo }),
        content: "作废后票据号保留且不再使用；未退款的票据同时冲销其收款，账单恢复为待缴。",
        okText: "确认作废",
        okButtonProps: { danger: true },
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
        onOk={(reason) => confirmVoid(voiding!, reason)}
      />
    </>
  );
}
