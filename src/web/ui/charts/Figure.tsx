// A number with its caption, for the top row of a board or a statistics page.
import { Typography } from "antd";
import type { ReactNode } from "react";

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
