// Bars and lines over labelled categories (days, months), in SVG: grouped bars, lines with dots, or
// both (amounts as bars on the left axis, a rate as a line on a right axis). The value axes run on
// round ticks (ticks.ts); a category without data is drawn at zero by the caller (see
// src/web/lib/months.ts). Resting the pointer on a category shows its values in a tooltip.
import { useRef, useState, type MouseEvent } from "react";
import { ChartTooltip, colorAt, Legend, MUTED, NoData } from "./parts.tsx";
import { niceTicks, type Ticks } from "./ticks.ts";

export interface XYSeries {
  name: string;
  values: readonly number[];
  /** Bars (the default) or a line with a dot per category. */
  kind?: "bar" | "line";
  color?: string;
  /** On the right-hand axis (e.g. a rate beside amounts). */
  right?: boolean;
}

export interface XYAxis {
  /** The tick labels' text (default: the number). */
  format?: (value: number) => string;
  /** Counts: ticks on whole numbers. */
  integer?: boolean;
  /** A value the axis always reaches (a rate: 100). */
  atLeast?: number;
}

interface XYChartProps {
  /** The chart's accessible name. */
  title: string;
  labels: readonly string[];
  series: readonly XYSeries[];
  /** What a series without a `kind` is drawn as. */
  kind?: "bar" | "line";
  left?: XYAxis;
  right?: XYAxis;
  width?: number;
  height?: number;
  /** A category's text under the axis (default: the label); the tooltip shows the whole label. */
  xLabel?: (label: string) => string;
  /** At most this many category labels under the axis (every n-th is shown). */
  maxXLabels?: number;
  /** A value's text in the tooltip (default: its axis' format). */
  tooltipValue?: (value: number, series: XYSeries) => string;
  /** "暂无数据" instead of empty axes when every value is zero. */
  emptyWhenZero?: boolean;
}

const AXIS_FONT = 11;
const axisWidth = (ticks: Ticks, format: (v: number) => string) => 8 + Math.max(...ticks.values.map((v) => format(v).length)) * AXIS_FONT * 0.62;

