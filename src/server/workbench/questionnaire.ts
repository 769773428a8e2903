// The guide's satisfaction questionnaire (spec §3 Questionnaire, §5, §7 Guides and questionnaire, §8),
// any signed-in user:
//   GET  /tenantApi/crain/help/web/questionnaire/user/{id}
//        -> {questionnaireId, title, dimensionType, questions: [{questionId, type, content, required,
//            choices: [{choiceId, content, placeholder, score}]}], answered}
//        answered: this user has already submitted it (the client then never offers it again).
//   POST /tenantApi/crain/help/web/questionnaire/user/answers
//        {questionnaireId, questions: [{questionId, dimensionType: 0, score: 0, choiceId? | content?}]}
//        -> {answerId}; one answer sheet per user and questionnaire (a second submission replaces it),
//        stored in questionnaireAnswers (admins read them at /system/questionnaireAnswers).
// The satisfaction choice is required (请选择满意度), the comment at most 255 characters (rule
// comment). The questionnaire itself is product content, defined here (one, id constants.questionnaireId).
import type { FastifyInstance } from "fastify";
import { constants } from "../../../generated/constants.ts";
import { messages } from "../../../generated/errors.ts";
import { texts } from "../../../generated/texts.ts";
import { operations } from "../../../generated/operations.ts";
import { checkRule } from "../../common/validate.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { sql } from "../db/sql.ts";
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

export async function questionnaireModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getQuestionnaire, async ({ params: { id }, session }) => {
    if (id !== guideQuestionnaire.questionnaireId) throw apiError("NOT_FOUND");
    const { rows } = await app.db.query(sql`select 1 from questionnaire_answers where tenant_id = ${session.tenantId} and questionnaire_id = ${id} and user_id = ${session.userId}`);
    return { ...guideQuestionnaire, answered: rows.length > 0 };
  });

  route(app, operations.submitQuestionnaire, async ({ body, session }) => {
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
    const { rows } = await app.db.query<{ id: number }>(
      sql`insert into questionnaire_answers (tenant_id, user_id, username, questionnaire_id, satisfaction, comment, answers, created_by, updated_by)
       values (${session.tenantId}, ${session.userId}, ${session.username}, ${guideQuestionnaire.questionnaireId}, ${choice.content}, ${comment || null}, ${JSON.stringify(answers)}::jsonb, ${session.userId}, ${session.userId})
       on conflict (tenant_id, questionnaire_id, user_id)
       do update set satisfaction = excluded.satisfaction, comment = excluded.comment, answers = excluded.answers,
                     username = excluded.username, version = questionnaire_answers.version + 1, updated_at = now(), updated_by = excluded.updated_by
       returning id`,
    );
    return { answerId: Number(rows[0].id) }; // message questionnaireSubmitted (the operation's successMessage)
  });
}
