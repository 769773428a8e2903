// The house cascade of the fee pages as query options of the generated client (the shared cache:
// a building list loaded by one page is there for the next); the generic fee resources go through
// Refine (src/web/generic/table/useResourcePage.ts). Bill writes invalidate BILL_READS.
import type { QueryClient } from "@tanstack/react-query";
import { queries } from "../../http/query-client.ts";

/** The house cascade and room search of spec §7 (declared operations of the community domain). */
export const houseQueries = {
  buildings: (communityId: number | string) => queries.listBuildingsByCommunity.queryOptions({ body: { communityId: Number(communityId) } }),
  units: (buildingId: number) => queries.listUnitsByBuilding.queryOptions({ body: { buildingId } }),
  rooms: (unitId: number) => queries.listRoomsByUnit.queryOptions({ body: { unitId } }),
  search: (communityId: number | string, keyword: string) => queries.pageListSimpleRooms.queryOptions({ body: { communityId: Number(communityId), keyword, pageNo: 1, pageSize: 20 } }),
};

/** The reads a bill write changes (approval, payment, waiver, refund): the bill lists, a room's bills and history, the cashier desk's owner rooms, receipts and prepayment plan, arrears, the report and the day's reconciliation. */
const BILL_READS = [
  queries.queryBills.key,
  queries.getRoomBills.key,
  queries.getRoomHistory.key,
  queries.getCashierDesk.key,
  queries.getPrepayPlan.key,
  queries.queryArrears.key,
  queries.getPaymentReport.key,
  queries.getReconciliationDay.key,
];

/** After a bill write: the pages showing bills read them again (the others when they next show). */
export function invalidateBillReads(client: QueryClient): Promise<void> {
  return Promise.all(BILL_READS.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
