// 系统 domain: the signed-in user and menu, users, menu customisation, the error-code table,
// operation reports, branding before sign-in and the tenant's services and licences.
import type { FastifyPluginAsync } from "fastify";
import { homepageModule } from "./homepage.ts";
import { usersModule } from "./users.ts";
import { tenantServicesModule } from "./tenant-services.ts";
import { platformConfigModule } from "./platform-config.ts";
import { errorCodesModule } from "./error-codes.ts";
import { operationReportModule } from "./operation-report.ts";
import { menuCustomizationModule } from "./menu-customization.ts";

export const systemRoutes: FastifyPluginAsync[] = [homepageModule, usersModule, tenantServicesModule, platformConfigModule, errorCodesModule, operationReportModule, menuCustomizationModule];
