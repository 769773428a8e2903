// 系统 domain: the signed-in user and menu, users, menu customisation, the error-code table,
// operation reports, branding before sign-in, the tenant's services and licences, and machines' API tokens.
import type { FastifyPluginAsync } from "fastify";
import { homepageModule } from "./homepage-routes.ts";
import { usersModule } from "./users-routes.ts";
import { tenantServicesModule } from "./tenant-services-routes.ts";
import { platformConfigModule } from "./platform-config-routes.ts";
import { errorCodesModule } from "./error-codes.ts";
import { operationReportModule } from "./operation-report-routes.ts";
import { menuCustomizationModule } from "./menu-customization-routes.ts";
import { apiTokensModule } from "./api-tokens-routes.ts";

export const systemRoutes: FastifyPluginAsync[] = [
  homepageModule,
  usersModule,
  tenantServicesModule,
  platformConfigModule,
  errorCodesModule,
  operationReportModule,
  menuCustomizationModule,
  apiTokensModule,
];
