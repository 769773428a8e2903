// Horizontal bars, one per datum, the value at the end (the ranking lists of the boards).
import { NoData, PALETTE, type Datum } from "./parts.tsx";

export function BarList({ data, title, color = PALETTE[0] }: { data: readonly Datum[]; title: string; color?: string }) {
  if (data.every((d) => !d.value)) return <NoData />;
  const max = Math.max(...data.map((d) => d.value), 1);
  return (
    <div role="img" aria-label={title}>
      {data.map((d) => (
        <div key={d.label} title={`${d.label}：${d.value}`} style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 6 }}>
          <span style={{ width: 96, flex: "none", fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{d.label}</span>
          <div style={{ flex: 1, background: "#f5f5f5", borderRadius: 3, height: 14 }}>
            <div style={{ width: `${(d.value / max) * 100}%`, background: d.color ?? color, height: 14, borderRadius: 3, minWidth: d.value ? 2 : 0 }} />
          </div>
          <span style={{ width: 48, textAlign: "right", fontSize: 12 }}>{d.value}</span>
        </div>
      ))}
    </div>
  );
}
