// The guide's satisfaction questionnaire and the statements behind its operations (questionnaire-routes.ts).
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import { checkRule } from "../../common/validate.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { sql } from "../platform/db/sql.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { DbSession } from "../platform/db/types.ts";
import type { SubmitQuestionnaireBody } from "../../../generated/operation-types.ts";
import { fillTexts } from "../../../generated/fill-texts.ts";

export interface QuestionnaireChoice {
  choiceId: string;
  content: string;
  placeholder?: string;
  score: number;
}

export interface QuestionnaireQuestion {
  questionId: string;
  type: "singleChoice" | "completion";
  content: string;
  required: boolean;
  choices: QuestionnaireChoice[];
}

export interface Questionnaire {
  questionnaireId: string;
  title: string;
  dimensionType: number;
  questions: QuestionnaireQuestion[];
}

export const SATISFACTION_QUESTION = "satisfaction";
export const COMMENT_QUESTION = "comment";

export const guideQuestionnaire: Questionnaire = {
  questionnaireId: constants.questionnaireId,
  title: texts.questionnaire.title,
  dimensionType: 0,
  questions: [
    {
      questionId: SATISFACTION_QUESTION,
      type: "singleChoice",
      content: texts.questionnaire.satisfaction,
      required: true,
      choices: [
        { choiceId: "1", content: texts.questionnaire.choice1, score: 1 },
        { choiceId: "2", content: texts.questionnaire.choice2, score: 2 },
        { choiceId: "3", content: texts.questionnaire.choice3, score: 3 },
        { choiceId: "4", content: texts.questionnaire.choice4, score: 4 },
        { choiceId: "5", content: texts.questionnaire.choice5, score: 5 },
      ],
    },
    {
      questionId: COMMENT_QUESTION,
      type: "completion",
      content: texts.questionnaire.comment,
      required: false,
      choices: [{ choiceId: "text", content: "", placeholder: fillTexts.questionnaire.commentPlaceholder({ max: constants.commentMax }), score: 0 }],
    },
  ],
};

/** The questionnaire, and whether this user has already answered it. */
export async function questionnaireOfUser(db: DbSession, session: SessionInfo, id: string) {
  if (id !== guideQuestionnaire.questionnaireId) throw apiError("NOT_FOUND");
  const { rows } = await db.query(sql`select 1 from questionnaire_answers where tenant_id = ${session.tenantId} and questionnaire_id = ${id} and user_id = ${session.userId}`);
  return { ...guideQuestionnaire, answered: rows.length > 0 };
}

/** Stores the user's answer sheet (a second submission replaces the first). */
export async function submitQuestionnaire(db: DbSession, session: SessionInfo, body: SubmitQuestionnaireBody) {
  if (body.questionnaireId !== guideQuestionnaire.questionnaireId) throw apiError("NOT_FOUND");
  if (!Array.isArray(body.questions)) throw apiError("BAD_REQUEST");
  const given = new Map<string, (typeof body.questions)[number]>();
  for (const q of body.questions) if (typeof q.questionId === "string") given.set(q.questionId, q);

  const satisfactionQuestion = guideQuestionnaire.questions[0];
  const choiceId = given.get(SATISFACTION_QUESTION)?.choiceId;
  const choice = satisfactionQuestion.choices.find((c) => c.choiceId === String(choiceId ?? ""));
  if (!choice) throw validationError([{ field: SATISFACTION_QUESTION, message: checkRule("satisfaction", undefined) ?? messages.questionnaireChoiceRequired }]);
  const rawComment = given.get(COMMENT_QUESTION)?.content;
  const comment = typeof rawComment === "string" ? rawComment.trim() : "";
  const commentProblem = comment ? checkRule("comment", comment) : null;
  if (commentProblem) throw validationError([{ field: COMMENT_QUESTION, message: commentProblem }]);

  // What is kept: one entry per question of the questionnaire, dimensionType 0 and score 0 (spec §3).
  const answers = [
    { questionId: SATISFACTION_QUESTION, dimensionType: 0, score: 0, choiceId: choice.choiceId },
    { questionId: COMMENT_QUESTION, dimensionType: 0, score: 0, content: comment },
  ];
  const { rows } = await db.query<{ id: number }>(
    sql`insert into questionnaire_answers (tenant_id, user_id, username, questionnaire_id, satisfaction, comment, answers, created_by, updated_by)
     values (${session.tenantId}, ${session.userId}, ${session.username}, ${guideQuestionnaire.questionnaireId}, ${choice.content}, ${comment || null}, ${JSON.stringify(answers)}::jsonb, ${session.userId}, ${session.userId})
     on conflict (tenant_id, questionnaire_id, user_id)
     do update set satisfaction = excluded.satisfaction, comment = excluded.comment, answers = excluded.answers,
                   username = excluded.username, version = questionnaire_answers.version + 1, updated_at = now(), updated_by = excluded.updated_by
     returning id`,
  );
  return { answerId: Number(rows[0].id) }; // message questionnaireSubmitted (the operation's successMessage)
}
