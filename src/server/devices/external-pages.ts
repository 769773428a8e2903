// Data of the menu items that open in a new window (spec §2 Layout), over the session's tenant:
//   GET {device}/aiInspection/actions/overview?communityId=   HBL17001 (/AI-inspect/intelligent)
//       -> {configs: {total, enabled}, tasks, records: {today, unhandled, byAlgorithm, byResult},
//           latest: the 10 newest records} of the community
//   GET {vehicle}/charge/actions/getWebUrl                    HBL05 (/Wisdomiot/FIRECHAEGE)
//       -> {url}: the fire-charge platform's address, the tenant's system configuration item with
//          configKey "fireChargeUrl" (its value a URL text or {url}); url null when not configured,
//          and the client then shows the jump-error dialog.
import type { FastifyInstance } from "fastify";
import { operations } from "../../../generated/operations.ts";
import type { GetAiInspectionOverviewData } from "../../../generated/operation-types.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { ownCommunity } from "../auth/access.ts";
import { camelRows } from "../db/camel-rows.ts";
import { raw, sql, type Sql } from "../db/sql.ts";
import { route } from "../http/operation.ts";
import { countsByMapping } from "../workbench/public.ts";
import { chinaDays, chinaDaySql } from "../../common/china-time.ts";
import { AiHandleStatus } from "../../../generated/states.ts";

export const FIRE_CHARGE_CONFIG_KEY = "fireChargeUrl";

export function configuredUrl(value: unknown): string | null {
  const raw = typeof value === "string" ? value : value && typeof value === "object" ? (value as { url?: unknown }).url : null;
  return typeof raw === "string" && /^https?:\/\//i.test(raw.trim()) ? raw.trim() : null;
}

export async function externalPagesModule(app: FastifyInstance): Promise<void> {
  route(app, operations.getAiInspectionOverview, async ({ session, query }) => {
    const community = await ownCommunity(app.db, session, query.communityId);
    const ofCommunity = sql`tenant_id = ${session.tenantId} and community_id = ${community.id}`;
    const n = async (statement: Sql) => Number((await app.db.query<{ n: number }>(statement)).rows[0].n);
    const grouped = async (column: "algorithm" | "result", mapping: string) =>
      countsByMapping(
        mapping,
        (await app.db.query<{ value: number; count: number }>(sql`select ${raw(column)} as value, count(*)::int as count from ai_inspection_records where ${ofCommunity} group by 1`)).rows,
      );
    const { days } = chinaDays(new Date(), 1);
    type Latest = GetAiInspectionOverviewData["latest"][number];
    const latest = await camelRows<Omit<Latest, "algorithmLabel" | "resultLabel" | "handleStatusLabel">>(
      app.db,
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
  });

  route(app, operations.getChargeWebUrl, async ({ session }) => {
    const { rows } = await app.db.query<{ value: unknown }>(
      sql`select config_value as value from system_configs where tenant_id = ${session.tenantId} and config_key = ${FIRE_CHARGE_CONFIG_KEY} order by id limit 1`,
    );
    return { url: configuredUrl(rows[0]?.value) };
  });
}
