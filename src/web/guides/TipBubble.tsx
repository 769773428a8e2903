// A one-time tip bubble pointing at an element of the page (the header's guide button, the payment
// guide's entrance): placed under (or left of) the element, closed by 知道了 or after a few seconds.
import { Button } from "antd";
import { useEffect, useRef, useState } from "react";

export interface TipBubbleProps {
  /** CSS selector of the element pointed at. */
  anchor: string;
  text: string;
  side?: "below" | "left";
  onClose: () => void;
  autoCloseMs?: number;
  testId?: string;
}

const WIDTH = 220;

export default function TipBubble({ anchor, text, side = "below", onClose, autoCloseMs = 8000, testId }: TipBubbleProps) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  // The latest onClose, outside the effect's dependencies: callers pass a new function on every render
  // (the guides re-render on each navigation), which must not restart the auto-close timer.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const place = () => setRect(document.querySelector(anchor)?.getBoundingClientRect() ?? null);
    place();
    window.addEventListener("resize", place);
    const timer = setTimeout(() => close.current(), autoCloseMs);
    return () => {
      window.removeEventListener("resize", place);
      clearTimeout(timer);
    };
  }, [anchor, autoCloseMs]);

  if (!rect) return null;
  const style: React.CSSProperties =
    side === "below"
      ? { top: rect.bottom + 10, left: Math.max(8, Math.min(rect.left + rect.width / 2 - WIDTH / 2, window.innerWidth - WIDTH - 8)) }
      : { top: Math.max(8, rect.top + rect.height / 2 - 36), left: Math.max(8, rect.left - WIDTH - 12) };
  return (
    <div
      role="status"
      data-testid={testId}
      style={{
        position: "fixed",
        zIndex: 1010,
        width: WIDTH,
        padding: "10px 12px",
        background: "#1668dc",
        color: "#fff",
        borderRadius: 6,
        boxShadow: "0 6px 16px rgba(0,0,0,.2)",
        fontSize: 13,
        ...style,
      }}
    >
      <div style={{ marginBottom: 8, lineHeight: 1.6 }}>{text}</div>
      <div style={{ textAlign: "right" }}>
        <Button size="small" ghost onClick={onClose}>
          知道了
        </Button>
      </div>
    </div>
  );
}
