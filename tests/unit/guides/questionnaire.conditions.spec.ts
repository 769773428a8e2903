import { beforeEach, describe, expect, it } from "vitest";
import { finishClose, markQuestionnaireDone, planClose, readPaymentMemory } from "../../../src/web/guides/payment/payment-visibility.ts";
import { buildSubmission, validateAnswer, type Questionnaire } from "../../../src/web/guides/questionnaire/questionnaire-state.ts";
import { shouldLoadSatisfaction } from "../../../src/web/guides/questionnaire/questionnaire-conditions.ts";
import { MemoryStorage } from "../../../src/web/state/storage.ts";

const questionnaire: Questionnaire = {
  questionnaireId: "hbl-payment-guide-satisfaction",
  questions: [
    { questionId: "satisfaction", type: "singleChoice", content: "满意度", required: true, choices: [1, 2, 3, 4, 5].map((n) => ({ choiceId: String(n), content: `${n}星`, score: n })) },
    { questionId: "comment", type: "completion", content: "建议", choices: [{ choiceId: "text", content: "", placeholder: "请输入", score: 0 }] },
  ],
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe("questionnaire offered on close (spec §4)", () => {
  const close = (doneCount: number) => planClose({ ticked: false, firstTwoDone: doneCount >= 2, doneCount }, readPaymentMemory(storage));

  it("is offered when fewer than 5 steps are done and the bubble-hidden flag is unset", () => {
    for (const done of [0, 1, 4]) expect(close(done).offerQuestionnaire, String(done)).toBe(true);
  });

  it("is not offered with all 5 steps done", () => {
    expect(close(5).offerQuestionnaire).toBe(false);
  });

  it("is not offered once the bubble-hidden flag is set (after the first close)", () => {
    finishClose(storage, { permanent: false });
    expect(close(1).offerQuestionnaire).toBe(false);
  });

  it("is not offered once answered", () => {
    markQuestionnaireDone(storage);
    expect(close(1).offerQuestionnaire).toBe(false);
  });
});

describe("satisfaction dialog conditions (spec §4)", () => {
  const base = { doneCount: 5, panelVisible: true, welcomeSeen: true, questionnaireDone: false };

  it("loads when all 5 steps are done, the panel is visible, the welcome was seen and it is unanswered", () => {
    expect(shouldLoadSatisfaction(base)).toBe(true);
  });

  it("does not load when any condition fails", () => {
    expect(shouldLoadSatisfaction({ ...base, doneCount: 4 })).toBe(false);
    expect(shouldLoadSatisfaction({ ...base, panelVisible: false })).toBe(false);
    expect(shouldLoadSatisfaction({ ...base, welcomeSeen: false })).toBe(false);
    expect(shouldLoadSatisfaction({ ...base, questionnaireDone: true })).toBe(false);
  });
});

describe("answer validation and submission (spec §3, §5)", () => {
  it("requires a satisfaction choice: 请选择满意度", () => {
    expect(validateAnswer(questionnaire, { choices: {}, texts: {} })).toEqual({ questionId: "satisfaction", message: "请选择满意度" });
    expect(validateAnswer(questionnaire, { choices: { satisfaction: null }, texts: {} })?.message).toBe("请选择满意度");
    expect(validateAnswer(questionnaire, { choices: { satisfaction: "9" }, texts: {} })?.message).toBe("请选择满意度");
  });

  it("allows a comment of up to 255 characters", () => {
    expect(validateAnswer(questionnaire, { choices: { satisfaction: "4" }, texts: { comment: "好".repeat(255) } })).toBeNull();
    expect(validateAnswer(questionnaire, { choices: { satisfaction: "4" }, texts: { comment: "好".repeat(256) } })).toEqual({ questionId: "comment", message: "内容不能超过255个字符" });
    expect(validateAnswer(questionnaire, { choices: { satisfaction: "4" }, texts: {} })).toBeNull();
  });

  it("submits the questionnaireId plus one answer per question with dimensionType 0 and score 0", () => {
    expect(buildSubmission(questionnaire, { choices: { satisfaction: "5" }, texts: { comment: "  很方便 " } })).toEqual({
      questionnaireId: "hbl-payment-guide-satisfaction",
      questions: [
        { questionId: "satisfaction", dimensionType: 0, score: 0, choiceId: "5" },
        { questionId: "comment", dimensionType: 0, score: 0, content: "很方便" },
      ],
    });
  });
});
