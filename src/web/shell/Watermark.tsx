// The watermark over the page area (spec §3): user name, phone with its middle four digits masked,
// and the date; shown when watermarkStatus is 1 (the default).
import { Watermark as AntWatermark } from "antd";
import { useMemo, type ReactNode } from "react";
import { chinaToday } from "../lib/china-today.ts";
import { watermarkContent, watermarkShown } from "./watermark-state.ts";
import type { CurrentUser } from "./user-state.ts";

export default function Watermark({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  // The date is today in China time (the platform's one clock), whatever the browser's zone.
  const today = chinaToday();
  const day = today.format("YYYY-MM-DD");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content follows the day, not the moment it was read
  const content = useMemo(() => watermarkContent(user, today.toDate()), [user, day]);
  if (!watermarkShown(user.watermarkStatus)) return <>{children}</>;
  return (
    <AntWatermark content={content} gap={[120, 120]} font={{ color: "rgba(0,0,0,0.08)", fontSize: 14 }} style={{ minHeight: "100%" }}>
      {children}
    </AntWatermark>
  );
}
