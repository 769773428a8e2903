// 收费日报 / 收费月报: per day (or month) of the chosen range, for the current community — receivable,
// fee charges (收款) with this period's and 清欠 (arrears recovered) parts, late fees, waivers, refunds
// and 实收 (the one figure every money screen shows), with top-ups and deposits beside it — a chart of
// every day or month (zero where nothing happened) and the same per pay method.
import { useQuery } from "@tanstack/react-query";
import { Table, Typography } from "antd";
import { queries } from "../../../http/query-client.ts";
import { XYChart } from "../../../ui/charts/XYChart.tsx";
import { labelOf } from "../shared/labels.tsx";
import { texts } from "../../../../../generated/texts.ts";
import { money } from "../shared/columns.tsx";
import { chartYuan, ReportBody, ReportHead, useRange, yuanAxis, yuanTip, type Unit } from "./ReportBits.tsx";

const T = texts.paymentReports;

export function ChargeReport({ communityId, unit }: { communityId: number; unit: Unit }) {
  const { field, start, end } = useRange(unit);
  const report = useQuery(queries.getChargeReport.queryOptions({ body: { communityId, granularity: unit, start, end } }));
  const r = report.data;
  const t = r?.totals as Record<string, string> | undefined;
  return (
    <>
      <ReportHead
        exportQuery={{ report: "charges", communityId, granularity: unit, start, end }}
        figures={
          t && [
            ["应收(元)", t.receivable],
            [T.gross, t.collected],
            ["其中清欠(元)", t.arrearsCollected],
            ["退款(元)", t.refunded],
            [T.net, t.net],
            [T.topUps, t.recharged],
            [T.depositsTaken, t.deposits],
          ]
        }
      >
        {field}
      </ReportHead>
      <ReportBody
        chart={
          r && (
            <XYChart
              title={unit === "day" ? "每日应收与实收" : "每月应收与实收"}
              width={760}
              height={260}
              maxXLabels={unit === "day" ? 10 : 12}
              labels={r.rows.map((x) => x.date)}
              xLabel={(l) => (unit === "day" ? l.slice(5) : l)}
              left={{ format: yuanAxis }}
              series={[
                { name: "应收", color: "#91caff", values: r.rows.map((x) => chartYuan(x.receivable)) },
                { name: "实收", color: "#1677ff", values: r.rows.map((x) => chartYuan(x.net)) },
                { name: "其中清欠", color: "#fa8c16", values: r.rows.map((x) => chartYuan(x.arrearsCollected)) },
                { name: "退款", color: "#ff4d4f", values: r.rows.map((x) => chartYuan(x.refunded)) },
              ]}
              tooltipValue={yuanTip}
            />
          )
        }
        rowKey="date"
        loading={report.isFetching}
        rows={r?.rows ?? []}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        columns={[
          { title: unit === "day" ? "日期" : "月份", dataIndex: "date" },
          money("应收(元)", "receivable"),
          money("其中滞纳金(元)", "lateFee"),
          money(T.gross, "collected"),
          money("其中本期(元)", "currentCollected"),
          money("其中清欠(元)", "arrearsCollected"),
          money("减免(元)", "waived"),
          money("退款(元)", "refunded"),
          money(T.net, "net"),
          money(T.topUps, "recharged"),
          money(T.depositsTaken, "deposits"),
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        按支付方式
      </Typography.Title>
      <Table
        rowKey="payMethod"
        size="small"
        loading={report.isFetching}
        dataSource={r?.byPayMethod ?? []}
        scroll={{ x: "max-content" }}
        pagination={false}
        columns={[
          { title: "支付方式", dataIndex: "payMethod", render: (v: number) => labelOf("payMethod", v) },
          { title: "笔数", dataIndex: "count", align: "right" },
          money(T.gross, "collected"),
          money("退款(元)", "refunded"),
          money(T.net, "net"),
        ]}
      />
    </>
  );
}
