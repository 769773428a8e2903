// The tenant's services (spec §7; docs/api.md "Tenant services"), any signed-in user:
//   GET {management}/logos -> {tenantHomePage, platformImg}
//   GET {management}/tenantService/actions/license -> [{serviceName, serviceType, serviceTotalNum,
//       serviceUseNum, validityDate}] for the five licence types (spec §9: 212, 209, 217, 251, 252, in
//       that order), from the tenant's licenceQuotas rows; a type without a row counts 0.
//   GET {management}/tenantService/actions/tenantServiceEnable -> {enabled: true, services: [{serviceType,
//       serviceName, enabled}]}: a service is enabled when its licence has a positive total.
import type { FastifyInstance } from "fastify";
import { constants } from "../../../generated/constants.ts";
import { route } from "../http/operation.ts";
import { operations } from "../../../generated/operations.ts";
import type { DbSession } from "../db/types.ts";
import { camelRows } from "../db/camel-rows.ts";
import { sql } from "../db/sql.ts";

/** spec §9: the licence service types, in the order the spec lists them. */
export const LICENCE_TYPES = [212, 209, 217, 251, 252] as const;
const licenceNames = constants.licenceServiceTypes as Record<string, string>;

export interface LicenceQuota {
  serviceName: string;
  serviceType: number;
  serviceTotalNum: number;
  serviceUseNum: number;
  validityDate: string | null;
}

export async function licenceQuotas(db: DbSession, tenantId: number): Promise<LicenceQuota[]> {
  const rows = await camelRows<LicenceQuota>(
    db,
    sql`select service_name, service_type, service_total_num,
            service_use_num, validity_date
       from licence_quotas where tenant_id = ${tenantId} and service_type = any(${[...LICENCE_TYPES]}::int[])`,
  );
  const byType = new Map(rows.map((r) => [Number(r.serviceType), r]));
  return LICENCE_TYPES.map((type) => {
    const row = byType.get(type);
    return {
      serviceName: row?.serviceName || licenceNames[String(type)],
      serviceType: type,
      serviceTotalNum: Number(row?.serviceTotalNum ?? 0),
      serviceUseNum: Number(row?.serviceUseNum ?? 0),
      validityDate: row?.validityDate ?? null,
    };
  });
}

export async function tenantServicesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getLogos, async ({ session }) => {
    const rows = await camelRows<{ tenantHomePage: string | null; platformImg: string | null }>(app.db, sql`select tenant_home_page, platform_img from tenants where id = ${session.tenantId}`);
    return { tenantHomePage: rows[0]?.tenantHomePage ?? "", platformImg: rows[0]?.platformImg ?? null };
  });

  route(app, operations.getLicences, async ({ session }) => licenceQuotas(app.db, session.tenantId));

  route(app, operations.getTenantServiceEnable, async ({ session }) => {
    const quotas = await licenceQuotas(app.db, session.tenantId);
    return {
      enabled: true,
      services: quotas.map((q) => ({ serviceType: q.serviceType, serviceName: q.serviceName, enabled: q.serviceTotalNum > 0 })),
    };
  });
}
