// The report's chart, in SVG (no chart library in the bundle): per month, bars of amount due and
// collected (net of refunds) and a line of the collection rate on its own 0–100 % axis.
import { Empty, Space } from "antd";
import type { ReportRow } from "../types.ts";
import { fenOf, fenToYuan } from "../shared/money.ts";

interface Month {
  period: string;
  due: number;
  net: number;
}

const W = 760;
const H = 280;
const PAD = { left: 64, right: 48, top: 16, bottom: 36 };
const COLORS = { due: "#91caff", net: "#1677ff", rate: "#fa8c16" };

/** Months summed over the communities of the report. */
export function byMonth(rows: ReportRow[]): Month[] {
  const map = new Map<string, Month>();
  for (const r of rows) {
    const m = map.get(r.period) ?? { period: r.period, due: 0, net: 0 };
    m.due += fenOf(r.amountDue);
    m.net += fenOf(r.collected) - fenOf(r.refunded);
    map.set(r.period, m);
  }
  return [...map.values()].sort((a, b) => a.period.localeCompare(b.period));
}

const yuanAxis = (fen: number) => (fen >= 1_000_000 ? `${(fen / 1_000_000).toFixed(1)}万` : (fen / 100).toFixed(0));

export function ReportChart({ rows }: { rows: ReportRow[] }) {
  const months = byMonth(rows);
  if (!months.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  const max = Math.max(...months.map((m) => Math.max(m.due, m.net)), 1);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / months.length;
  const bar = Math.min(28, slot / 3);
  const y = (fen: number) => PAD.top + plotH - (fen / max) * plotH;
  const yRate = (pct: number) => PAD.top + plotH - (Math.min(pct, 100) / 100) * plotH;
  const points = months.map((m, i) => [PAD.left + slot * i + slot / 2, yRate(m.due ? (m.net * 100) / m.due : 0)] as const);
  return (
    <div>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="应收、实收与收缴率">
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * t)} y2={y(max * t)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(max * t) + 4} fontSize={11} textAnchor="end" fill="#6e6e6e">
              {yuanAxis(max * t)}
            </text>
            <text x={W - PAD.right + 6} y={yRate(t * 100) + 4} fontSize={11} fill="#6e6e6e">
              {t * 100}%
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = PAD.left + slot * i + slot / 2;
          return (
            <g key={m.period}>
              <rect x={x - bar - 1} y={y(m.due)} width={bar} height={PAD.top + plotH - y(m.due)} fill={COLORS.due}>
                <title>{`${m.period} 应收 ¥${fenToYuan(m.due)}`}</title>
              </rect>
              <rect x={x + 1} y={y(Math.max(m.net, 0))} width={bar} height={PAD.top + plotH - y(Math.max(m.net, 0))} fill={COLORS.net}>
                <title>{`${m.period} 实收 ¥${fenToYuan(m.net)}`}</title>
              </rect>
              <text x={x} y={H - PAD.bottom + 16} fontSize={11} textAnchor="middle" fill="#595959">
                {m.period}
              </text>
            </g>
          );
        })}
        <polyline points={points.map((p) => p.join(",")).join(" ")} fill="none" stroke={COLORS.rate} strokeWidth={2} />
        {points.map(([px, py], i) => (
          <circle key={months[i].period} cx={px} cy={py} r={3} fill={COLORS.rate} />
        ))}
      </svg>
      <Space size={16} style={{ fontSize: 12 }}>
        {[
          ["应收金额", COLORS.due],
          ["实收金额（扣除退款）", COLORS.net],
          ["收缴率", COLORS.rate],
        ].map(([label, color]) => (
          <span key={label}>
            <span style={{ display: "inline-block", width: 10, height: 10, background: color, marginRight: 4, borderRadius: 2 }} />
            {label}
          </span>
        ))}
      </Space>
    </div>
  );
}
