// What the payment guide remembers (spec §4, §9 local storage flags) and how collapsing, closing and
// reopening change it. Pure over an injected Storage, so every rule is unit-tested:
//   - welcome view until Hbl_payment_welcome is stored (start configuring stores it);
//   - with do-not-auto-pop-again ticked (Hbl_payment_subvisible) the panel never opens by itself: each
//     payment page shows its entrance until the user opens it;
//   - collapsed is remembered (Hbl_payment_packup) only with do-not-pop-again ticked and steps 1 and 2
//     done, otherwise it lasts for this page only; expanding forgets it;
//   - closing with the box ticked and steps 1 and 2 done hides the guide permanently (its switch goes
//     off), otherwise only until the page reloads or the guide button is used;
//   - the first collapse shows a one-time tip bubble, the first close the one-time hint bubble at the
//     header's guide button (payTopBubbleHideFlag records that it was shown);
//   - closing first offers the questionnaire when fewer than 5 steps are done and that flag is unset;
//   - the guide button turns the switch on again and opens the panel expanded.
import { constants } from "../../../../generated/constants.ts";
import { guideSwitchKey, guideSwitchOn } from "../guide-switch.ts";

const keys = constants.storageKeys;

export const paymentGuideKeys = {
  welcome: keys.paymentWelcome,
  packup: keys.paymentPackup,
  /** The do-not-auto-pop-again box: "false" while ticked (the sub-panel may not pop up by itself). */
  noAutoPop: keys.paymentSubvisible,
  bubbleHidden: keys.payTopBubbleHide,
  questionnaireDone: keys.questionnaireDone,
  switch: guideSwitchKey("payment"),
  /** The one-time tip of the first collapse (not among the spec's named flags). */
  collapseTip: `${keys.paymentPackup}_tip`,
} as const;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type PanelMode = "expanded" | "collapsed" | "hidden";

export interface PaymentGuideMemory {
  welcomeSeen: boolean;
  collapsed: boolean;
  switchOn: boolean;
  noAutoPopTicked: boolean;
  bubbleHidden: boolean;
  questionnaireDone: boolean;
  collapseTipShown: boolean;
}

export function readPaymentMemory(storage: Pick<Storage, "getItem">): PaymentGuideMemory {
  const is = (key: string) => storage.getItem(key) === "true";
  return {
    welcomeSeen: is(paymentGuideKeys.welcome),
    collapsed: is(paymentGuideKeys.packup),
    switchOn: guideSwitchOn(storage.getItem(paymentGuideKeys.switch)),
    noAutoPopTicked: storage.getItem(paymentGuideKeys.noAutoPop) === "false",
    bubbleHidden: storage.getItem(paymentGuideKeys.bubbleHidden) !== null,
    questionnaireDone: is(paymentGuideKeys.questionnaireDone),
    collapseTipShown: is(paymentGuideKeys.collapseTip),
  };
}

/** How the panel opens on a payment page: with 不再自动弹出 ticked it waits as its entrance until asked. */
export function initialMode(memory: Pick<PaymentGuideMemory, "switchOn" | "collapsed" | "noAutoPopTicked">): PanelMode {
  if (!memory.switchOn) return "hidden";
  return memory.collapsed || memory.noAutoPopTicked ? "collapsed" : "expanded";
}

export function markWelcomeSeen(storage: Store): void {
  storage.setItem(paymentGuideKeys.welcome, "true");
}

export function setNoAutoPop(storage: Store, ticked: boolean): void {
  if (ticked) storage.setItem(paymentGuideKeys.noAutoPop, "false");
  else storage.removeItem(paymentGuideKeys.noAutoPop);
}

export interface StepProgress {
  /** The do-not-pop-again box. */
  ticked: boolean;
  /** Steps 1 and 2 are done. */
  firstTwoDone: boolean;
}

/** Collapse: remembered only when ticked with steps 1 and 2 done; says whether to show the first-collapse tip. */
export function collapsePanel(storage: Store, progress: StepProgress): { remembered: boolean; showTip: boolean } {
  const remembered = progress.ticked && progress.firstTwoDone;
  if (remembered) storage.setItem(paymentGuideKeys.packup, "true");
  else storage.removeItem(paymentGuideKeys.packup);
  const showTip = storage.getItem(paymentGuideKeys.collapseTip) !== "true";
  if (showTip) storage.setItem(paymentGuideKeys.collapseTip, "true");
  return { remembered, showTip };
}

export function expandPanel(storage: Store): void {
  storage.removeItem(paymentGuideKeys.packup);
}

export interface ClosePlan {
  /** Hidden for good (the switch goes off), not only until the page reloads. */
  permanent: boolean;
  /** Offer the questionnaire before hiding. */
  offerQuestionnaire: boolean;
}

/** spec §4: what closing does, decided before anything is shown. */
export function planClose(progress: StepProgress & { doneCount: number; totalSteps?: number }, memory: Pick<PaymentGuideMemory, "bubbleHidden" | "questionnaireDone">): ClosePlan {
  const total = progress.totalSteps ?? constants.guideSteps;
  return {
    permanent: progress.ticked && progress.firstTwoDone,
    offerQuestionnaire: progress.doneCount < total && !memory.bubbleHidden && !memory.questionnaireDone,
  };
}

/** After the close (and the questionnaire, if offered): stores a permanent hide; says whether to show the hint bubble. */
export function finishClose(storage: Store, plan: Pick<ClosePlan, "permanent">): { showHint: boolean } {
  if (plan.permanent) storage.setItem(paymentGuideKeys.switch, "false");
  storage.removeItem(paymentGuideKeys.packup);
  const showHint = storage.getItem(paymentGuideKeys.bubbleHidden) === null;
  if (showHint) storage.setItem(paymentGuideKeys.bubbleHidden, "true");
  return { showHint };
}

/** The guide button (neptune:open-guide): switch on, panel expanded. */
export function reopenPanel(storage: Store): PanelMode {
  storage.setItem(paymentGuideKeys.switch, "true");
  storage.removeItem(paymentGuideKeys.packup);
  return "expanded";
}

/** The server says this user answered already (on another browser): never offer it again here. */
export function markAnswered(storage: Store): void {
  storage.setItem(paymentGuideKeys.questionnaireDone, "true");
}

/** spec §4: after the questionnaire is submitted it is flagged done and the guide hides permanently. */
export function markQuestionnaireDone(storage: Store): void {
  storage.setItem(paymentGuideKeys.questionnaireDone, "true");
  storage.setItem(paymentGuideKeys.switch, "false");
}
