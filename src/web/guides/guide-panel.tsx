// What the payment and smart-home guide panels share: opening when asked (the header's guide button,
// a tour) and telling the tours once open, opening a step's page, the title bar with its minimise and
// close buttons, a step card with its number badge and text, the tour and help-document links, and
// the draggable floating button the panel shrinks to.
import { CheckCircleFilled, CloseOutlined, MinusOutlined, PlayCircleOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Button, message, Tooltip, Typography } from "antd";
import { useCallback, useEffect, useRef, type CSSProperties, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { track } from "../tracking/useTracking.ts";
import type { useDrag } from "./drag.ts";
import { announceGuideOpened } from "./events.ts";
import { stepClick, type GuideStepItem } from "./guide-steps.ts";

/**
 * Each time `openNonce` grows the panel opens (`reopen`); once it is shown and expanded after such a
 * request, the tours waiting for it are told (once per request).
 */
export function useGuideOpening(section: "payment" | "smartHome", openNonce: number, reopen: () => void, openAndExpanded: boolean): void {
  const announced = useRef(0);
  useEffect(() => {
    if (openNonce > 0) reopen();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openNonce]);
  useEffect(() => {
    if (openNonce > announced.current && openAndExpanded) {
      announced.current = openNonce;
      announceGuideOpened(section);
    }
  }, [openNonce, openAndExpanded, section]);
}

/** A click on a step (guide-steps.ts stepClick): nothing when disabled, a warning without the permission, else its page, tracked. */
export function useOpenGuideStep(authorities: readonly string[]): (step: GuideStepItem, enabled: boolean) => void {
  const navigate = useNavigate();
  return useCallback(
    (step: GuideStepItem, enabled: boolean) => {
      const outcome = stepClick(step, enabled, authorities);
      if (outcome.kind === "disabled") return;
      if (outcome.kind === "noPermission") {
        void message.warning(outcome.message);
        return;
      }
      track(outcome.lc);
      void navigate(outcome.path);
    },
    [authorities, navigate],
  );
}

const stopPointer = (e: ReactPointerEvent) => e.stopPropagation();

export interface GuideTitleBarProps {
  title: string;
  titleStyle?: CSSProperties;
  style?: CSSProperties;
  /** Dragging the panel by its title bar; the buttons do not start a drag. */
  onPointerDown?: (e: ReactPointerEvent<HTMLElement>) => void;
  minimise: { tooltip: string; label: string; onClick: () => void };
  close: { label: string; onClick: () => void };
}

/** The panel's title with its minimise (or collapse) and close buttons. */
export function GuideTitleBar({ title, titleStyle, style, onPointerDown, minimise, close }: GuideTitleBarProps) {
  return (
    <div onPointerDown={onPointerDown} style={{ display: "flex", alignItems: "center", ...style }}>
      <Typography.Text strong style={{ flex: 1, ...titleStyle }}>
        {title}
      </Typography.Text>
      <Tooltip title={minimise.tooltip}>
        <Button type="text" size="small" icon={<MinusOutlined />} onPointerDown={stopPointer} onClick={minimise.onClick} aria-label={minimise.label} />
      </Tooltip>
      <Tooltip title="关闭">
        <Button type="text" size="small" icon={<CloseOutlined />} onPointerDown={stopPointer} onClick={close.onClick} aria-label={close.label} />
      </Tooltip>
    </div>
  );
}

export interface GuideStepCardProps {
  done: boolean;
  enabled: boolean;
  testId: string;
  tour?: string;
  onOpen: () => void;
  /** Stops the click here (a card inside a clickable card). */
  stopClick?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

/** A step as a keyboard-reachable button: dimmed and refused when not enabled, marked done for tests and styles. */
export function GuideStepCard({ done, enabled, testId, tour, onOpen, stopClick, style, children }: GuideStepCardProps) {
  return (
    <div
      role="button"
      tabIndex={enabled ? 0 : -1}
      aria-disabled={!enabled}
      data-testid={testId}
      data-tour={tour}
      data-done={done ? "true" : "false"}
      onClick={(e) => {
        if (stopClick) e.stopPropagation();
        onOpen();
      }}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onOpen()}
      style={{ display: "flex", alignItems: "center", borderRadius: 6, cursor: enabled ? "pointer" : "not-allowed", opacity: enabled ? 1 : 0.5, ...style }}
    >
      {children}
    </div>
  );
}

/** The round badge of a step: its number, or a tick once done. */
export function StepBadge({ done, label, size, color, style }: { done: boolean; label: ReactNode; size: number; color: string; style?: CSSProperties }) {
  return (
    <span
      style={{
        width: size,
        height: size,
        borderRadius: size / 2,
        flex: "none",
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        background: done ? "#52c41a" : color,
        color: "#fff",
        ...style,
      }}
    >
      {done ? <CheckCircleFilled /> : label}
    </span>
  );
}

/** A step's name (with what goes before it) over its description. */
export function StepText({ name, dec, fontWeight }: { name: ReactNode; dec: string; fontWeight: number }) {
  return (
    <span style={{ flex: 1, minWidth: 0 }}>
      <span style={{ display: "block", fontWeight }}>{name}</span>
      <span style={{ display: "block", fontSize: 12, color: "#6e6e6e" }}>{dec}</span>
    </span>
  );
}

/** The tour (操作演示) and help-document (帮助文档) links at the foot of a panel. */
export function GuideLinks({ onStartTour, helpUrl }: { onStartTour: () => void; helpUrl: string }) {
  return (
    <>
      <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={onStartTour}>
        操作演示
      </Button>
      <Button type="link" size="small" icon={<QuestionCircleOutlined />} href={helpUrl} target="_blank" rel="noopener noreferrer">
        帮助文档
      </Button>
    </>
  );
}

export interface FloatingGuideButtonProps {
  /** The button's drag (drag.ts useDrag): a drag moves it, a click that ends a drag does not open. */
  drag: Pick<ReturnType<typeof useDrag>, "position" | "onPointerDown" | "wasDragged">;
  size: { width: number; height: number };
  onOpen: () => void;
  testId: string;
  tour?: string;
  label?: string;
  onPointerEnter?: () => void;
  /** Where it floats besides its top (left or right) and how it looks. */
  style: CSSProperties;
  children: ReactNode;
}

/** The floating button a guide shrinks to: fixed at the drag's top, a click opens the panel again. */
export function FloatingGuideButton({ drag, size, onOpen, testId, tour, label, onPointerEnter, style, children }: FloatingGuideButtonProps) {
  return (
    <button
      type="button"
      data-testid={testId}
      data-tour={tour}
      aria-label={label}
      onPointerDown={drag.onPointerDown}
      onClick={() => !drag.wasDragged() && onOpen()}
      onPointerEnter={onPointerEnter}
      style={{
        position: "fixed",
        top: drag.position.y,
        width: size.width,
        height: size.height,
        border: "none",
        color: "#fff",
        cursor: "grab",
        boxShadow: "0 4px 12px rgba(0,0,0,.2)",
        touchAction: "none",
        ...style,
      }}
    >
      {children}
    </button>
  );
}
