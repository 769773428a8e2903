// What every chart of src/web/ui/charts shares: the palette, the {label, value} datum, the legend,
// the empty state and the tooltip (a small box over the chart while the pointer rests on a part of
// it; the chart itself keeps its accessible name).
import { Empty } from "antd";
import type { CSSProperties, ReactNode } from "react";

export const PALETTE = ["#1677ff", "#52c41a", "#faad14", "#f5222d", "#722ed1", "#13c2c2", "#eb2f96", "#fa8c16"];

export const colorAt = (i: number, color?: string) => color ?? PALETTE[i % PALETTE.length];

export interface Datum {
  label: string;
  value: number;
  color?: string;
}

/** A counted row of the statistics calls ({value, label, count}) as chart data. */
export const asData = (rows: readonly { label: string; count: number }[]): Datum[] => rows.map((r) => ({ label: r.label, value: r.count }));

/** Axis and legend text: 57 % black, 5.1:1 on white (docs/decisions.md, accessibility). */
export const MUTED = "rgba(0, 0, 0, 0.57)";

export const NoData = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

export function Legend({ items, vertical, centred }: { items: readonly { label: string; color: string; value?: number }[]; vertical?: boolean; centred?: boolean }) {
  return (
    <div
      style={{
        display: "flex",
        flexDirection: vertical ? "column" : "row",
        flexWrap: "wrap",
        justifyContent: centred ? "center" : undefined,
        gap: vertical ? 4 : "4px 12px",
        marginTop: vertical ? 0 : 8,
        fontSize: 12,
      }}
    >
      {items.map((i) => (
        <span key={i.label} style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: i.color, display: "inline-block", flex: "none" }} />
          {i.label}
          {i.value !== undefined && <span style={{ color: MUTED }}>{i.value}</span>}
        </span>
      ))}
    </div>
  );
}

export interface TooltipLine {
  color: string;
  name: string;
  value: string;
}

const tooltipBox: CSSProperties = {
  position: "absolute",
  top: 0,
  zIndex: 1,
  pointerEvents: "none",
  padding: "6px 10px",
  borderRadius: 4,
  background: "rgba(0, 0, 0, 0.8)",
  color: "#fff",
  fontSize: 12,
  lineHeight: 1.6,
  whiteSpace: "nowrap",
};

/**
 * The tooltip of a chart: a heading and one line per series, placed above `x` (pixels from the
 * chart's left edge, in a `position: relative` box `width` wide), kept inside the box.
 */
export function ChartTooltip({ x, width, heading, lines }: { x: number; width: number; heading: ReactNode; lines: readonly TooltipLine[] }) {
  const shift = x < width * 0.3 ? "0" : x > width * 0.7 ? "-100%" : "-50%";
  return (
    <div style={{ ...tooltipBox, left: x, transform: `translateX(${shift})` }}>
      <div>{heading}</div>
      {lines.map((l) => (
        <div key={l.name} style={{ display: "flex", alignItems: "center", gap: 6 }}>
          <span style={{ width: 8, height: 8, borderRadius: "50%", background: l.color, display: "inline-block" }} />
          {l.name ? `${l.name}：` : ""}
          {l.value}
        </div>
      ))}
    </div>
  );
}
