// Edge (cascade) services (spec §3 edge service, §4 edge authorisation, §7 Edge service), all under
// HBL03019, over the edgeServices and edgeDevices rows of the session's tenant (another tenant's id
// is a 404). Base {device}/edgeService/actions/:
// GET
//   getEdgeServiceList (pageNo, pageSize, keyword)  -> {list: [EdgeRow], total, pageNo, pageSize}
//   getEdgeServiceDetails (edgeId)                  -> EdgeRow plus devicesByCategory
//   getEdgeDeviceList (edgeId, communityId?, deviceCategory?, pageNo, pageSize) -> {list, total, pageNo, pageSize}
//   getEdgeDeviceChannelList (deviceId)             -> [{deviceId, deviceName, channelNo, channelName, communityId, communityName}]
//   getEdgeChannelList (edgeId, communityId?)       -> the same for every device of the edge
//   getEgdeModuleReportStatus (edgeId)              -> [{module, name, reported, count, reportTime}]
//   getEdgeBindCommunityList (edgeId)               -> [{communityId, communityName}]
//   getChannelType, getDeviceType                   -> [{value, label}]
//   findEdgeLicenseList                             -> {serviceTotalNum, serviceUseNum, validityDate, list: [{edgeId, name, serialNo, licensed, usedAt}]}
//   getEdgeServiceByCommunityId (communityId)       -> {id, name, enableRemoteAccess, authorized} | null
//        the first edge service bound to the community and shown in the header (showEnable)
// POST
//   updateEdgeService {edgeId | id, ...fields}      -> EdgeRow (generic validation of edgeServices)
//   updateAuthLogin {edgeId}                        -> {edgeId, authorized: true}   (the user consented)
//   getEdgeAuth {edgeId}                            -> {edgeId, authorized}
//   synchronizationEdgeService / syncData / synchronizationEdgeDevice {edgeId}
//        -> {edgeId, syncTime, ...what was sent: communities with their rooms and residents, devices and channels}
//   setEdgeDeviceRelationCommunity {deviceIds | deviceId, communityId | null} -> {deviceIds, communityId}
//   setEdgeChannelRelationCommunity {deviceId, communityId | null}  channels follow their device's community
//   updateDeviceSerialDetail {deviceId, serialNo?, name?} -> the device
//   addEdgeLicense {edgeId}                         -> {edgeId, licensed: true} (uses one licence of type 252)
//   setShowEnable {edgeId, showEnable}, enableRemoteAccess {edgeId, enableRemoteAccess} -> EdgeRow
//   getFrpsAuth {edgeId, jumpType}                  -> {jumpAddr}: the edge's address with a one-time
//        ticket (type "edge"); refused (400, with the reason) when not authorised, remote access is off
//        or the edge has no address: the client then shows 进入智慧平台失败.
// POST {device}/edgeService adds one; DELETE {device}/edgeService/{id} refuses (409) while devices
// belong to it; DELETE {device}/edgeService/force/{id} deletes its devices too.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { operations } from "../../../generated/operations.ts";
import { mappingOptions } from "../../common/mappings.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import type { Actor } from "../crud/repository.ts";
import { apiError } from "../platform/http/envelope.ts";
import { route } from "../platform/http/operation.ts";
import { present } from "../platform/http/request-input.ts";
import {
  addEdgeLicence,
  addEdgeService,
  deleteEdgeService,
  deviceChannels,
  edgeChannels,
  edgeCommunities,
  edgeCommunityData,
  edgeLicences,
  edgeModuleReport,
  edgeServiceDetails,
  edgeServiceOfCommunity,
  forceDeleteEdgeService,
  frpsJumpAddress,
  isOn,
  listEdgeDevices,
  listEdgeServices,
  loadEdge,
  relateDevices,
  setEdgeFlag,
  syncSummary,
  updateDeviceSerial,
  updateEdgeService,
} from "./edge-service.ts";

/** The edge service an input names: edgeId, or id (its older name); neither: 400. */
const edgeIdOf = (input: { edgeId?: number; id?: number }) => present(input.edgeId ?? input.id);
const actorOf = (request: FastifyRequest, session: SessionInfo): Actor => ({ session, ip: request.ip });

