// When the satisfaction questionnaire loads (spec §8): all 5 steps are done, the panel is visible, the
// welcome was seen and the questionnaire is unanswered. Apart from questionnaire-state.ts, whose rule
// validators the shell (which shows the guide) must not load before the dialog opens.
import { constants } from "../../../../generated/constants.ts";

export interface SatisfactionConditions {
  doneCount: number;
  totalSteps?: number;
  panelVisible: boolean;
  welcomeSeen: boolean;
  questionnaireDone: boolean;
}

export function shouldLoadSatisfaction(c: SatisfactionConditions): boolean {
  return c.doneCount >= (c.totalSteps ?? constants.guideSteps) && c.panelVisible && c.welcomeSeen && !c.questionnaireDone;
}
