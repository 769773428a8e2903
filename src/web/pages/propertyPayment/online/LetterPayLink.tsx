// The pay QR and link a dunning letter prints for its room (getRoomPayLinks): the resident scans it or
// types the address and pays that room's unpaid bills online. Nothing is printed without a link.
import { QRCode } from "antd";
import { texts } from "../../../../../generated/texts.ts";

export function LetterPayLink({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <div className="neptune-dunning-paylink" style={{ display: "flex", alignItems: "center", gap: 16, marginTop: 24, breakInside: "avoid" }}>
      <QRCode type="svg" value={url} size={120} bordered={false} aria-label={texts.payOnlineLetter.qrLabel} style={{ flex: "none" }} />
      <div style={{ lineHeight: 2, minWidth: 0 }}>
        <div>{texts.payOnlineLetter.hint}</div>
        <div style={{ wordBreak: "break-all", fontFamily: "monospace" }}>{url}</div>
      </div>
    </div>
  );
}