export function XYChart({ title, labels, series, kind = "bar", left = {}, right = {}, width = 520, height = 180, xLabel = (l) => l, maxXLabels = 8, tooltipValue, emptyWhenZero }: XYChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ index: number; x: number; width: number } | null>(null);
  if (!labels.length || (emptyWhenZero && series.every((s) => s.values.every((v) => !v)))) return <NoData />;

  const scale = (axis: XYAxis, of: readonly XYSeries[]) => {
    const values = of.flatMap((s) => s.values);
    const ticks = niceTicks(Math.min(0, ...values), Math.max(axis.atLeast ?? 0, ...values), 4, axis.integer);
    return { ticks, format: axis.format ?? String };
  };
  const leftSeries = series.filter((s) => !s.right);
  const rightSeries = series.filter((s) => s.right);
  const l = scale(left, leftSeries);
  const r = rightSeries.length ? scale(right, rightSeries) : null;
  const pad = { left: axisWidth(l.ticks, l.format), right: r ? axisWidth(r.ticks, r.format) : 12, top: 12, bottom: 24 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const y = (t: Ticks, v: number) => pad.top + plotH * (1 - (v - t.min) / (t.max - t.min));
  const slot = plotW / labels.length;
  const centre = (i: number) => pad.left + slot * i + slot / 2;
  const kindOf = (s: XYSeries) => s.kind ?? kind;
  const bars = series.filter((s) => kindOf(s) === "bar");
  const barW = Math.max(3, Math.min(22, (slot * 0.7) / Math.max(1, bars.length)));
  const every = Math.ceil(labels.length / maxXLabels);
  const colorOf = (s: XYSeries) => colorAt(series.indexOf(s), s.color);
  const valueText = (s: XYSeries, v: number) => (tooltipValue ? tooltipValue(v, s) : (s.right && r ? r.format : l.format)(v));

  const show = (index: number) => (e: MouseEvent<SVGRectElement>) => {
    const outer = box.current?.getBoundingClientRect();
    const part = e.currentTarget.getBoundingClientRect();
    if (outer) setActive({ index, x: part.left + part.width / 2 - outer.left, width: outer.width });
  };

  return (
    <div>
      <div ref={box} style={{ position: "relative" }}>
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} style={{ display: "block" }}>
          {active && <rect x={pad.left + slot * active.index} y={pad.top} width={slot} height={plotH} fill="rgba(0, 0, 0, 0.04)" />}
          {l.ticks.values.map((v) => (
            <g key={v}>
              <line x1={pad.left} x2={width - pad.right} y1={y(l.ticks, v)} y2={y(l.ticks, v)} stroke={v === 0 ? "#d9d9d9" : "#f0f0f0"} />
              <text x={pad.left - 6} y={y(l.ticks, v)} fontSize={AXIS_FONT} textAnchor="end" dominantBaseline="central" fill={MUTED}>
                {l.format(v)}
              </text>
            </g>
          ))}
          {r?.ticks.values.map((v) => (
            <text key={v} x={width - pad.right + 6} y={y(r.ticks, v)} fontSize={AXIS_FONT} dominantBaseline="central" fill={MUTED}>
              {r.format(v)}
            </text>
          ))}
          {labels.map((label, i) =>
            i % every === 0 ? (
              <text key={label} x={centre(i)} y={height - 6} fontSize={AXIS_FONT} textAnchor="middle" fill={MUTED}>
                {xLabel(label)}
              </text>
            ) : null,
          )}
          {bars.map((s, bi) => {
            const t = s.right && r ? r.ticks : l.ticks;
            return (
              <g key={s.name} fill={colorOf(s)}>
                {s.values.map((v, i) => {
                  const top = y(t, Math.max(v, 0));
                  return <rect key={i} x={centre(i) - (barW * bars.length) / 2 + bi * barW} y={top} width={Math.max(1, barW - 2)} height={Math.max(0, y(t, Math.min(v, 0)) - top)} rx={2} />;
                })}
              </g>
            );
          })}
          {series
            .filter((s) => kindOf(s) === "line")
            .map((s) => {
              const t = s.right && r ? r.ticks : l.ticks;
              const color = colorOf(s);
              return (
                <g key={s.name}>
                  <polyline fill="none" stroke={color} strokeWidth={2} points={s.values.map((v, i) => `${centre(i)},${y(t, v)}`).join(" ")} />
                  {s.values.map((v, i) => (
                    <circle key={i} cx={centre(i)} cy={y(t, v)} r={active?.index === i ? 4 : 2.5} fill={color} />
                  ))}
                </g>
              );
            })}
          {labels.map((label, i) => (
            <rect key={label} x={pad.left + slot * i} y={pad.top} width={slot} height={plotH} fill="transparent" onMouseEnter={show(i)} onMouseLeave={() => setActive(null)} />
          ))}
        </svg>
        {active && (
          <ChartTooltip
            x={active.x}
            width={active.width}
            heading={labels[active.index]}
            lines={series.map((s) => ({ color: colorOf(s), name: s.name, value: valueText(s, s.values[active.index] ?? 0) }))}
          />
        )}
      </div>
      {series.length > 1 && <Legend items={series.map((s) => ({ label: s.name, color: colorOf(s) }))} />}
    </div>
  );
}

/** Counts per day as lines (labels "YYYY-MM-DD", shown as MM-DD): the boards' and statistics pages' charts. */
export function DailyLines({ title, labels, series, height }: { title: string; labels: readonly string[]; series: readonly XYSeries[]; height?: number }) {
  return <XYChart title={title} labels={labels} series={series} height={height} kind="line" left={{ integer: true }} xLabel={(day) => day.slice(5)} emptyWhenZero />;
}
