// Collection by building or by item (楼栋收缴 / 项目收缴) for a range of billing months of the current
// community: receivable, collected, waived, outstanding and 收缴率, with a chart per building or item.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../../../http/query-client.ts";
import { XYChart } from "../../../ui/charts/XYChart.tsx";
import { money } from "../shared/columns.tsx";
import { chartYuan, ReportBody, ReportHead, useRange, yuanAxis, yuanTip } from "./ReportBits.tsx";

export function CollectionReport({ communityId, groupBy }: { communityId: number; groupBy: "building" | "item" }) {
  const { field, start, end } = useRange("month", 3);
  const report = useQuery(queries.getCollectionReport.queryOptions({ body: { communityId, groupBy, start, end } }));
  const r = report.data;
  const t = r?.totals as Record<string, string> | undefined;
  const rate = (text: string) => (text === "-" ? 0 : Number(text));
  return (
    <>
      <ReportHead
        exportQuery={{ report: "collection", communityId, groupBy, start, end }}
        figures={
          t && [
            ["应收(元)", t.receivable],
            ["实收(元)", t.collected],
            ["欠费(元)", t.outstanding],
            ["收缴率(%)", t.collectionRate],
          ]
        }
      >
        {field}
      </ReportHead>
      <ReportBody
        chart={
          r && (
            <XYChart
              title={groupBy === "item" ? "各收费项目的应收、实收与收缴率" : "各楼栋的应收、实收与收缴率"}
              width={760}
              height={260}
              labels={r.rows.map((x) => x.name)}
              left={{ format: yuanAxis }}
              right={{ atLeast: 100, format: (pct) => `${pct}%` }}
              series={[
                { name: "应收", color: "#91caff", values: r.rows.map((x) => chartYuan(x.receivable)) },
                { name: "实收", color: "#1677ff", values: r.rows.map((x) => chartYuan(x.collected)) },
                { name: "收缴率", kind: "line", right: true, color: "#fa8c16", values: r.rows.map((x) => rate(x.collectionRate)) },
              ]}
              tooltipValue={(v, s) => (s.right ? `${v}%` : yuanTip(v))}
            />
          )
        }
        rowKey="id"
        loading={report.isFetching}
        rows={r?.rows ?? []}
        pagination={false}
        columns={[
          { title: groupBy === "item" ? "收费项目" : "楼栋", dataIndex: "name" },
          { title: "账单数", dataIndex: "bills", align: "right" },
          money("应收(元)", "receivable"),
          money("实收(元)", "collected"),
          money("减免(元)", "waived"),
          money("欠费(元)", "outstanding"),
          money("收缴率(%)", "collectionRate"),
        ]}
      />
    </>
  );
}