export async function edgeServiceModule(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // ---- reads -------------------------------------------------------------------------------------

  route(app, operations.getEdgeServiceList, async ({ session, query }) => listEdgeServices(db, session.tenantId, query));
  route(app, operations.getEdgeServiceDetails, async ({ session, query }) => edgeServiceDetails(db, session.tenantId, edgeIdOf(query)));
  route(app, operations.getEdgeDeviceList, async ({ session, query }) => listEdgeDevices(db, session.tenantId, edgeIdOf(query), query));
  route(app, operations.getEdgeDeviceChannelList, async ({ session, query }) => deviceChannels(db, session.tenantId, query.deviceId));
  route(app, operations.getEdgeChannelList, async ({ session, query }) => edgeChannels(db, session.tenantId, edgeIdOf(query), query));
  route(app, operations.getEgdeModuleReportStatus, async ({ session, query }) => edgeModuleReport(db, session.tenantId, edgeIdOf(query)));
  route(app, operations.getEdgeBindCommunityList, async ({ session, query }) => edgeCommunities(db, session.tenantId, edgeIdOf(query)));
  // Channel types: the spec names the call, not the values (mapping channelType).
  route(app, operations.getChannelType, async () => mappingOptions("channelType"));
  route(app, operations.getDeviceType, async () => mappingOptions("deviceCategory"));
  route(app, operations.findEdgeLicenseList, async ({ session }) => edgeLicences(db, session.tenantId));
  route(app, operations.getEdgeServiceByCommunityId, async ({ session, query }) => edgeServiceOfCommunity(db, session.tenantId, query.communityId));

  // ---- writes ------------------------------------------------------------------------------------

  route(app, operations.updateEdgeService, async ({ request, session, body }) => updateEdgeService(db, actorOf(request, session), edgeIdOf(body), body));

  route(app, operations.updateAuthLogin, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    await setEdgeFlag(db, actorOf(request, session), edgeId, "authorized", true);
    return { edgeId, authorized: true };
  });

  route(app, operations.getEdgeAuth, async ({ session, body }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(body));
    return { edgeId: edge.id, authorized: edge.authorized };
  });

  route(app, operations.setShowEnable, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    await setEdgeFlag(db, actorOf(request, session), edgeId, "show_enable", isOn(body.showEnable));
    return await loadEdge(db, session.tenantId, edgeId);
  });

  route(app, operations.enableRemoteAccess, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    const value = body.enableRemoteAccess ?? body.enable;
    if (value === undefined) throw apiError("BAD_REQUEST");
    await setEdgeFlag(db, actorOf(request, session), edgeId, "enable_remote_access", isOn(value));
    return await loadEdge(db, session.tenantId, edgeId);
  });

  route(app, operations.synchronizationEdgeService, async ({ session, body }) => {
    const { edge, syncTime, deviceCount, channelCount } = await syncSummary(db, session.tenantId, edgeIdOf(body));
    return { edgeId: edge.id, syncTime, communityCount: edge.communityIds.length, deviceCount, channelCount };
  });

  route(app, operations.synchronizationEdgeDevice, async ({ session, body }) => {
    const { edge, syncTime, deviceCount, channelCount } = await syncSummary(db, session.tenantId, edgeIdOf(body));
    return { edgeId: edge.id, syncTime, deviceCount, channelCount };
  });

  route(app, operations.syncData, async ({ session, body }) => {
    const { edge, syncTime } = await syncSummary(db, session.tenantId, edgeIdOf(body));
    return { edgeId: edge.id, syncTime, communities: await edgeCommunityData(db, session.tenantId, edge.communityIds) };
  });

  route(app, operations.setEdgeDeviceRelationCommunity, async ({ session, body }) => relateDevices(db, session, body.deviceIds ?? [present(body.deviceId)], body.communityId ?? null));
  route(app, operations.setEdgeChannelRelationCommunity, async ({ session, body }) => relateDevices(db, session, [present(body.deviceId)], body.communityId ?? null));
  route(app, operations.updateDeviceSerialDetail, async ({ session, body }) => updateDeviceSerial(db, session, present(body.deviceId ?? body.id), body));
  route(app, operations.addEdgeLicense, async ({ session, body }) => addEdgeLicence(db, session, edgeIdOf(body)));
  route(app, operations.getFrpsAuth, async ({ session, body }) => frpsJumpAddress(db, session, edgeIdOf(body), body.jumpType ?? 1));

  // ---- add / delete ------------------------------------------------------------------------------

  route(app, operations.addEdgeService, async ({ request, session, body }) => addEdgeService(db, actorOf(request, session), body));
  route(app, operations.deleteEdgeService, async ({ request, session, params: { id } }) => deleteEdgeService(db, actorOf(request, session), id));
  route(app, operations.forceDeleteEdgeService, async ({ request, session, params: { id } }) => forceDeleteEdgeService(db, actorOf(request, session), id));
}
