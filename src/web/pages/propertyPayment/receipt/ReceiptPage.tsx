// 缴费票据 /propertyPayment/receipt/:id: the receipt of one cashier transaction, laid out for
// printing in the print module's frame (src/web/ui/print: the buttons, the shell and the watermark do
// not print).
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Empty, Spin, Table } from "antd";
import dayjs from "dayjs";
import { useNavigate, useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { amountInWords } from "../../../../common/payment/words.ts";
import { labelOf } from "../shared/labels.tsx";
import { fenOf } from "../shared/money.ts";
import { queries } from "../../../http/query-client.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { ReceiptStatus } from "../../../../../generated/states.ts";

export default function ReceiptPage(_props: PageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const r = useQuery({ ...queries.printReceipt.queryOptions({ params: { id: id ?? "" } }, { silent: true }), enabled: !!id });
  if (r.isFetching && !r.data) return <Spin style={{ display: "block", margin: 48 }} />;
  if (!r.data)
    return (
      <Card variant="borderless">
        <Empty description="票据不存在或已被删除">
          <Button onClick={() => navigate("/propertyPayment/cashier")}>返回收银台</Button>
        </Empty>
      </Card>
    );
  const d = r.data;
  return (
    <PrintLayout className="neptune-receipt">
      <h2 style={{ textAlign: "center", letterSpacing: 4, marginBottom: 4 }}>{d.title}</h2>
      <div style={{ textAlign: "center", marginBottom: 16 }}>{labelOf("receiptType", d.receiptType)}</div>
      <div style={{ display: "flex", justifyContent: "space-between", marginBottom: 8 }}>
        <span>票据号：{d.receiptNo}</span>
        <span>开具时间：{dayjs(d.issuedAt).format("YYYY-MM-DD HH:mm:ss")}</span>
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", marginBottom: 8 }}>
        <span>
          房屋：{d.communityName} {d.roomName ?? ""}
        </span>
        <span>缴费人：{d.payerName || "-"}</span>
      </div>
      <Table
        size="small"
        bordered
        rowKey="id"
        pagination={false}
        dataSource={d.lines}
        columns={[
          { title: "缴费项目", dataIndex: "itemName" },
          { title: "缴费类型", dataIndex: "paymentType", render: (v: number | null) => labelOf("paymentType", v) },
          { title: "账期", dataIndex: "period" },
          { title: "账单编号", dataIndex: "billNo" },
          { title: "金额(元)", dataIndex: "amount", align: "right" },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              合计（大写）：{amountInWords(fenOf(d.amount))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              ¥{d.amount}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 12 }}>
        <span>支付方式：{labelOf("payMethod", d.payMethod)}</span>
        {d.receivedAmount !== null && (
          <span>
            实收 ¥{d.receivedAmount}，找零 ¥{d.changeAmount}
          </span>
        )}
        <span>收款人：{d.issuerName ?? "-"}</span>
      </div>
      {d.status === ReceiptStatus.Voided && <div style={{ color: "#f5222d", marginTop: 8 }}>本票据已作废</div>}
    </PrintLayout>
  );
}
