// 预存款台账 (per account: opening balance, recharges, deductions, refunds, closing balance) and 押金台账
// (per deposit item and room: collected, refunded, kept as deductions, held at the end) of the current
// community over a range of days, each with a chart and the Excel export.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../../../http/query-client.ts";
import { XYChart } from "../../../ui/charts/XYChart.tsx";
import { money } from "../shared/columns.tsx";
import { chartYuan, ReportBody, ReportHead, useRange, yuanAxis, yuanTip } from "./ReportBits.tsx";

export function PrepayLedger({ communityId }: { communityId: number }) {
  const { field, start, end } = useRange("day");
  const ledger = useQuery(queries.getPrepayLedger.queryOptions({ body: { communityId, start, end } }));
  const r = ledger.data;
  const t = r?.totals as Record<string, string> | undefined;
  return (
    <>
      <ReportHead
        exportQuery={{ report: "prepayLedger", communityId, start, end }}
        figures={
          t && [
            ["期初余额(元)", t.opening],
            ["充值(元)", t.recharged],
            ["抵扣(元)", t.deducted],
            ["退款(元)", t.refunded],
            ["期末余额(元)", t.closing],
          ]
        }
      >
        {field}
      </ReportHead>
      <ReportBody
        chart={
          r && (
            <XYChart
              title="各账户的充值、抵扣、退款与期末余额"
              width={760}
              height={260}
              labels={r.rows.map((x) => x.roomName)}
              left={{ format: yuanAxis }}
              series={[
                { name: "充值", color: "#52c41a", values: r.rows.map((x) => chartYuan(x.recharged)) },
                { name: "抵扣", color: "#1677ff", values: r.rows.map((x) => chartYuan(x.deducted)) },
                { name: "退款", color: "#ff4d4f", values: r.rows.map((x) => chartYuan(x.refunded)) },
                { name: "期末余额", kind: "line", color: "#fa8c16", values: r.rows.map((x) => chartYuan(x.closing)) },
              ]}
              tooltipValue={yuanTip}
            />
          )
        }
        rowKey="accountId"
        loading={ledger.isFetching}
        rows={r?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: "房屋", dataIndex: "roomName" },
          money("期初余额(元)", "opening"),
          money("充值(元)", "recharged"),
          money("抵扣(元)", "deducted"),
          money("退款(元)", "refunded"),
          money("期末余额(元)", "closing"),
        ]}
      />
    </>
  );
}

export function DepositLedger({ communityId }: { communityId: number }) {
  const { field, start, end } = useRange("day");
  const ledger = useQuery(queries.getDepositLedger.queryOptions({ body: { communityId, start, end } }));
  const r = ledger.data;
  const t = r?.totals as Record<string, string | number> | undefined;
  return (
    <>
      <ReportHead
        exportQuery={{ report: "depositLedger", communityId, start, end }}
        figures={
          t && [
            ["收取(元)", t.collected],
            ["退还(元)", t.refunded],
            ["扣除(元)", t.deducted],
            ["在押(元)", t.held],
          ]
        }
      >
        {field}
      </ReportHead>
      <ReportBody
        chart={
          r && (
            <XYChart
              title="各押金的收取、退还、扣除与在押金额"
              width={760}
              height={260}
              labels={r.rows.map((x) => `${x.itemName} ${x.roomName}`)}
              left={{ format: yuanAxis }}
              series={[
                { name: "收取", color: "#52c41a", values: r.rows.map((x) => chartYuan(x.collected)) },
                { name: "退还", color: "#ff4d4f", values: r.rows.map((x) => chartYuan(x.refunded)) },
                { name: "扣除", color: "#faad14", values: r.rows.map((x) => chartYuan(x.deducted)) },
                { name: "在押", color: "#1677ff", values: r.rows.map((x) => chartYuan(x.held)) },
              ]}
              tooltipValue={yuanTip}
            />
          )
        }
        rowKey={(x) => `${x.paymentItemId}:${x.roomId}`}
        loading={ledger.isFetching}
        rows={r?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: "押金项目", dataIndex: "itemName" },
          { title: "房屋", dataIndex: "roomName" },
          { title: "笔数", dataIndex: "count", align: "right" },
          money("收取(元)", "collected"),
          money("退还(元)", "refunded"),
          money("扣除(元)", "deducted"),
          money("在押(元)", "held"),
        ]}
      />
    </>
  );
}
