// 退款凭证 /propertyPayment/refundVoucher/:id: the voucher of one approved refund — 退费凭证 (the charge
// reduced) or 冲正凭证 (the payment reversed) — with its number, the room, the payer, the original
// receipt, the bill and amount refunded, method, reason, the amount in capitals, who applied and who
// approved when, and lines for the signatures; laid out for printing in the print module's frame.
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { labelOf } from "../shared/labels.tsx";
import { dateTime, orDash } from "../shared/columns.tsx";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { PrintBillTable } from "../../../ui/print/PrintBillTable.tsx";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export default function RefundVoucherPage(_props: PageProps) {
  const { id } = useParams();
  const r = useQuery({ ...queries.printRefundVoucher.queryOptions({ params: { id: id ?? "" } }, { silent: true }), enabled: !!id, retry: false });
  if (r.isFetching && !r.data) return <PrintLoading />;
  if (!r.data) return <PrintMissing description="退款凭证不存在，或该退款尚未审核通过" backTo="/propertyPayment/receivedManagement?tab=refunds" backLabel="返回退款审核" />;
  const d = r.data;
  const title = fillTexts.payRefund.voucherTitle({ kind: labelOf("refundKind", d.refundKind) });
  return (
    <PrintLayout className="neptune-refund-voucher">
      <h2 style={{ textAlign: "center", letterSpacing: 4, marginBottom: 4 }}>{title}</h2>
      <div style={{ textAlign: "center", marginBottom: 16 }}>{d.communityName}</div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", justifyContent: "space-between", marginBottom: 8 }}>
        <span data-testid="voucher-no">凭证号：{d.voucherNo}</span>
        <span>原票据号：{d.receiptNo ?? "-"}</span>
      </div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", justifyContent: "space-between", marginBottom: 8 }}>
        <span>房屋：{d.roomName ?? "-"}</span>
        <span>缴费人：{d.payerName || "-"}</span>
      </div>
      <PrintBillTable
        rowKey="serialNo"
        rows={d.lines}
        total={d.amount}
        columns={[
          { title: "缴费项目", dataIndex: "itemName", render: orDash },
          { title: "账期", dataIndex: "period", render: orDash },
          { title: "账单编号", dataIndex: "billNo", render: orDash },
          { title: "原收款(元)", dataIndex: "paidAmount", align: "right" },
          { title: fillTexts.payRefund.voucherAmount({ kind: labelOf("refundKind", d.refundKind) }), dataIndex: "amount", align: "right" },
        ]}
      />
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", justifyContent: "space-between", marginTop: 12 }}>
        <span>退款方式：{labelOf("payMethod", d.refundMethod)}</span>
        <span>退款原因：{d.reason}</span>
      </div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", justifyContent: "space-between", marginTop: 8 }}>
        <span>
          申请人：{d.applicantName ?? "-"}（{dateTime(d.applyTime)}）
        </span>
        <span>
          审核人：{d.approverName ?? "-"}（{dateTime(d.refundedAt)}）
        </span>
      </div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "16px 24px", justifyContent: "space-between", marginTop: 48 }}>
        <span>经办人签字：__________</span>
        <span>审核人签字：__________</span>
        <span>领款人签字：__________</span>
      </div>
    </PrintLayout>
  );
}
