// The reads and writes of the guides and the questionnaire (spec §7 Guides and questionnaire) as
// react-query options of the generated client. The guides never interrupt the page with an error
// message: their reads are silent and a failure leaves the guide as it is (spec §8: a questionnaire
// that cannot be fetched stays hidden).
import { queryOptions } from "@tanstack/react-query";
import { constants } from "../../../generated/constants.ts";
import { queries } from "../http/query-client.ts";
import type { PaymentSteerFlags } from "./payment/payment-steps.ts";

type Id = string | number;

const silent = { silent: true };

export const guideQueries = {
  paymentSteer: (communityId: Id) => {
    const options = queries.getBillSteer.queryOptions({ query: { communityId } }, silent);
    return queryOptions({ ...options, queryFn: (): Promise<PaymentSteerFlags> => options.queryFn() });
  },
  smartHomeSteer: (communityId: Id) => queries.getSmartHomeSteer.queryOptions({ query: { communityId: Number(communityId) } }, silent),
  questionnaire: (id: string = constants.questionnaireId) => queries.getQuestionnaire.queryOptions({ params: { id } }, silent),
};

export const guideMutations = {
  /** Errors of the submission are shown (a rejected comment says why). */
  submitQuestionnaire: () => queries.submitQuestionnaire.mutationOptions({ loading: "提交中..." }),
};

/** The keys a guide write makes stale: a submitted questionnaire is answered. */
export const guideKeys = {
  questionnaire: queries.getQuestionnaire.key,
};
