// The workbench's statistics cards (spec §7 Workbench; §9 workbench modules), each computed from the
// rows of the current community (communityId, required; another tenant's community is a 404), days
// in China time (UTC+8). Every card needs the workbench (HBL0001) and the code of the data it shows:
//   GET {system}/communities/actions/workBenchGetCommunityStatistics   HBL0001
//       -> {communityId, communityName, address, buildingCount, unitCount, roomCount, occupiedRoomCount, inhabitantCount}
//   GET {system}/roomAuditOrders/actions/workBenchQueryList            HBL07001
//       -> {pendingCount, list: [{id, applicantName, roomName, applyTime, status}]} (5 oldest pending)
//   GET {property}/repairs/actions/workBenchQueryList                  HBL07011
//       -> {pendingCount, processingCount, list: [{id, content, reporterName, roomName, reportTime, status}]} (5 newest unfinished)
//   GET {property}/notices/actions/workBenchQueryList                  HBL07005
//       -> {publishedCount, list: [{id, title, noticeType, publishTime, pinned}]} (5 newest published, pinned first;
//          community-wide ones only, a notice addressed to one room is not on the card)
//   GET {system}/rooms/actions/workBenchGetRoomStatistics              HBL01003
//       -> {total, occupied, vacant, byStatus: [{status, label, count}]}
//   GET {system}/inhabitants/actions/workBenchGetResidentStatistics     HBL01005
//       -> {total, newThisMonth, byIdentity: [{identity, label, count}]}
//   GET {accesscontrol}/accessEvents/actions/workBenchGetOpenDoorEventStatistics  HBL06002
//       -> {today, total, failed, days: [{date, count}] (7 days), byMethod: [{openMethod, label, count}]}
//   GET {vehicle}/vehicle/actions/workBenchGetVehicleStatistics        HBL21001 or HBL04001
//       -> {todayIn, todayOut, plateCount, days: [{date, in, out}] (7 days)}
import type { FastifyInstance, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { route } from "../platform/http/operation.ts";
import { requireAnyOf } from "../auth/access.ts";
import type { CheckedCommunity } from "../platform/http/operation-scope.ts";
import { communityStatistics, noticeCard, openDoorStatistics, repairCard, residentStatistics, roomAuditCard, roomStatistics, vehicleStatistics, type CardCommunity } from "./workbench-stats.ts";

export async function workbenchStatsModule(app: FastifyInstance): Promise<void> {
  const db = app.db;
  /** The card's community: the query's, checked at the edge (declared required; 404 when not the tenant's). */
  const cardCommunity = (session: SessionInfo, community: CheckedCommunity): CardCommunity => ({ tenantId: session.tenantId, communityId: community.id, communityName: community.name });
  /**
   * A card needs the workbench (the operation's authority) and the code of the data it shows: the
   * second check runs in the handler (an operation's authority list means any one of them).
   */
  const withCode = (...codes: string[]) => {
    const check = requireAnyOf(new Set(codes));
    return async (request: FastifyRequest, session: SessionInfo, community: CheckedCommunity) => {
      await check(request);
      return cardCommunity(session, community);
    };
  };

  route(app, operations.getWorkbenchCommunityStatistics, async ({ session, community }) => communityStatistics(db, cardCommunity(session, community)));

  const roomAuditCardScope = withCode("HBL07001");
  route(app, operations.getWorkbenchRoomAudits, async ({ session, request, community }) => roomAuditCard(db, await roomAuditCardScope(request, session, community)));

  const repairCardScope = withCode("HBL07011");
  route(app, operations.getWorkbenchRepairs, async ({ session, request, community }) => repairCard(db, await repairCardScope(request, session, community)));

  const noticeCardScope = withCode("HBL07005");
  route(app, operations.getWorkbenchNotices, async ({ session, request, community }) => noticeCard(db, await noticeCardScope(request, session, community)));

  const roomStatisticsScope = withCode("HBL01003");
  route(app, operations.getWorkbenchRoomStatistics, async ({ session, request, community }) => roomStatistics(db, await roomStatisticsScope(request, session, community)));

  const residentStatisticsScope = withCode("HBL01005");
  route(app, operations.getWorkbenchResidentStatistics, async ({ session, request, community }) => residentStatistics(db, await residentStatisticsScope(request, session, community)));

  const openDoorStatisticsScope = withCode("HBL06002");
  route(app, operations.getWorkbenchOpenDoorStatistics, async ({ session, request, community }) => openDoorStatistics(db, await openDoorStatisticsScope(request, session, community)));

  const vehicleStatisticsScope = withCode("HBL21001", "HBL04001");
  route(app, operations.getWorkbenchVehicleStatistics, async ({ session, request, community }) => vehicleStatistics(db, await vehicleStatisticsScope(request, session, community)));
}
