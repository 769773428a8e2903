// Collection by building or by item (楼栋收缴 / 项目收缴) for one community and a range of billing
// months: over approved, partly paid and paid bills of those periods — receivable (amount due + late
// fee), collected (what the bills hold as paid: charges less refunds, whenever paid), waived,
// outstanding = receivable − collected − waived, and the collection rate collected / receivable
// (exact percentage, two decimals, "-" without receivable).
import type { DbSession } from "../platform/db/types.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { GetCollectionReportBody, GetCollectionReportResult } from "../../../generated/operation-types.ts";
import { percentText } from "../../common/payment/pricing.ts";
import { texts } from "../../../generated/texts.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { sql } from "../platform/db/sql.ts";
import { BillStatus } from "../../../generated/states.ts";
import { fen } from "./common.ts";
import { reportPeriod, zeroOf, type ReportCommunity } from "./report-period.ts";

const MONEY = ["receivable", "collected", "waived"] as const;
/** A group's bill count and money (fen). */
const SUMS = ["bills", ...MONEY] as const;
type Sums = Record<(typeof SUMS)[number], number>;

const figures = (s: Sums) => ({
  ...s,
  outstanding: s.receivable - s.collected - s.waived,
  collectionRate: percentText(s.collected, s.receivable),
});

/** `community`: the one the operation's scope guard checked (reportCommunity). */
export async function collectionReport(db: DbSession, session: SessionInfo, body: GetCollectionReportBody, community: ReportCommunity): Promise<GetCollectionReportResult> {
  const communityId = community.id;
  const period = reportPeriod("month", body.start, body.end);
  const groupBy = body.groupBy === "item" ? "item" : "building";
  const { tenantId } = session;
  const group =
    groupBy === "item"
      ? sql`b.payment_item_id as id, i.name as name from bills b join payment_items i on i.tenant_id = b.tenant_id and i.id = b.payment_item_id`
      : sql`r.building_id as id, g.name as name from bills b join rooms r on r.tenant_id = b.tenant_id and r.id = b.room_id
              left join buildings g on g.tenant_id = r.tenant_id and g.id = r.building_id`;
  const rows = await camelRows<{ id: number | null; name: string | null; bills: number; receivable: string; collected: string; waived: string }>(
    db,
    sql`select x.id, x.name, count(*)::int as bills, sum(x.receivable)::bigint as receivable, sum(x.collected)::bigint as collected, sum(x.waived)::bigint as waived
          from (select b.amount_due + b.late_fee as receivable, b.amount_paid as collected, b.amount_waived as waived, ${group}
                 where b.tenant_id = ${tenantId} and b.community_id = ${communityId} and b.period between ${period.start} and ${period.end}
                   and b.status in (${BillStatus.Approved}, ${BillStatus.Paid}, ${BillStatus.PartlyPaid})) x
         group by x.id, x.name order by x.name nulls last, x.id`,
  );
  const totals = zeroOf(SUMS);
  const list = rows.map((r) => {
    const s: Sums = { bills: Number(r.bills), receivable: fen(r.receivable), collected: fen(r.collected), waived: fen(r.waived) };
    for (const k of SUMS) totals[k] += s[k];
    return { id: Number(r.id ?? 0), name: r.name ?? texts.paymentReports.noBuilding, ...figures(s) };
  });
  return { communityId, groupBy, start: period.start, end: period.end, rows: list, totals: figures(totals) };
}
