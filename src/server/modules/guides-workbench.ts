// The endpoint modules of the guides, questionnaire, workbench, adverts, tracking and edge-service
// flow, listed once so src/server/modules/index.ts registers them with one line.
import type { FastifyPluginAsync } from "fastify";
import { edgeServiceModule } from "./edge-service.ts";
import { promotionPositionsModule } from "./promotion-positions.ts";
import { questionnaireModule } from "./questionnaire.ts";
import { smartHomeSteerModule } from "./smarthome-steer.ts";
import { trackingModule } from "./tracking.ts";
import { workbenchLayoutModule } from "./workbench-layout.ts";
import { workbenchStatsModule } from "./workbench-stats.ts";

export const guideAndWorkbenchModules: FastifyPluginAsync[] = [
  questionnaireModule,
  smartHomeSteerModule,
  trackingModule,
  workbenchLayoutModule,
  workbenchStatsModule,
  promotionPositionsModule,
  edgeServiceModule,
];
