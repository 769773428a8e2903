// The watermark over the page area (spec §3): user name, phone with its middle four digits masked,
// and the date; shown when watermarkStatus is 1 (the default).
import { Watermark as AntWatermark } from "antd";
import { useMemo, type ReactNode } from "react";
import { watermarkContent, watermarkShown } from "./watermark-state.ts";
import type { CurrentUser } from "./user-state.ts";

export default function Watermark({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  const today = new Date().toDateString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const content = useMemo(() => watermarkContent(user, new Date()), [user, today]);
  if (!watermarkShown(user.watermarkStatus)) return <>{children}</>;
  return (
    <AntWatermark content={content} gap={[120, 120]} font={{ color: "rgba(0,0,0,0.08)", fontSize: 14 }} style={{ minHeight: "100%" }}>
      {children}
    </AntWatermark>
  );
}
