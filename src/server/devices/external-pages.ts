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
import { route } from "../http/operation.ts";
import { countsByMapping } from "../workbench/workbench-stats.ts";
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
    const p = [session.tenantId, community.id];
    const n = async (sql: string, params: unknown[] = p) => Number((await app.db.query<{ n: number }>(sql, params)).rows[0].n);
    const grouped = async (column: string, mapping: string) =>
      countsByMapping(
        mapping,
        (await app.db.query<{ value: number; count: number }>(`select ${column} as value, count(*)::int as count from ai_inspection_records where tenant_id = $1 and community_id = $2 group by 1`, p))
          .rows,
      );
    const { days } = chinaDays(new Date(), 1);
    type Latest = GetAiInspectionOverviewData["latest"][number];
    const latest = await camelRows<Omit<Latest, "algorithmLabel" | "resultLabel" | "handleStatusLabel">>(
      app.db,
      `select id, channel_name, algorithm, capture_time, image, result, handle_status
         from ai_inspection_records where tenant_id = $1 and community_id = $2 order by capture_time desc nulls last, id desc limit 10`,
      p,
    );
    return {
      communityId: community.id,
      communityName: community.name,
      configs: {
        total: await n("select count(*)::int as n from ai_inspection_configs where tenant_id = $1 and community_id = $2"),
        enabled: await n("select count(*)::int as n from ai_inspection_configs where tenant_id = $1 and community_id = $2 and enabled"),
      },
      tasks: await n("select count(*)::int as n from ai_inspection_tasks where tenant_id = $1 and community_id = $2"),
      records: {
        today: await n(`select count(*)::int as n from ai_inspection_records where tenant_id = $1 and community_id = $2 and ${chinaDaySql("capture_time")} = $3`, [...p, days[0]]),
        unhandled: await n(`select count(*)::int as n from ai_inspection_records where tenant_id = $1 and community_id = $2 and handle_status = ${AiHandleStatus.Unhandled}`),
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
    const { rows } = await app.db.query<{ value: unknown }>("select config_value as value from system_configs where tenant_id = $1 and config_key = $2 order by id limit 1", [
      session.tenantId,
      FIRE_CHARGE_CONFIG_KEY,
    ]);
    return { url: configuredUrl(rows[0]?.value) };
  });
}
