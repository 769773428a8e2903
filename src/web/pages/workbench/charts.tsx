// Small SVG charts for the workbench cards: grouped bars and a donut. Hand-written rather than a chart
// library: the cards need two simple shapes, and this keeps the workbench chunk small.
import type { CSSProperties } from "react";

export const PALETTE = ["#1677ff", "#13c2c2", "#52c41a", "#faad14", "#f5222d", "#722ed1", "#eb2f96", "#fa8c16", "#2f54eb"];

export interface BarSeries {
  name: string;
  color?: string;
}

export interface BarGroup {
  label: string;
  values: number[];
}

const axisText: CSSProperties = { fontSize: 11, fill: "#6e6e6e" };

/** Vertical bars, one group per label and one bar per series. */
export function BarChart({ groups, series, height = 160, ariaLabel }: { groups: BarGroup[]; series: BarSeries[]; height?: number; ariaLabel: string }) {
  const width = 360;
  const pad = { top: 12, right: 8, bottom: 22, left: 28 };
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const groupW = plotW / Math.max(1, groups.length);
  const barW = Math.max(4, Math.min(22, (groupW * 0.7) / Math.max(1, series.length)));
  const y = (v: number) => pad.top + plotH - (v / max) * plotH;
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={ariaLabel}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#f0f0f0" />
            <text x={pad.left - 4} y={y(max * f) + 4} textAnchor="end" style={axisText}>
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {groups.map((g, gi) => {
          const x0 = pad.left + gi * groupW + (groupW - barW * series.length) / 2;
          return (
            <g key={g.label}>
              {g.values.map((v, si) => (
                <rect key={si} x={x0 + si * barW} y={y(v)} width={barW - 2} height={Math.max(0, pad.top + plotH - y(v))} rx={2} fill={series[si]?.color ?? PALETTE[si % PALETTE.length]}>
                  <title>{`${g.label} ${series[si]?.name ?? ""}: ${v}`}</title>
                </rect>
              ))}
              <text x={pad.left + gi * groupW + groupW / 2} y={height - 6} textAnchor="middle" style={axisText}>
                {g.label}
              </text>
            </g>
          );
        })}
      </svg>
      {series.length > 1 && <Legend items={series.map((s, i) => ({ label: s.name, color: s.color ?? PALETTE[i % PALETTE.length] }))} />}
    </div>
  );
}

/** A donut with its legend (label and count). */
export function DonutChart({ items, size = 132, ariaLabel, centre }: { items: { label: string; value: number; color?: string }[]; size?: number; ariaLabel: string; centre?: string }) {
  const total = items.reduce((s, i) => s + i.value, 0);
  const r = size / 2 - 10;
  const c = 2 * Math.PI * r;
  let offset = 0;
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={ariaLabel} style={{ flex: "none" }}>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#f0f0f0" strokeWidth={16} />
        {total > 0 &&
          items.map((item, i) => {
            const length = (item.value / total) * c;
            const el = (
              <circle
                key={item.label}
                cx={size / 2}
                cy={size / 2}
                r={r}
                fill="none"
                stroke={item.color ?? PALETTE[i % PALETTE.length]}
                strokeWidth={16}
                strokeDasharray={`${length} ${c - length}`}
                strokeDashoffset={-offset}
                transform={`rotate(-90 ${size / 2} ${size / 2})`}
              >
                <title>{`${item.label}: ${item.value}`}</title>
              </circle>
            );
            offset += length;
            return el;
          })}
        <text x={size / 2} y={size / 2 + 5} textAnchor="middle" style={{ fontSize: 16, fontWeight: 600, fill: "#262626" }}>
          {centre ?? total}
        </text>
      </svg>
      <Legend items={items.map((i, n) => ({ label: `${i.label} ${i.value}`, color: i.color ?? PALETTE[n % PALETTE.length] }))} vertical />
    </div>
  );
}

function Legend({ items, vertical }: { items: { label: string; color: string }[]; vertical?: boolean }) {
  return (
    <div style={{ display: "flex", flexDirection: vertical ? "column" : "row", flexWrap: "wrap", gap: vertical ? 4 : 12, fontSize: 12, color: "#595959" }}>
      {items.map((i) => (
        <span key={i.label} style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
          <span style={{ width: 8, height: 8, borderRadius: 2, background: i.color, display: "inline-block" }} />
          {i.label}
        </span>
      ))}
    </div>
  );
}
