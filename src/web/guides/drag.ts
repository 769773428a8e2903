// Dragging the guides' floating parts: the payment guide's entrance button moves vertically only,
// the smart-home panel anywhere; both stay inside the window.
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";

export interface Point {
  x: number;
  y: number;
}

export const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), Math.max(min, max));

/** The top of a vertically dragged element of `height` kept inside a window of `viewport` height. */
export const clampTop = (top: number, height: number, viewport: number, margin = 8): number => clamp(top, margin, viewport - height - margin);

/** A position kept inside the window. */
export function clampPoint(p: Point, size: { width: number; height: number }, viewport: { width: number; height: number }, margin = 8): Point {
  return { x: clamp(p.x, margin, viewport.width - size.width - margin), y: clamp(p.y, margin, viewport.height - size.height - margin) };
}

/** A drag of less than this many pixels is a click. */
export const DRAG_THRESHOLD = 4;
export const movedEnough = (from: Point, to: Point): boolean => Math.abs(to.x - from.x) > DRAG_THRESHOLD || Math.abs(to.y - from.y) > DRAG_THRESHOLD;

/**
 * Pointer dragging of an element at `position` (fixed, top-left). `axis` y moves only vertically;
 * `minTop` keeps it below what is above it (the header, another guide's tab).
 * Returns the position, the pointer-down handler and whether the last gesture was a drag (so the
 * click that ends it can be ignored).
 */
export function useDrag(initial: Point, size: { width: number; height: number }, axis: "xy" | "y" = "xy", minTop = 8) {
  const [position, setPosition] = useState<Point>(initial);
  const dragged = useRef(false);
  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      const start = { x: event.clientX, y: event.clientY };
      const origin = position;
      dragged.current = false;
      const move = (e: PointerEvent) => {
        const now = { x: e.clientX, y: e.clientY };
        if (!dragged.current && !movedEnough(start, now)) return;
        dragged.current = true;
        const viewport = { width: window.innerWidth, height: window.innerHeight };
        const next = { x: axis === "y" ? origin.x : origin.x + now.x - start.x, y: origin.y + now.y - start.y };
        const kept = clampPoint(next, size, viewport);
        setPosition({ x: kept.x, y: clamp(kept.y, minTop, viewport.height - size.height - 8) });
      };
      const up = () => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", up);
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", up);
    },
    [axis, position, size, minTop],
  );
  return { position, setPosition, onPointerDown, wasDragged: () => dragged.current };
}
