// The payment guide panel (spec §2 Layout, §4, §6, §8): a welcome view with six feature icons and a
// start-configuring button, then five numbered step cards marked done from GET {property}/bill/steer,
// a do-not-auto-pop-again box, a help-document link, collapse and close buttons and a floating
// entrance button that can be dragged vertically. The rules live in payment-steps.ts,
// payment-visibility.ts and ../questionnaire/questionnaire-state.ts.
// The step marks are fetched again on every navigation and whenever the user may have done a step
// without one (the settings page's add dialogs save in place): when a page announces a change
// (events.ts), when the pointer comes back to the guide, when the window gets the focus again, and
// right before a click on a step that still looks disabled is refused.
// The guide never covers the page (guide-dock.tsx): open, it is a band at the top of the page column;
// collapsed, a tab in the strip at the right (none on a phone: the header's 使用引导 opens it), hidden
// while a dialog is open. It opens by itself only while 不再自动弹出 is unticked, and on a phone only
// when asked.
import { CompassOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Checkbox, Space, Typography } from "antd";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { constants } from "../../../../generated/constants.ts";
import { useNarrowScreen } from "../../shell/use-narrow.ts";
import { local } from "../../state/storage.ts";
import { track } from "../../tracking/useTracking.ts";
import { accountStorage } from "../account-storage.ts";
import { guideQueries } from "../queries.ts";
import { useDrag } from "../drag.ts";
import { PAYMENT_CONFIG_CHANGED_EVENT } from "../events.ts";
import { GuideBand, SMART_HOME_TAB, STRIP_TOP, STRIP_WIDTH, useDialogOpen, useStripSpace } from "../guide-dock.tsx";
import { GuideIcon } from "../guide-icons.tsx";
import { FloatingGuideButton, GuideLinks, GuideStepCard, GuideTitleBar, StepBadge, StepText, useGuideOpening, useOpenGuideStep } from "../guide-panel.tsx";
import { doneCount } from "../guide-steps.ts";
import type { Questionnaire } from "../questionnaire/questionnaire-state.ts";
import { shouldLoadSatisfaction } from "../questionnaire/questionnaire-conditions.ts";
import TipBubble from "../TipBubble.tsx";
import { firstTwoDone, PAYMENT_GUIDE_CODE, PAYMENT_SETTINGS_PATH, paymentStepEnabled, paymentSteps, WELCOME_FEATURES, type PaymentSteerFlags } from "./payment-steps.ts";
import {
  collapsePanel,
  expandPanel,
  finishClose,
  initialMode,
  markAnswered,
  markQuestionnaireDone,
  markWelcomeSeen,
  planClose,
  readPaymentMemory,
  reopenPanel,
  setNoAutoPop,
  type ClosePlan,
  type PanelMode,
} from "./payment-visibility.ts";

const QuestionnaireDialog = lazy(() => import("../questionnaire/QuestionnaireDialog.tsx"));

export const GUIDE_BUTTON_SELECTOR = 'button[aria-label="使用引导"]';
const ENTRANCE_SIZE = { width: STRIP_WIDTH, height: 132 };
/** The entrance is dragged below the smart-home guide's tab, at the top of the strip. */
const ENTRANCE_MIN_TOP = STRIP_TOP + SMART_HOME_TAB.height + 8;
/** Below antd's md breakpoint (a phone), as useNarrowScreen. */
const PHONE_MAX_WIDTH = 767;

/** How the panel first shows: as remembered, but as its entrance on a phone, where it was not asked for. */
function firstMode(storage: Pick<Storage, "getItem">): PanelMode {
  const mode = initialMode(readPaymentMemory(storage));
  const phone = typeof window !== "undefined" && window.innerWidth <= PHONE_MAX_WIDTH;
  return mode === "expanded" && phone ? "collapsed" : mode;
}

