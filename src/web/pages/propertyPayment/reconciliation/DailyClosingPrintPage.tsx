// 日结单（交班表） /propertyPayment/reconciliation/print/:day: one settlement day of the current
// community on an A4 sheet in the print module's frame (and as a workbook: 导出Excel) — for each cashier, what the books recorded
// per pay method against what was declared, the cashier's subtotal, the day's total, whether and by
// whom the day was closed, and lines for the signatures of the hand-over.
import { useQuery } from "@tanstack/react-query";
import { DownloadOutlined } from "@ant-design/icons";
import { Button, Table } from "antd";
import { useParams } from "react-router";
import type { PageProps } from "../../../lib/page-props.ts";
import { queries } from "../../../http/query-client.ts";
import { http } from "../../../http/request.ts";
import { operationRoutes } from "../../../../../generated/api-client.ts";
import { useCurrentCommunity } from "../../../state/community.ts";
import { PrintLayout } from "../../../ui/print/PrintLayout.tsx";
import { PrintLoading, PrintMissing } from "../../../ui/print/PrintStates.tsx";
import { labelOf } from "../shared/labels.tsx";
import { cashierShifts } from "../../../../common/payment/cashier-shifts.ts";
import type { DayRow } from "../types.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";
import { dateTime } from "../shared/columns.tsx";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function DailyClosingPrintPage(_props: PageProps) {
  const { day = "" } = useParams();
  const community = useCurrentCommunity();
  const communityId = community?.communityId ?? "";
  const r = useQuery({ ...queries.getReconciliationDay.queryOptions({ query: { communityId, day } }, { silent: true }), enabled: !!communityId && DAY.test(day) });
  if (r.isFetching && !r.data) return <PrintLoading />;
  if (!r.data) return <PrintMissing description="没有该日的对账数据" backTo="/propertyPayment/reconciliation" backLabel="返回对账管理" />;
  const d = r.data;
  // The same sheet as a workbook, through the request wrapper (the session's signature goes along).
  const exportFile = () => void http.download(operationRoutes.exportReconciliationDay.path, { communityId, day }).catch(() => undefined);
  const money = (title: string, key: "recordedAmount" | "refundAmount" | "netAmount") => ({ title, dataIndex: key, align: "right" as const });
  return (
    <PrintLayout
      className="neptune-daily-closing"
      paper="a4"
      actions={
        <Button icon={<DownloadOutlined />} onClick={exportFile}>
          导出Excel
        </Button>
      }
    >
      <h2 style={{ textAlign: "center", letterSpacing: 4 }}>日结单（交班表）</h2>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px", justifyContent: "space-between", margin: "12px 0" }}>
        <span>{community?.communityName}</span>
        <span>营业日：{d.day}</span>
        <span>{d.closed ? fillTexts.dailyClosing.closed({ name: d.closing?.closedByName ?? "", at: dateTime(d.closing?.closedAt) }) : "未日结"}</span>
      </div>
      {cashierShifts(d.rows).map((shift) => (
        <section key={shift.cashier} style={{ marginBottom: 16 }}>
          <h3 style={{ margin: "8px 0" }}>收款人：{shift.cashier}</h3>
          <Table<DayRow>
            size="small"
            bordered
            pagination={false}
            rowKey={(row) => `${row.payMethod}:${row.cashierId}`}
            dataSource={shift.list}
            columns={[
              { title: "支付方式", dataIndex: "payMethod", render: (v: number) => labelOf("payMethod", v) },
              { title: "笔数", dataIndex: "paymentCount", align: "right" },
              money("收款(元)", "recordedAmount"),
              money("退款(元)", "refundAmount"),
              money("应到账(元)", "netAmount"),
              { title: "实际到账(元)", dataIndex: "declaredAmount", align: "right", render: (v: string | null) => v ?? "-" },
              { title: "差异(元)", dataIndex: "difference", align: "right", render: (v: string | null) => v ?? "-" },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>小计</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {shift.subtotal.paymentCount}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {shift.subtotal.recordedAmount}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {shift.subtotal.refundAmount}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {shift.subtotal.netAmount}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {shift.subtotal.declaredAmount ?? "-"}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
              </Table.Summary.Row>
            )}
          />
        </section>
      ))}
      {!d.rows.length && <p>该日没有收款记录。</p>}
      <p style={{ fontWeight: 600 }}>
        合计：{d.totals.paymentCount} 笔，收款 {d.totals.recordedAmount} 元，退款 {d.totals.refundAmount} 元，应到账 {d.totals.netAmount} 元
        {d.totals.allDeclared ? fillTexts.payReconciliation.declaredTotal({ amount: d.totals.declaredAmount }) : "，未全部申报"}
      </p>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "16px 24px", justifyContent: "space-between", marginTop: 48 }}>
        <span>交班人（收款人）签字：__________</span>
        <span>接班人签字：__________</span>
        <span>复核（财务）签字：__________</span>
      </div>
    </PrintLayout>
  );
}
