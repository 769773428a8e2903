// The statements behind the tenant's services (tenant-services-routes.ts): its logos and licences.
import { constants } from "../../../generated/constants.ts";
import type { DbSession } from "../platform/db/types.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";

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

export async function tenantLogos(db: DbSession, tenantId: number) {
  const rows = await camelRows<{ tenantHomePage: string | null; platformImg: string | null }>(db, sql`select tenant_home_page, platform_img from tenants where id = ${tenantId}`);
  return { tenantHomePage: rows[0]?.tenantHomePage ?? "", platformImg: rows[0]?.platformImg ?? null };
}

/** A service is enabled when its licence has a positive total. */
export async function tenantServiceEnable(db: DbSession, tenantId: number) {
  const quotas = await licenceQuotas(db, tenantId);
  return {
    enabled: true,
    services: quotas.map((q) => ({ serviceType: q.serviceType, serviceName: q.serviceName, enabled: q.serviceTotalNum > 0 })),
  };
}