export interface PaymentGuideProps {
  /** Whose flags (account-storage.ts). */
  account: string;
  /** The page is a payment page (/propertyPayment/…). */
  onPaymentPage: boolean;
  authorities: readonly string[];
  communityId: string | number | null;
  /** Increases each time the guide is asked to open (the header's guide button, a tour). */
  openNonce: number;
  /** Changes on every navigation: the steps are checked again (a step may just have been done). */
  locationKey: string;
  helpUrl: string;
  onStartTour: () => void;
}

type Dialog = { questionnaire: Questionnaire; reason: "close"; plan: ClosePlan } | { questionnaire: Questionnaire; reason: "satisfaction" };

export default function PaymentGuide({ account, onPaymentPage, authorities, communityId, openNonce, locationKey, helpUrl, onStartTour }: PaymentGuideProps) {
  const storage = useMemo(() => accountStorage(local(), account), [account]);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<PanelMode>(() => firstMode(storage));
  const [welcomeSeen, setWelcomeSeen] = useState(() => readPaymentMemory(storage).welcomeSeen);
  const [ticked, setTicked] = useState(() => readPaymentMemory(storage).noAutoPopTicked);
  const [flags, setFlags] = useState<PaymentSteerFlags | null>(null);
  const [flagsFailed, setFlagsFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [collapseTip, setCollapseTip] = useState(false);
  const [hint, setHint] = useState(false);
  const [recheck, setRecheck] = useState(0);
  const lastCheck = useRef(0);
  const satisfactionTried = useRef(false);
  const entrance = useDrag({ x: 0, y: Math.max(ENTRANCE_MIN_TOP, (typeof window !== "undefined" ? window.innerHeight : 800) - 260) }, ENTRANCE_SIZE, "y", ENTRANCE_MIN_TOP);

  const permitted = authorities.includes(PAYMENT_GUIDE_CODE);
  const shown = onPaymentPage && permitted;
  const steps = useMemo(() => paymentSteps(flags), [flags]);
  const done = doneCount(steps);
  const progress = { ticked, firstTwoDone: firstTwoDone(steps) };
  // 不再自动弹出 holds across pages: a panel opened on one page waits as its entrance on the next.
  const pathname = locationKey.split("?")[0];
  const [seenPath, setSeenPath] = useState(pathname);
  if (pathname !== seenPath) {
    setSeenPath(pathname);
    if (ticked && mode === "expanded") setMode("collapsed");
  }
  const narrow = useNarrowScreen();
  const tab = shown && mode === "collapsed" && !narrow;
  useStripSpace("payment", tab);
  const underDialog = useDialogOpen(tab);

  useEffect(() => {
    if (!shown || communityId == null) return;
    let live = true;
    lastCheck.current = Date.now();
    client.fetchQuery(guideQueries.paymentSteer(communityId)).then(
      (f) => {
        if (!live) return;
        setFlags(f);
        setFlagsFailed(false);
      },
      () => live && setFlagsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [shown, communityId, locationKey, recheck, client]);

  /** Fetch the step marks again; `always` skips the once-a-second limit of the pointer and focus triggers. */
  const checkAgain = useCallback((always = false) => {
    if (!always && Date.now() - lastCheck.current < 1000) return;
    lastCheck.current = Date.now();
    setRecheck((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!shown) return;
    const onChanged = () => checkAgain(true);
    const onFocus = () => checkAgain();
    const onVisible = () => document.visibilityState === "visible" && checkAgain();
    window.addEventListener(PAYMENT_CONFIG_CHANGED_EVENT, onChanged);
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener(PAYMENT_CONFIG_CHANGED_EVENT, onChanged);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [shown, checkAgain]);

  // Tours wait for the panel to be open and expanded.
  useGuideOpening("payment", openNonce, () => setMode(reopenPanel(storage)), shown && mode === "expanded");
  const openGuideStep = useOpenGuideStep(authorities);

  // spec §4: the satisfaction dialog, once all five steps are done (once per page load).
  useEffect(() => {
    if (satisfactionTried.current || dialog) return;
    const conditions = { doneCount: done, panelVisible: shown && mode === "expanded", welcomeSeen, questionnaireDone: readPaymentMemory(storage).questionnaireDone };
    if (!shouldLoadSatisfaction(conditions)) return;
    satisfactionTried.current = true;
    client.fetchQuery(guideQueries.questionnaire()).then(
      (questionnaire) => {
        if (questionnaire.answered) markAnswered(storage);
        else setDialog({ questionnaire, reason: "satisfaction" });
      },
      () => undefined, // spec §8: a questionnaire that cannot be fetched stays hidden
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done, shown, mode, welcomeSeen, dialog]);

  const hide = useCallback(
    (plan: Pick<ClosePlan, "permanent">) => {
      const { showHint } = finishClose(storage, plan);
      setMode("hidden");
      if (showHint) setHint(true);
    },
    [storage],
  );

  const close = async () => {
    const plan = planClose({ ...progress, doneCount: done }, readPaymentMemory(storage));
    if (plan.offerQuestionnaire) {
      try {
        const questionnaire = await client.fetchQuery(guideQueries.questionnaire());
        if (!questionnaire.answered) {
          setDialog({ questionnaire, reason: "close", plan });
          return;
        }
        markAnswered(storage);
      } catch {
        // spec §8: the guide just closes
      }
    }
    hide(plan);
  };

  const collapse = () => {
    const { showTip } = collapsePanel(storage, progress);
    setMode("collapsed");
    if (showTip) setCollapseTip(true);
  };

  const expand = () => {
    expandPanel(storage);
    setCollapseTip(false);
    setMode("expanded");
  };

  const startConfiguring = () => {
    markWelcomeSeen(storage);
    setWelcomeSeen(true);
    track("pay_guide_start");
    void navigate(PAYMENT_SETTINGS_PATH);
  };

  const openStep = async (index: number) => {
    let current = steps;
    if (!paymentStepEnabled(current, index) && communityId != null) {
      // The marks may be behind (the step before was just done on this page): ask before refusing.
      try {
        const fresh = await client.fetchQuery(guideQueries.paymentSteer(communityId));
        setFlags(fresh);
        current = paymentSteps(fresh);
      } catch {
        return;
      }
    }
    openGuideStep(current[index], paymentStepEnabled(current, index));
  };

  const onDialogEnd = (submitted: boolean) => {
    const current = dialog;
    setDialog(null);
    if (!current) return;
    if (submitted) markQuestionnaireDone(storage);
    if (current.reason === "close") hide(submitted ? { permanent: true } : current.plan);
    else if (submitted) setMode("hidden");
  };

  const overlays = (
    <>
      {hint && <TipBubble anchor={GUIDE_BUTTON_SELECTOR} text="引导已关闭，需要时点击这里可以重新打开使用引导。" onClose={() => setHint(false)} testId="payment-guide-hint" />}
      {dialog && (
        <Suspense fallback={null}>
          <QuestionnaireDialog questionnaire={dialog.questionnaire} onCancel={() => onDialogEnd(false)} onSubmitted={() => onDialogEnd(true)} />
        </Suspense>
      )}
    </>
  );

  if (!shown || mode === "hidden") return overlays;

  if (mode === "collapsed") {
    if (!tab || underDialog) return overlays;
    return (
      <>
        <FloatingGuideButton
          drag={entrance}
          size={ENTRANCE_SIZE}
          onOpen={expand}
          testId="payment-guide-entrance"
          tour="payment-guide-entrance"
          label="展开缴费配置引导"
          onPointerEnter={() => checkAgain()}
          style={{
            right: 0,
            zIndex: 999,
            borderRadius: "8px 0 0 8px",
            background: "#1668dc",
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            gap: 6,
            padding: 0,
          }}
        >
          <CompassOutlined style={{ fontSize: 18 }} />
          <span style={{ writingMode: "vertical-rl", letterSpacing: 2, fontSize: 13 }}>缴费引导</span>
          <span style={{ fontSize: 12 }}>
            {done}/{constants.guideSteps}
          </span>
        </FloatingGuideButton>
        {collapseTip && (
          <TipBubble
            anchor='[data-testid="payment-guide-entrance"]'
            side="left"
            text="引导已收起，点击这里可以重新展开，也可以上下拖动。"
            onClose={() => setCollapseTip(false)}
            testId="payment-guide-collapse-tip"
          />
        )}
        {overlays}
      </>
    );
  }

  return (
    <>
      <GuideBand>
        <section
          data-testid="payment-guide"
          data-tour="payment-guide-panel"
          aria-label="物业缴费配置引导"
          onPointerEnter={() => checkAgain()}
          style={{
            margin: narrow ? "8px 8px 0" : "16px 16px 0",
            background: "#fff",
            borderRadius: 8,
            border: "1px solid #d6e4ff",
            padding: narrow ? 12 : 16,
          }}
        >
          <GuideTitleBar
            title="物业缴费配置引导"
            titleStyle={{ fontSize: 16 }}
            style={{ marginBottom: 12 }}
            minimise={{ tooltip: "收起", label: "收起引导", onClick: collapse }}
            close={{ label: "关闭引导", onClick: () => void close() }}
          />

          {!welcomeSeen ? (
            <div data-testid="payment-guide-welcome">
              <Typography.Paragraph type="secondary">欢迎使用物业缴费！完成缴费配置后即可使用以下功能：</Typography.Paragraph>
              <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))", gap: 12, marginBottom: 16 }}>
                {WELCOME_FEATURES.map((f) => (
                  <div key={f.key} style={{ textAlign: "center", padding: "8px 4px", background: "#f5f8ff", borderRadius: 6 }}>
                    <GuideIcon name={f.icon} style={{ fontSize: 22, color: "#1668dc" }} />
                    <div style={{ fontSize: 12, marginTop: 4 }}>{f.title}</div>
                  </div>
                ))}
              </div>
              <Button type="primary" onClick={startConfiguring} data-testid="payment-guide-start">
                开始配置
              </Button>
            </div>
          ) : (
            <div data-testid="payment-guide-steps">
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                已完成 {done}/{constants.guideSteps} 步{flagsFailed ? "（配置进度暂时无法获取）" : ""}
              </Typography.Paragraph>
              <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 8 }}>
                {steps.map((step, index) => {
                  const enabled = paymentStepEnabled(steps, index);
                  return (
                    <GuideStepCard
                      key={step.id}
                      done={step.hasChecked}
                      enabled={enabled}
                      testId={`payment-guide-step-${index + 1}`}
                      onOpen={() => void openStep(index)}
                      style={{
                        gap: 12,
                        padding: "10px 12px",
                        border: `1px solid ${step.hasChecked ? "#b7eb8f" : "#e5e6eb"}`,
                        background: step.hasChecked ? "#f6ffed" : "#fff",
                      }}
                    >
                      <StepBadge done={step.hasChecked} label={index + 1} size={26} color="#1668dc" style={{ fontWeight: 600 }} />
                      <StepText
                        fontWeight={500}
                        dec={step.dec}
                        name={
                          <>
                            <GuideIcon name={step.hasChecked ? step.checkedIcon : step.icon} style={{ marginRight: 6, color: step.hasChecked ? "#52c41a" : "#1668dc" }} />
                            {step.name}
                          </>
                        }
                      />
                    </GuideStepCard>
                  );
                })}
              </div>
            </div>
          )}

          <div style={{ display: "flex", alignItems: "center", marginTop: 8, flexWrap: "wrap", gap: 8 }}>
            <Checkbox
              checked={ticked}
              onChange={(e) => {
                setTicked(e.target.checked);
                setNoAutoPop(storage, e.target.checked);
              }}
              data-testid="payment-guide-no-auto-pop"
            >
              不再自动弹出
            </Checkbox>
            <Space size={4} style={{ marginLeft: "auto" }}>
              <GuideLinks onStartTour={onStartTour} helpUrl={helpUrl} />
            </Space>
          </div>
        </section>
      </GuideBand>
      {overlays}
    </>
  );
}
