// The report's chart (drawn by src/web/ui/charts): per month of the chosen range, bars of amount due
// and collected (net of refunds) and a line of the collection rate on its own percent axis. A month
// of the range without bills is shown at zero, not left out.
import { monthsBetween } from "../../../lib/months.ts";
import { NoData } from "../../../ui/charts/parts.tsx";
import { XYChart } from "../../../ui/charts/XYChart.tsx";
import { fenOf } from "../shared/money.ts";
import { yuanAxis, yuanTip } from "./ReportBits.tsx";
import type { ReportRow } from "../types.ts";

interface Month {
  period: string;
  /** Fen. */
  due: number;
  net: number;
}

/** Every month from `startMonth` to `endMonth` ("YYYY-MM"), summed over the report's communities; zero where it has no row. */
export function byMonth(rows: readonly ReportRow[], startMonth: string, endMonth: string): Month[] {
  const map = new Map<string, Month>(monthsBetween(startMonth, endMonth).map((period) => [period, { period, due: 0, net: 0 }]));
  for (const r of rows) {
    const m = map.get(r.period) ?? { period: r.period, due: 0, net: 0 };
    m.due += fenOf(r.amountDue);
    m.net += fenOf(r.collected) - fenOf(r.refunded);
    map.set(r.period, m);
  }
  return [...map.values()].sort((a, b) => a.period.localeCompare(b.period));
}

export function ReportChart({ rows, startMonth, endMonth }: { rows: readonly ReportRow[]; startMonth: string; endMonth: string }) {
  if (!rows.length) return <NoData />;
  const months = byMonth(rows, startMonth, endMonth);
  return (
    <XYChart
      title="应收、实收与收缴率"
      width={760}
      height={280}
      maxXLabels={12}
      labels={months.map((m) => m.period)}
      left={{ format: yuanAxis }}
      right={{ atLeast: 100, format: (pct) => `${pct}%` }}
      series={[
        { name: "应收金额", color: "#91caff", values: months.map((m) => m.due / 100) },
        { name: "实收金额（扣除退款）", color: "#1677ff", values: months.map((m) => m.net / 100) },
        { name: "收缴率", kind: "line", right: true, color: "#fa8c16", values: months.map((m) => (m.due ? Math.round((m.net * 1000) / m.due) / 10 : 0)) },
      ]}
      tooltipValue={(value, series) => (series.right ? `${value}%` : yuanTip(value))}
    />
  );
}
