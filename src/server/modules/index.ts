// Hand-written endpoint modules (spec §7 calls that are not generic CRUD). Each is a Fastify plugin;
// list it here and app.ts registers it after the guard, so its routes are protected like the rest:
//
//   export async function areaTreeModule(app: FastifyInstance) {
//     app.post("/api/system/areas/actions/findAreaTreeList", { config: { authority: "HBL01001" } }, async (request) => {
//       const session = sessionOf(request);            // from ../auth/guard.ts
//       return ok(await loadTree(app.db, session.tenantId)); // ok() from ../http/envelope.ts
//     });
//   }
//
// config.authority: the code the session must hold; config.public: true for calls without a session;
// neither: any signed-in user. Scope every query by session.tenantId.
import type { FastifyPluginAsync } from "fastify";
import { homepageModule } from "./homepage.ts";
import { usersModule } from "./users.ts";
import { areasModule, areaWriteRules } from "./areas.ts";
import { communitiesModule } from "./communities.ts";
import { recentCommunitiesModule } from "./recent-communities.ts";
import { housesModule } from "./houses.ts";
import { communityConfigsModule } from "./community-configs.ts";
import { provinceCityModule } from "./province-city.ts";
import { tenantServicesModule } from "./tenant-services.ts";
import { platformConfigModule } from "./platform-config.ts";
import { errorCodesModule } from "./error-codes.ts";
import { operationReportModule } from "./operation-report.ts";
import { roomAuditModule } from "./room-audit.ts";
import { communalBookingsModule } from "./communal-bookings.ts";
import { menuCustomizationModule } from "./menu-customization.ts";
import { excelModule } from "../excel/routes.ts";
import { boardsModule } from "./boards.ts";
import { communityProfileModule } from "./community-profile.ts";
import { videoPagesModule } from "./video-pages.ts";
import { inspectStatisticsModule } from "./inspect-statistics.ts";
import { keyLoginModule } from "./key-login.ts";
import { externalPagesModule } from "./external-pages.ts";
import { guideAndWorkbenchModules } from "./guides-workbench.ts";
import { paymentModule } from "../payment/plugin.ts";

export const routeModules: FastifyPluginAsync[] = [
  homepageModule,
  usersModule,
  areasModule,
  areaWriteRules,
  communitiesModule,
  recentCommunitiesModule,
  housesModule,
  communityConfigsModule,
  provinceCityModule,
  tenantServicesModule,
  platformConfigModule,
  errorCodesModule,
  operationReportModule,
  roomAuditModule,
  communalBookingsModule,
  menuCustomizationModule,
  excelModule,
  boardsModule,
  communityProfileModule,
  videoPagesModule,
  inspectStatisticsModule,
  keyLoginModule,
  externalPagesModule,
  ...guideAndWorkbenchModules,
  paymentModule,
];
