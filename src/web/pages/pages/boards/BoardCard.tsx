// A panel of a board: a titled card, dark on the cockpit boards.
import { Card } from "antd";
import type { ReactNode } from "react";

export function BoardCard({ title, children, height }: { title: string; children: ReactNode; height?: number }) {
  return (
    <Card title={title} size="small" variant="borderless" styles={{ body: { minHeight: height ?? 200 } }} style={{ height: "100%" }}>
      {children}
    </Card>
  );
}
