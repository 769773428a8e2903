// The smart-home guide panel (spec §2 Layout): titled 智能家居使用引导, greets the user and lists the
// ordered steps with their sub-steps (smart-home-steps.ts, flags from GET {smarthome}/steer/
// actions/config), with a help-document link; it can be minimised to its button, closed, and reopened
// by that button or the header's guide button. So that it never covers the page (guide-dock.tsx) the
// open panel is a band at the top of the page column rather than a dragged window, and its button a
// tab at the top of the strip at the right (none on a phone: the header's 使用引导 opens it).
import { BulbOutlined } from "@ant-design/icons";
import { Typography } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNarrowScreen } from "../../shell/use-narrow.ts";
import { local } from "../../state/storage.ts";
import { accountStorage } from "../account-storage.ts";
import { guideQueries } from "../queries.ts";
import { GuideBand, SMART_HOME_TAB, STRIP_TOP, useDialogOpen, useStripSpace } from "../guide-dock.tsx";
import { GuideIcon } from "../guide-icons.tsx";
import { FloatingGuideButton, GuideLinks, GuideStepCard, GuideTitleBar, StepBadge, StepText, useGuideOpening, useOpenGuideStep } from "../guide-panel.tsx";
import { doneCount, type GuideStepItem } from "../guide-steps.ts";
import { smartHomeStepEnabled, smartHomeSteps, smartHomeSubStepEnabled, type SmartHomeSteerFlags } from "./smart-home-steps.ts";
import { initialSmartHomeMode, isSmartHomePath, minimiseSmartHome, reopenSmartHome, restoreSmartHome, SMART_HOME_MINIMISED_KEY, type SmartHomeMode } from "./smart-home-visibility.ts";

/** The tab does not move: drag.ts's handlers with a fixed position. */
const FIXED_TAB = { position: { x: 0, y: STRIP_TOP }, onPointerDown: () => undefined, wasDragged: () => false };

export interface SmartHomeGuideProps {
  /** Whose flags (account-storage.ts). */
  account: string;
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

export default function SmartHomeGuide({ account, path, shownOnPage, authorities, userName, communityId, openNonce, locationKey, helpUrl, onStartTour }: SmartHomeGuideProps) {
  const storage = useMemo(() => accountStorage(local(), account), [account]);
  const client = useQueryClient();
  const [mode, setMode] = useState<SmartHomeMode>(() => initialSmartHomeMode(storage, path));
  const [flags, setFlags] = useState<SmartHomeSteerFlags | null>(null);
  const narrow = useNarrowScreen();
  const tab = shownOnPage && mode === "minimised" && !narrow;
  useStripSpace("smartHome", tab);
  const underDialog = useDialogOpen(tab);
  const steps = useMemo(() => smartHomeSteps(flags), [flags]);

  useEffect(() => {
    if (!shownOnPage || communityId == null) return;
    let live = true;
    client.fetchQuery(guideQueries.smartHomeSteer(communityId)).then(
      (f) => live && setFlags(f),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shownOnPage, communityId, locationKey, client]);

  // Started as its button on a payment page: a smart-home page opens it, unless the user minimised it;
  // back on a payment page, where the payment guide has the stage, it is its button again (not stored).
  const onSmartHomePage = isSmartHomePath(path);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows navigation and reads the stored choice (localStorage, outside React)
    if (onSmartHomePage && storage.getItem(SMART_HOME_MINIMISED_KEY) !== "false") setMode((m) => (m === "minimised" ? "expanded" : m));
    else if (!onSmartHomePage) setMode((m) => (m === "expanded" ? "minimised" : m));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the user arrives on a smart-home page, not when storage or mode change
  }, [onSmartHomePage]);

  useGuideOpening("smartHome", openNonce, () => setMode(reopenSmartHome(storage)), shownOnPage && mode === "expanded");
  const open = useOpenGuideStep(authorities);

  if (!shownOnPage || mode === "hidden") return null;

  if (mode === "minimised") {
    if (!tab || underDialog) return null;
    return (
      <FloatingGuideButton
        drag={FIXED_TAB}
        size={SMART_HOME_TAB}
        onOpen={() => setMode(restoreSmartHome(storage))}
        testId="smart-home-guide-button"
        label="展开智能家居引导"
        style={{
          right: 0,
          zIndex: 998,
          cursor: "pointer",
          borderRadius: "8px 0 0 8px",
          background: "#006d75",
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          gap: 6,
          padding: 0,
        }}
      >
        <BulbOutlined style={{ fontSize: 18 }} />
        <span style={{ writingMode: "vertical-rl", letterSpacing: 2, fontSize: 13 }}>智能家居引导</span>
      </FloatingGuideButton>
    );
  }

  const row = (step: GuideStepItem, enabled: boolean, label: string, testId: string, nested = false) => (
    <GuideStepCard
      key={step.id}
      done={step.hasChecked}
      enabled={enabled}
      testId={testId}
      tour={nested ? undefined : `smart-step-${step.id}`}
      onOpen={() => open(step, enabled)}
      stopClick
      style={{ gap: 8, padding: nested ? "4px 8px 4px 34px" : "8px", background: nested ? "transparent" : step.hasChecked ? "#f6ffed" : "#fafafa", marginTop: nested ? 0 : 8 }}
    >
      {nested ? (
        <GuideIcon name={step.hasChecked ? step.checkedIcon : step.icon} style={{ color: step.hasChecked ? "#52c41a" : "#08979c" }} />
      ) : (
        <StepBadge done={step.hasChecked} label={label} size={22} color="#006d75" style={{ fontSize: 12 }} />
      )}
      <StepText fontWeight={nested ? 400 : 500} dec={step.dec} name={`${nested ? `${label} ` : ""}${step.name}`} />
    </GuideStepCard>
  );

  return (
    <GuideBand>
      <section
        data-testid="smart-home-guide"
        data-tour="smart-home-guide-panel"
        aria-label="智能家居使用引导"
        style={{
          margin: narrow ? "8px 8px 0" : "16px 16px 0",
          background: "#fff",
          borderRadius: 8,
          border: "1px solid #b5f5ec",
        }}
      >
        <GuideTitleBar
          title="智能家居使用引导"
          style={{ padding: "10px 12px", borderBottom: "1px solid #f0f0f0" }}
          minimise={{ tooltip: "最小化", label: "最小化智能家居引导", onClick: () => setMode(minimiseSmartHome(storage)) }}
          close={{ label: "关闭智能家居引导", onClick: () => setMode("hidden") }}
        />
        <div style={{ padding: "8px 12px 12px" }}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>您好，{userName}！</Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            按以下顺序完成配置即可交付智能家居（已完成 {doneCount(steps)}/{steps.length}）
          </Typography.Text>
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))", columnGap: 12 }}>
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
          </div>
          <div style={{ display: "flex", justifyContent: "flex-end", marginTop: 8 }}>
            <GuideLinks onStartTour={onStartTour} helpUrl={helpUrl} />
          </div>
        </div>
      </section>
    </GuideBand>
  );
}
