// The smart-home guide panel (spec §2 Layout): draggable, titled 智能家居使用引导, greets the user and
// lists the ordered steps with their sub-steps (smart-home-steps.ts, flags from GET {smarthome}/steer/
// actions/config), with a help-document link; it can be minimised to a floating button, closed, and
// reopened by that button or the header's guide button.
import { BulbOutlined, CheckCircleFilled, CloseOutlined, MinusOutlined, PlayCircleOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Button, message, Tooltip, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { local } from "../../state/storage.ts";
import { track } from "../../tracking/useTracking.ts";
import { fetchSmartHomeSteer } from "../api.ts";
import { useDrag } from "../drag.ts";
import { announceGuideOpened } from "../events.ts";
import { GuideIcon } from "../guide-icons.tsx";
import { doneCount, stepClick, type GuideStepItem } from "../guide-steps.ts";
import { smartHomeStepEnabled, smartHomeSteps, smartHomeSubStepEnabled, type SmartHomeSteerFlags } from "./smart-home-steps.ts";
import { initialSmartHomeMode, isSmartHomePath, minimiseSmartHome, reopenSmartHome, restoreSmartHome, SMART_HOME_MINIMISED_KEY, type SmartHomeMode } from "./smart-home-visibility.ts";

const PANEL = { width: 320, height: 460 };
const BUTTON = { width: 136, height: 40 };

export interface SmartHomeGuideProps {
  path: string;
  shownOnPage: boolean;
  authorities: readonly string[];
  userName: string;
  communityId: string | number | null;
  openNonce: number;
  locationKey: string;
  helpUrl: string;
  onStartTour: () => void;
}

export default function SmartHomeGuide({ path, shownOnPage, authorities, userName, communityId, openNonce, locationKey, helpUrl, onStartTour }: SmartHomeGuideProps) {
  const storage = local();
  const navigate = useNavigate();
  const [mode, setMode] = useState<SmartHomeMode>(() => initialSmartHomeMode(storage, path));
  const [flags, setFlags] = useState<SmartHomeSteerFlags | null>(null);
  const announced = useRef(0);
  const viewport = typeof window !== "undefined" ? { width: window.innerWidth, height: window.innerHeight } : { width: 1280, height: 800 };
  const panel = useDrag({ x: 260, y: Math.max(80, viewport.height - PANEL.height - 24) }, PANEL);
  const floating = useDrag({ x: 260, y: Math.max(80, viewport.height - 72) }, BUTTON, "y");
  const steps = useMemo(() => smartHomeSteps(flags), [flags]);

  useEffect(() => {
    if (!shownOnPage || communityId == null) return;
    let live = true;
    fetchSmartHomeSteer(communityId).then((f) => live && setFlags(f), () => undefined);
    return () => {
      live = false;
    };
  }, [shownOnPage, communityId, locationKey]);

  // Started as its button on a payment page: a smart-home page opens it, unless the user minimised it.
  const onSmartHomePage = isSmartHomePath(path);
  useEffect(() => {
    if (onSmartHomePage && storage.getItem(SMART_HOME_MINIMISED_KEY) !== "false") setMode((m) => (m === "minimised" ? "expanded" : m));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onSmartHomePage]);

  useEffect(() => {
    if (openNonce > 0) setMode(reopenSmartHome(storage));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openNonce]);

  useEffect(() => {
    if (openNonce > announced.current && shownOnPage && mode === "expanded") {
      announced.current = openNonce;
      announceGuideOpened("smartHome");
    }
  }, [openNonce, shownOnPage, mode]);

  if (!shownOnPage || mode === "hidden") return null;

  const open = (step: GuideStepItem, enabled: boolean) => {
    const outcome = stepClick(step, enabled, authorities);
    if (outcome.kind === "disabled") return;
    if (outcome.kind === "noPermission") {
      void message.warning(outcome.message);
      return;
    }
    track(outcome.lc);
    navigate(outcome.path);
  };

  if (mode === "minimised") {
    return (
      <button
        type="button"
        data-testid="smart-home-guide-button"
        onPointerDown={floating.onPointerDown}
        onClick={() => !floating.wasDragged() && setMode(restoreSmartHome(storage))}
        style={{
          position: "fixed", left: floating.position.x, top: floating.position.y, zIndex: 998, width: BUTTON.width, height: BUTTON.height, border: "none",
          borderRadius: 20, background: "#13c2c2", color: "#fff", cursor: "grab", boxShadow: "0 4px 12px rgba(0,0,0,.2)", touchAction: "none",
        }}
      >
        <BulbOutlined /> 智能家居引导
      </button>
    );
  }

  const row = (step: GuideStepItem, enabled: boolean, label: string, testId: string, nested = false) => (
    <div
      key={step.id}
      role="button"
      tabIndex={enabled ? 0 : -1}
      aria-disabled={!enabled}
      data-testid={testId}
      data-tour={nested ? undefined : `smart-step-${step.id}`}
      data-done={step.hasChecked ? "true" : "false"}
      onClick={(e) => {
        e.stopPropagation();
        open(step, enabled);
      }}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && open(step, enabled)}
      style={{
        display: "flex", gap: 8, alignItems: "center", padding: nested ? "4px 8px 4px 34px" : "8px", borderRadius: 6,
        cursor: enabled ? "pointer" : "not-allowed", opacity: enabled ? 1 : 0.5, background: nested ? "transparent" : step.hasChecked ? "#f6ffed" : "#fafafa", marginTop: nested ? 0 : 8,
      }}
    >
      {!nested && (
        <span style={{ width: 22, height: 22, borderRadius: 11, flex: "none", display: "inline-flex", alignItems: "center", justifyContent: "center", background: step.hasChecked ? "#52c41a" : "#13c2c2", color: "#fff", fontSize: 12 }}>
          {step.hasChecked ? <CheckCircleFilled /> : label}
        </span>
      )}
      {nested && <GuideIcon name={step.hasChecked ? step.checkedIcon : step.icon} style={{ color: step.hasChecked ? "#52c41a" : "#13c2c2" }} />}
      <span style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: "block", fontWeight: nested ? 400 : 500 }}>
          {nested ? `${label} ` : ""}
          {step.name}
        </span>
        <span style={{ display: "block", fontSize: 12, color: "#8c8c8c" }}>{step.dec}</span>
      </span>
    </div>
  );

  return (
    <section
      data-testid="smart-home-guide"
      data-tour="smart-home-guide-panel"
      aria-label="智能家居使用引导"
      style={{
        position: "fixed", left: panel.position.x, top: panel.position.y, zIndex: 998, width: PANEL.width, maxHeight: PANEL.height, overflow: "hidden",
        display: "flex", flexDirection: "column", background: "#fff", borderRadius: 8, boxShadow: "0 8px 24px rgba(0,0,0,.18)",
      }}
    >
      <div onPointerDown={panel.onPointerDown} style={{ display: "flex", alignItems: "center", padding: "10px 12px", cursor: "move", borderBottom: "1px solid #f0f0f0", touchAction: "none" }}>
        <Typography.Text strong style={{ flex: 1 }}>
          智能家居使用引导
        </Typography.Text>
        <Tooltip title="最小化">
          <Button type="text" size="small" icon={<MinusOutlined />} onPointerDown={(e) => e.stopPropagation()} onClick={() => setMode(minimiseSmartHome(storage))} aria-label="最小化智能家居引导" />
        </Tooltip>
        <Tooltip title="关闭">
          <Button type="text" size="small" icon={<CloseOutlined />} onPointerDown={(e) => e.stopPropagation()} onClick={() => setMode("hidden")} aria-label="关闭智能家居引导" />
        </Tooltip>
      </div>
      <div style={{ padding: "8px 12px 12px", overflow: "auto", minHeight: 0 }}>
        <Typography.Paragraph style={{ marginBottom: 4 }}>您好，{userName}！</Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          按以下顺序完成配置即可交付智能家居（已完成 {doneCount(steps)}/{steps.length}）
        </Typography.Text>
        {steps.map((step, index) => {
          const enabled = smartHomeStepEnabled(steps, index);
          return (
            <div key={step.id}>
              {row(step, enabled, String(index + 1), `smart-home-step-${index + 1}`)}
              {step.children?.map((child, childIndex) =>
                row(child, smartHomeSubStepEnabled(steps, index, childIndex), `${index + 1}.${childIndex + 1}`, `smart-home-step-${index + 1}-${childIndex + 1}`, true),
              )}
            </div>
          );
        })}
        <div style={{ display: "flex", justifyContent: "flex-end", marginTop: 8 }}>
          <Button type="link" size="small" icon={<PlayCircleOutlined />} onClick={onStartTour}>
            操作演示
          </Button>
          <Button type="link" size="small" icon={<QuestionCircleOutlined />} href={helpUrl} target="_blank" rel="noopener noreferrer">
            帮助文档
          </Button>
        </div>
      </div>
    </section>
  );
}
