// What the report tabs share: the range field and its request values, the export button (the
// declared export operation through the request wrapper, so the session's signature goes along),
// the yuan axis and tooltip texts of the charts, figures as statistics, and the chart-and-table body.
import { DownloadOutlined } from "@ant-design/icons";
import { Button, Space, Statistic, Table, type TableProps } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Dayjs } from "dayjs";
import { chinaToday } from "../../../lib/china-today.ts";
import { useState, type ReactNode } from "react";
import { RangePickerOnUse } from "../../../generic/kits/DatePickerOnUse.tsx";
import { http } from "../../../http/request.ts";
import { operationRoutes } from "../../../../../generated/api-client.ts";
import type { ExportPaymentReportsQuery } from "../../../../../generated/operation-types.ts";
import { fenOf, fenToYuan } from "../shared/money.ts";
import { fillTexts } from "../../../../../generated/fill-texts.ts";

export type Unit = "day" | "month";

/**
 * A range of days (this month so far) or months (the last `months`), as the field holds it and as the
 * server takes it. Today is China time's, the business days' clock, whatever the browser's zone.
 */
export function useRange(unit: Unit, months = 6): { field: ReactNode; start: string; end: string } {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = chinaToday();
    return unit === "day" ? [today.startOf("month"), today] : [today.subtract(months - 1, "month").startOf("month"), today.startOf("month")];
  });
  const format = unit === "day" ? "YYYY-MM-DD" : "YYYY-MM";
  const field = <RangePickerOnUse picker={unit === "day" ? "date" : "month"} value={range} allowClear={false} aria-label="统计区间" onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />;
  return { field, start: range[0].format(format), end: range[1].format(format) };
}

function ExportButton({ query }: { query: ExportPaymentReportsQuery }) {
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void http.download(operationRoutes.exportPaymentReports.path, { ...query }).catch(() => undefined)}>
      导出Excel
    </Button>
  );
}

/** Yuan text as a number of yuan for a chart (exact to the fen). */
export const chartYuan = (yuan: string) => fenOf(yuan) / 100;

/** Yuan on an axis: 0, 5000, 1万, 1.5万 … */
export const yuanAxis = (yuan: number) => (Math.abs(yuan) >= 10_000 ? fillTexts.payReport.tenThousands({ amount: Number((yuan / 10_000).toFixed(2)) }) : String(yuan));

/** A chart value in its tooltip: ¥ and two decimals. */
export const yuanTip = (yuan: number) => `¥${fenToYuan(Math.round(yuan * 100))}`;

/** Figures of a report's totals as statistics: [title, value][]. */
function Figures({ items }: { items: [string, string | number][] }) {
  return (
    <Space size={32} wrap style={{ marginBottom: 16 }}>
      {items.map(([title, value]) => (
        <Statistic key={title} title={title} value={value} />
      ))}
    </Space>
  );
}

/** A report tab's head: its choices (the range, the grouping) and the export, then its totals once they are read. */
export function ReportHead({ children, exportQuery, figures }: { children: ReactNode; exportQuery: ExportPaymentReportsQuery; figures?: [string, string | number][] }) {
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {children}
        <ExportButton query={exportQuery} />
      </Space>
      {figures && <Figures items={figures} />}
    </>
  );
}

/**
 * A report tab's body under its head: its chart (once the report is read), then its table of rows.
 * No "rows?" test for the chart: an XYChart without labels draws 暂无数据 itself.
 */
export function ReportBody<T extends object>({
  chart,
  rowKey,
  columns,
  rows,
  loading,
  pagination,
}: {
  chart: ReactNode;
  rowKey: TableProps<T>["rowKey"];
  columns: ColumnsType<T>;
  rows: readonly T[];
  loading: boolean;
  pagination: TableProps<T>["pagination"];
}) {
  return (
    <>
      {chart}
      <Table<T> style={{ marginTop: 16 }} rowKey={rowKey} size="small" loading={loading} dataSource={rows} scroll={{ x: "max-content" }} pagination={pagination} columns={columns} />
    </>
  );
}
