// The tenant's services (spec §7; docs/api.md "Tenant services"), any signed-in user:
//   GET {management}/logos -> {tenantHomePage, platformImg}
//   GET {management}/tenantService/actions/license -> [{serviceName, serviceType, serviceTotalNum,
//       serviceUseNum, validityDate}] for the five licence types (spec §9: 212, 209, 217, 251, 252, in
//       that order), from the tenant's licenceQuotas rows; a type without a row counts 0.
//   GET {management}/tenantService/actions/tenantServiceEnable -> {enabled: true, services: [{serviceType,
//       serviceName, enabled}]}: a service is enabled when its licence has a positive total.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { route } from "../platform/http/operation.ts";
import { licenceQuotas, tenantLogos, tenantServiceEnable } from "./tenant-services.ts";

export async function tenantServicesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getLogos, async ({ session }) => tenantLogos(app.db, session.tenantId));
  route(app, operations.getLicences, async ({ session }) => licenceQuotas(app.db, session.tenantId));
  route(app, operations.getTenantServiceEnable, async ({ session }) => tenantServiceEnable(app.db, session.tenantId));
}
