// The satisfaction questionnaire's rules (spec §3, §4, §5, §8; when it loads: questionnaire-conditions.ts):
//   - star selection: clicking a choice selects it, clicking it again deselects it;
//   - a choice is required (请选择满意度), the comment is at most 255 characters (rules satisfaction
//     and comment of src/common/validate.ts);
//   - the submission is the questionnaireId plus one answer per question, dimensionType 0, score 0.
import { messages } from "../../../../generated/errors.ts";
import { validators as ruleValidators } from "../../../../generated/validators/rules.js";
import { runCompiled } from "../../../common/validation-run.ts";

/**
 * A rule's message for a value, or null (as checkRule of src/common/validate.ts), from the rule
 * validators alone: the guides are part of the shell, which must not carry every resource's validator.
 */
function checkRule(rule: string, value: unknown): string | null {
  const compiled = ruleValidators[`rule_${rule}`];
  if (!compiled) throw new Error(`no generated validator named rule_${rule}`);
  return runCompiled(compiled, value === undefined ? {} : { value })[0]?.message ?? null;
}

export interface QuestionnaireChoice {
  choiceId: string;
  content: string;
  placeholder?: string;
  score?: number;
}

export interface QuestionnaireQuestion {
  questionId: string;
  type: "singleChoice" | "completion";
  content: string;
  required?: boolean;
  choices: QuestionnaireChoice[];
}

/** GET /tenantApi/crain/help/web/questionnaire/user/{id}. */
export interface Questionnaire {
  questionnaireId: string;
  title?: string;
  dimensionType?: number;
  questions: QuestionnaireQuestion[];
  /** The user has submitted it already (server side). */
  answered?: boolean;
}

/** Click selects; a click on the selected choice deselects. */
export const toggleChoice = (selected: string | null, clicked: string): string | null => (selected === clicked ? null : clicked);

export interface AnswerDraft {
  /** The selected choice of each single-choice question. */
  choices: Record<string, string | null>;
  /** The text of each completion question. */
  texts: Record<string, string>;
}

/** The first problem of the draft (请选择满意度, or the comment's rule message), or null. */
export function validateAnswer(questionnaire: Questionnaire, draft: AnswerDraft): { questionId: string; message: string } | null {
  for (const q of questionnaire.questions) {
    if (q.type === "singleChoice") {
      const chosen = draft.choices[q.questionId];
      // Nothing chosen, or something that is not one of the choices: the rule's required message.
      if (!chosen || !q.choices.some((c) => c.choiceId === chosen)) return { questionId: q.questionId, message: checkRule("satisfaction", undefined) ?? messages.questionnaireChoiceRequired };
    } else {
      const text = (draft.texts[q.questionId] ?? "").trim();
      const message = text ? checkRule("comment", text) : null;
      if (message) return { questionId: q.questionId, message };
    }
  }
  return null;
}

export interface QuestionAnswer {
  questionId: string;
  dimensionType: 0;
  score: 0;
  choiceId?: string;
  content?: string;
}

export interface QuestionnaireSubmission {
  questionnaireId: string;
  questions: QuestionAnswer[];
}

/** spec §3: questionnaireId plus one answer per question, with dimensionType 0 and score 0. */
export function buildSubmission(questionnaire: Questionnaire, draft: AnswerDraft): QuestionnaireSubmission {
  return {
    questionnaireId: questionnaire.questionnaireId,
    questions: questionnaire.questions.map((q) =>
      q.type === "singleChoice"
        ? { questionId: q.questionId, dimensionType: 0, score: 0, choiceId: draft.choices[q.questionId] ?? undefined }
        : { questionId: q.questionId, dimensionType: 0, score: 0, content: (draft.texts[q.questionId] ?? "").trim() },
    ),
  };
}
