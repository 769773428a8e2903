// 工作台 domain: the workbench statistics and layouts, the cockpit boards, adverts, the
// questionnaire, click tracking and the inspection statistics linked from the workbench.
import type { FastifyPluginAsync } from "fastify";
import { boardsModule } from "./boards-routes.ts";
import { feeOverviewModule } from "./fee-overview-routes.ts";
import { inspectStatisticsModule } from "./inspect-statistics-routes.ts";
import { promotionPositionsModule } from "./promotion-positions-routes.ts";
import { questionnaireModule } from "./questionnaire-routes.ts";
import { trackingModule } from "./tracking-routes.ts";
import { workbenchLayoutModule } from "./workbench-layout-routes.ts";
import { workbenchStatsModule } from "./workbench-stats-routes.ts";

export const workbenchRoutes: FastifyPluginAsync[] = [
  boardsModule,
  inspectStatisticsModule,
  questionnaireModule,
  trackingModule,
  workbenchLayoutModule,
  workbenchStatsModule,
  feeOverviewModule,
  promotionPositionsModule,
];
