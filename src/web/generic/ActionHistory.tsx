// The history a resource's actions keep (schemas: actions.historyField): who did which step when,
// as a timeline on the detail page, states shown by their mapping labels.
import { Timeline, Typography } from "antd";
import { chinaDateTime } from "../../common/china-time.ts";
import type { ResourceDef } from "../../../generated/model-types.ts";
import { mappingText } from "./display.tsx";

interface HistoryEntry {
  action: string;
  label?: string;
  from?: string;
  to?: string;
  username?: string;
  /** The actor's real name (older entries have only the login name). */
  name?: string;
  at?: string;
  note?: string;
}

export function ActionHistory({ def, value }: { def: ResourceDef; value: unknown }) {
  const entries = (Array.isArray(value) ? value : []) as HistoryEntry[];
  if (!entries.length) return <Typography.Text type="secondary">暂无处理记录</Typography.Text>;
  const mapping = def.fields.find((f) => f.name === def.actions?.stateField)?.mapping;
  const state = (s?: string) => (mapping && s !== undefined ? mappingText(mapping, s) : (s ?? ""));
  return (
    <Timeline
      style={{ marginTop: 8, marginBottom: -24 }}
      items={entries.map((e, i) => ({
        key: i,
        children: (
          <div>
            <Typography.Text strong>{e.label ?? e.action}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {state(e.from)} → {state(e.to)}
            </Typography.Text>
            <div>
              {e.name || e.username || "-"} · {e.at ? chinaDateTime(e.at) : "-"}
            </div>
            {e.note && <div style={{ color: "rgba(0,0,0,0.65)" }}>{e.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
