// The calls of the guides and the questionnaire (spec §7 Guides and questionnaire), through the one
// generated client over the one request wrapper. The guides never interrupt the page with an error message: their calls are silent
// and a failure leaves the guide as it is (spec §8: a questionnaire that cannot be fetched stays hidden).
import { constants } from "../../../generated/constants.ts";
import { api } from "../http/api.ts";
import type { PaymentSteerFlags } from "./payment/payment-steps.ts";
import type { QuestionnaireSubmission } from "./questionnaire/questionnaire-state.ts";

type Id = string | number;

export const fetchPaymentSteer = (communityId: Id): Promise<PaymentSteerFlags> => api.getBillSteer({ query: { communityId } }, { silent: true });

export const fetchSmartHomeSteer = (communityId: Id) => api.getSmartHomeSteer({ query: { communityId: Number(communityId) } }, { silent: true });

export const fetchQuestionnaire = (id: string = constants.questionnaireId) => api.getQuestionnaire({ params: { id } }, { silent: true });

/** Errors of the submission are shown (a rejected comment says why). */
export const submitQuestionnaire = (submission: QuestionnaireSubmission) => api.submitQuestionnaire({ body: submission }, { loading: "提交中..." });
