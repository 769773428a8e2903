// The statements behind the new-window menu items' operations (external-pages-routes.ts), over the
// session's tenant.
import type { DbSession } from "../platform/db/types.ts";
import type { GetAiInspectionOverviewData } from "../../../generated/operation-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { raw, sql, type Sql } from "../platform/db/sql.ts";
import { countsByMapping } from "../workbench/public.ts";
import { chinaDays, chinaDaySql } from "../../common/china-time.ts";
import { AiHandleStatus } from "../../../generated/states.ts";

export const FIRE_CHARGE_CONFIG_KEY = "fireChargeUrl";

export function configuredUrl(value: unknown): string | null {
  const raw = typeof value === "string" ? value : value && typeof value === "object" ? (value as { url?: unknown }).url : null;
  return typeof raw === "string" && /^https?:\/\//i.test(raw.trim()) ? raw.trim() : null;
}

export async function aiInspectionOverview(db: DbSession, tenantId: number, community: { id: number; name: string }) {
  const ofCommunity = sql`tenant_id = ${tenantId} and community_id = ${community.id}`;
  const n = async (statement: Sql) => Number((await db.query<{ n: number }>(statement)).rows[0].n);
  const grouped = async (column: "algorithm" | "result", mapping: string) =>
    countsByMapping(
      mapping,
      (await db.query<{ value: number; count: number }>(sql`select ${raw(column)} as value, count(*)::int as count from ai_inspection_records where ${ofCommunity} group by 1`)).rows,
    );
  const { days } = chinaDays(new Date(), 1);
  type Latest = GetAiInspectionOverviewData["latest"][number];
  const latest = await camelRows<Omit<Latest, "algorithmLabel" | "resultLabel" | "handleStatusLabel">>(
    db,
    sql`select id, channel_name, algorithm, capture_time, image, result, handle_status
       from ai_inspection_records where ${ofCommunity} order by capture_time desc nulls last, id desc limit 10`,
  );
  return {
    communityId: community.id,
    communityName: community.name,
    configs: {
      total: await n(sql`select count(*)::int as n from ai_inspection_configs where ${ofCommunity}`),
      enabled: await n(sql`select count(*)::int as n from ai_inspection_configs where ${ofCommunity} and enabled`),
    },
    tasks: await n(sql`select count(*)::int as n from ai_inspection_tasks where ${ofCommunity}`),
    records: {
      today: await n(sql`select count(*)::int as n from ai_inspection_records where ${ofCommunity} and ${raw(chinaDaySql("capture_time"))} = ${days[0]}`),
      unhandled: await n(sql`select count(*)::int as n from ai_inspection_records where ${ofCommunity} and handle_status = ${AiHandleStatus.Unhandled}`),
      byAlgorithm: await grouped("algorithm", "aiAlgorithm"),
      byResult: await grouped("result", "aiInspectionResult"),
    },
    latest: latest.map((r) => ({
      ...r,
      algorithmLabel: mappingLabel("aiAlgorithm", r.algorithm),
      resultLabel: mappingLabel("aiInspectionResult", r.result),
      handleStatusLabel: mappingLabel("aiHandleStatus", r.handleStatus),
    })),
  };
}

export async function chargeWebUrl(db: DbSession, tenantId: number) {
  const { rows } = await db.query<{ value: unknown }>(
    sql`select config_value as value from system_configs where tenant_id = ${tenantId} and config_key = ${FIRE_CHARGE_CONFIG_KEY} order by id limit 1`,
  );
  return { url: configuredUrl(rows[0]?.value) };
}
