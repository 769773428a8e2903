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
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { questionnaireOfUser, submitQuestionnaire } from "./questionnaire.ts";

export async function questionnaireModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getQuestionnaire, async ({ params: { id }, session }) => questionnaireOfUser(app.db, session, id));
  route(app, operations.submitQuestionnaire, async ({ body, session }) => submitQuestionnaire(app.db, session, body));
}
