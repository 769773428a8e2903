// A donut of shares with the total (or a caption) in the middle and a legend with each value;
// resting the pointer on a share shows its label, value and percentage.
import { useRef, useState, type MouseEvent } from "react";
import { ChartTooltip, colorAt, Legend, NoData, type Datum } from "./parts.tsx";

interface DonutProps {
  /** The chart's accessible name. */
  title: string;
  data: readonly Datum[];
  size?: number;
  /** The text in the middle (default: the total). */
  centre?: string;
  /** The legend beside the donut instead of under it. */
  legendBeside?: boolean;
  /** An empty ring when every value is zero (default: "暂无数据"). */
  ringWhenEmpty?: boolean;
}

const share = (value: number, total: number) => `${Math.round((value * 1000) / total) / 10}%`;

export function Donut({ title, data, size = 160, centre, legendBeside, ringWhenEmpty }: DonutProps) {
  const box = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<{ index: number; x: number; width: number } | null>(null);
  const total = data.reduce((s, d) => s + d.value, 0);
  if (!total && !ringWhenEmpty) return <NoData />;
  const stroke = size >= 150 ? 18 : 16;
  const r = size / 2 - stroke / 2 - 3;
  const c = 2 * Math.PI * r;
  const lengths = data.map((d) => (total ? (d.value / total) * c : 0));
  // Each arc starts where the ones before it end.
  const offsets = [0];
  for (const length of lengths.slice(0, -1)) offsets.push(offsets[offsets.length - 1] + length);
  const show = (index: number) => (e: MouseEvent<SVGCircleElement>) => {
    const outer = box.current?.getBoundingClientRect();
    const part = e.currentTarget.getBoundingClientRect();
    if (outer) setActive({ index, x: part.left + part.width / 2 - outer.left, width: outer.width });
  };
  const hovered = active ? data[active.index] : undefined;
  return (
    <div style={legendBeside ? { display: "flex", alignItems: "center", gap: 16 } : { textAlign: "center" }}>
      <div ref={box} style={{ position: "relative", flex: "none", display: "inline-block" }}>
        <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={title} style={{ display: "block" }}>
          <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="#f0f0f0" strokeWidth={stroke} />
          <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
            {data.map((d, i) =>
              lengths[i] > 0 ? (
                <circle
                  key={d.label}
                  r={r}
                  cx={size / 2}
                  cy={size / 2}
                  fill="none"
                  stroke={colorAt(i, d.color)}
                  strokeWidth={active?.index === i ? stroke + 4 : stroke}
                  strokeDasharray={`${lengths[i]} ${c - lengths[i]}`}
                  strokeDashoffset={-offsets[i]}
                  onMouseEnter={show(i)}
                  onMouseLeave={() => setActive(null)}
                />
              ) : null,
            )}
          </g>
          <text x="50%" y="50%" textAnchor="middle" dominantBaseline="central" fontSize={size >= 150 ? 20 : 16} fontWeight={600} fill="#262626">
            {centre ?? total}
          </text>
        </svg>
        {active && hovered && (
          <ChartTooltip
            x={active.x}
            width={active.width}
            heading={hovered.label}
            lines={[{ color: colorAt(active.index, hovered.color), name: "", value: `${hovered.value}（${share(hovered.value, total)}）` }]}
          />
        )}
      </div>
      <Legend vertical={legendBeside} centred={!legendBeside} items={data.map((d, i) => ({ label: d.label, value: d.value, color: colorAt(i, d.color) }))} />
    </div>
  );
}
