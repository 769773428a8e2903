// Small SVG charts for the boards and statistics pages: bars, lines and a donut, each with its
// legend and an accessible title. Hand-written because no chart library could be installed
// here (see docs/decisions.md); they take plain {label, value} data, so swapping one in later is local.
import { Empty, Space, Typography } from "antd";
import type { ReactNode } from "react";

export const PALETTE = ["#1677ff", "#52c41a", "#faad14", "#f5222d", "#722ed1", "#13c2c2", "#eb2f96", "#fa8c16"];

export interface Datum {
  label: string;
  value: number;
}

const none = (data: readonly Datum[]) => data.length === 0 || data.every((d) => !d.value);

function Legend({ items }: { items: { label: string; color: string; value?: number }[] }) {
  return (
    <Space size={[12, 4]} wrap style={{ marginTop: 8 }}>
      {items.map((i) => (
        <span key={i.label} style={{ fontSize: 12 }}>
          <span style={{ display: "inline-block", width: 10, height: 10, borderRadius: 2, background: i.color, marginRight: 4 }} />
          {i.label}
          {i.value !== undefined && <Typography.Text type="secondary"> {i.value}</Typography.Text>}
        </span>
      ))}
    </Space>
  );
}

/** Horizontal bars, one per datum, the value at the end. */
export function BarList({ data, title, color = PALETTE[0] }: { data: readonly Datum[]; title: string; color?: string }) {
  if (none(data)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const max = Math.max(...data.map((d) => d.value), 1);
  return (
    <div role="img" aria-label={title}>
      {data.map((d) => (
        <div key={d.label} style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 6 }}>
          <span style={{ width: 96, flex: "none", fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={d.label}>
            {d.label}
          </span>
          <div style={{ flex: 1, background: "#f5f5f5", borderRadius: 3, height: 14 }}>
            <div style={{ width: `${(d.value / max) * 100}%`, background: color, height: 14, borderRadius: 3, minWidth: d.value ? 2 : 0 }} />
          </div>
          <span style={{ width: 48, textAlign: "right", fontSize: 12 }}>{d.value}</span>
        </div>
      ))}
    </div>
  );
}

/** A donut of shares with the total in the middle. */
export function Donut({ data, title, size = 160 }: { data: readonly Datum[]; title: string; size?: number }) {
  if (none(data)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const total = data.reduce((s, d) => s + d.value, 0);
  const r = size / 2 - 12;
  const c = 2 * Math.PI * r;
  const lengths = data.map((d) => (d.value / total) * c);
  // Each arc starts where the ones before it end.
  const offsets = [0];
  for (const length of lengths.slice(0, -1)) offsets.push(offsets[offsets.length - 1] + length);
  return (
    <div style={{ textAlign: "center" }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={title}>
        <title>{title}</title>
        <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
          {data.map((d, i) => {
            const length = lengths[i];
            return (
              <circle
                key={d.label}
                r={r}
                cx={size / 2}
                cy={size / 2}
                fill="none"
                stroke={PALETTE[i % PALETTE.length]}
                strokeWidth={18}
                strokeDasharray={`${length} ${c - length}`}
                strokeDashoffset={-offsets[i]}
              />
            );
          })}
        </g>
        <text x="50%" y="50%" textAnchor="middle" dominantBaseline="central" fontSize={20} fontWeight={600}>
          {total}
        </text>
      </svg>
      <div>
        <Legend items={data.map((d, i) => ({ label: d.label, value: d.value, color: PALETTE[i % PALETTE.length] }))} />
      </div>
    </div>
  );
}

export interface Series {
  name: string;
  values: number[];
}

/** Lines over labelled points (days), with dots and a light grid. */
export function LineChart({ labels, series, title, height = 180 }: { labels: string[]; series: Series[]; title: string; height?: number }) {
  if (!labels.length || series.every((s) => s.values.every((v) => !v))) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const width = 520;
  const pad = { left: 32, right: 12, top: 10, bottom: 24 };
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad.left + (labels.length === 1 ? 0 : (i * (width - pad.left - pad.right)) / (labels.length - 1));
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const step = Math.ceil(labels.length / 8);
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={title} style={{ maxHeight: height }}>
        <title>{title}</title>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#f0f0f0" />
            <text x={pad.left - 4} y={y(max * f)} fontSize={10} textAnchor="end" dominantBaseline="central" fill="#6e6e6e">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {labels.map((l, i) =>
          i % step === 0 ? (
            <text key={l} x={x(i)} y={height - 6} fontSize={10} textAnchor="middle" fill="#6e6e6e">
              {l.slice(5)}
            </text>
          ) : null,
        )}
        {series.map((s, si) => (
          <g key={s.name}>
            <polyline fill="none" stroke={PALETTE[si % PALETTE.length]} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill={PALETTE[si % PALETTE.length]}>
                <title>{`${labels[i]} ${s.name}：${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      {series.length > 1 && <Legend items={series.map((s, i) => ({ label: s.name, color: PALETTE[i % PALETTE.length] }))} />}
    </div>
  );
}

/** A number with its caption, for the top row of a board. */
export function Figure({ label, value, suffix, extra }: { label: string; value: ReactNode; suffix?: string; extra?: ReactNode }) {
  return (
    <div style={{ padding: "8px 4px" }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 26, fontWeight: 600, lineHeight: 1.4 }}>
        {value}
        {suffix && <span style={{ fontSize: 14, marginLeft: 4 }}>{suffix}</span>}
      </div>
      {extra}
    </div>
  );
}
