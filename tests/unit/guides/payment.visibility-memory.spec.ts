import { beforeEach, describe, expect, it } from "vitest";
import { guideSwitchKey, guideSwitchOn } from "../../../src/web/guides/guide-switch.ts";
import {
  collapsePanel,
  expandPanel,
  finishClose,
  initialMode,
  markQuestionnaireDone,
  markWelcomeSeen,
  paymentGuideKeys,
  planClose,
  readPaymentMemory,
  reopenPanel,
  setNoAutoPop,
} from "../../../src/web/guides/payment/payment-visibility.ts";
import { MemoryStorage } from "../../../src/web/state/storage.ts";

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe("guide switch (spec §4)", () => {
  it("is on by default and when the stored flag is true, off for anything else", () => {
    expect(guideSwitchOn(null)).toBe(true);
    expect(guideSwitchOn("true")).toBe(true);
    for (const value of ["false", "", "1", "TRUE", "yes"]) expect(guideSwitchOn(value), value).toBe(false);
  });

  it("hides the panel when the payment switch is off", () => {
    storage.setItem(guideSwitchKey("payment"), "0");
    expect(initialMode(readPaymentMemory(storage))).toBe("hidden");
  });
});

describe("welcome view", () => {
  it("shows until the welcome flag (Hbl_payment_welcome) is stored", () => {
    expect(readPaymentMemory(storage).welcomeSeen).toBe(false);
    markWelcomeSeen(storage);
    expect(storage.getItem("Hbl_payment_welcome")).toBe("true");
    expect(readPaymentMemory(storage).welcomeSeen).toBe(true);
  });
});

describe("collapse memory (Hbl_payment_packup)", () => {
  it("opens expanded by default and collapsed when remembered", () => {
    expect(initialMode(readPaymentMemory(storage))).toBe("expanded");
    storage.setItem("Hbl_payment_packup", "true");
    expect(initialMode(readPaymentMemory(storage))).toBe("collapsed");
  });

  it("remembers a collapse only with do-not-pop-again ticked and steps 1 and 2 done", () => {
    for (const [ticked, firstTwoDone] of [
      [false, false],
      [true, false],
      [false, true],
    ] as const) {
      expect(collapsePanel(storage, { ticked, firstTwoDone }).remembered).toBe(false);
      expect(initialMode(readPaymentMemory(storage))).toBe("expanded");
    }
    expect(collapsePanel(storage, { ticked: true, firstTwoDone: true }).remembered).toBe(true);
    expect(initialMode(readPaymentMemory(storage))).toBe("collapsed");
  });

  it("forgets the collapse when expanded", () => {
    collapsePanel(storage, { ticked: true, firstTwoDone: true });
    expandPanel(storage);
    expect(initialMode(readPaymentMemory(storage))).toBe("expanded");
  });

  it("shows the tip bubble on the first collapse only", () => {
    expect(collapsePanel(storage, { ticked: false, firstTwoDone: false }).showTip).toBe(true);
    expect(collapsePanel(storage, { ticked: false, firstTwoDone: false }).showTip).toBe(false);
    expect(collapsePanel(storage, { ticked: true, firstTwoDone: true }).showTip).toBe(false);
  });

  it("keeps the do-not-pop-again box (Hbl_payment_subvisible)", () => {
    setNoAutoPop(storage, true);
    expect(readPaymentMemory(storage).noAutoPopTicked).toBe(true);
    setNoAutoPop(storage, false);
    expect(readPaymentMemory(storage).noAutoPopTicked).toBe(false);
  });
});

describe("closing", () => {
  const memory = () => readPaymentMemory(storage);

  it("hides permanently only with the box ticked and steps 1 and 2 done, otherwise temporarily", () => {
    expect(planClose({ ticked: true, firstTwoDone: true, doneCount: 2 }, memory()).permanent).toBe(true);
    expect(planClose({ ticked: true, firstTwoDone: false, doneCount: 1 }, memory()).permanent).toBe(false);
    expect(planClose({ ticked: false, firstTwoDone: true, doneCount: 5 }, memory()).permanent).toBe(false);

    finishClose(storage, { permanent: false });
    expect(initialMode(memory())).toBe("expanded"); // back on the next page load
    finishClose(storage, { permanent: true });
    expect(initialMode(memory())).toBe("hidden");
  });

  it("shows the hint bubble at the guide button on the first close only (payTopBubbleHideFlag)", () => {
    expect(finishClose(storage, { permanent: false }).showHint).toBe(true);
    expect(storage.getItem("payTopBubbleHideFlag")).not.toBeNull();
    expect(finishClose(storage, { permanent: false }).showHint).toBe(false);
  });

  it("reopens expanded from the guide button, switching the guide on again", () => {
    finishClose(storage, { permanent: true });
    storage.setItem(paymentGuideKeys.packup, "true");
    expect(reopenPanel(storage)).toBe("expanded");
    expect(initialMode(memory())).toBe("expanded");
  });

  it("hides the guide permanently once the questionnaire is submitted", () => {
    markQuestionnaireDone(storage);
    expect(memory().questionnaireDone).toBe(true);
    expect(storage.getItem("Hbl_questionnaire_done")).toBe("true");
    expect(initialMode(memory())).toBe("hidden");
  });
});

describe("do-not-auto-pop-again (Hbl_payment_subvisible)", () => {
  it("keeps the panel as its entrance on every payment page once ticked, and opens it by itself again once unticked", () => {
    setNoAutoPop(storage, true);
    expect(initialMode(readPaymentMemory(storage))).toBe("collapsed");
    setNoAutoPop(storage, false);
    expect(initialMode(readPaymentMemory(storage))).toBe("expanded");
  });
});
