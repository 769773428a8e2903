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
import { messages } from "../../../generated/errors.ts";
import { operations } from "../../../generated/operations.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { mappingLabel, mappingOptions } from "../../common/mappings.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import type { GetEdgeDeviceListData, GetEdgeServiceListData } from "../../../generated/operation-types.ts";
import { issueTicket } from "../auth/ticket-routes.ts";
import type { SessionInfo } from "../auth/session-store.ts";
import { buildModel } from "../crud/model.ts";
import { createRow, deleteRows, updateRow, type Actor } from "../crud/repository.ts";
import { writeOperationLog } from "../crud/operation-log.ts";
import type { DbSession } from "../db/types.ts";
import { apiError, validationError } from "../http/envelope.ts";
import { route } from "../http/operation.ts";
import { pageArgs, present, textOf } from "../http/request-input.ts";
import { camelRows } from "../db/camel-rows.ts";
import { ilikeContains, join, raw, sql, when, type Sql } from "../db/sql.ts";
import { fillMessage } from "../../../generated/fill-errors.ts";
import type { ResourceInput } from "../crud/row.ts";

type EdgeService = GetEdgeServiceListData["list"][number];
type EdgeDevice = GetEdgeDeviceListData["list"][number];

export const EDGE_CODE = "HBL03019";
const EDGE_LICENCE_TYPE = 252;

const edgeModel = buildModel(resourceByName.edgeServices);

/** Channel types (mapping channelType): cameras carry video channels, controllers access channels, door and wall stations intercom. */
const channelTypeOf = (deviceCategory: number): number => ([6, 7].includes(deviceCategory) ? 1 : deviceCategory === 5 ? 2 : 3);

const EDGE_COLUMNS = raw(`e.id, e.name, e.serial_no, e.ip_address, e.software_version,
  coalesce(e.community_ids, '[]'::jsonb) as community_ids, coalesce(e.enable_remote_access, false) as enable_remote_access,
  coalesce(e.show_enable, true) as show_enable, coalesce(e.authorized, false) as authorized, coalesce(e.online, false) as online,
  e.last_heartbeat, e.remark, e.version, e.created_at, e.updated_at,
  (select count(*)::int from edge_devices d where d.tenant_id = e.tenant_id and d.edge_service_id = e.id) as device_count`);

/** A row of EDGE_COLUMNS (communityIds as stored: checked by withCommunities). */
type EdgeRow = Omit<EdgeService, "communityIds" | "communityNames"> & { communityIds: unknown };

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);

async function communityNames(db: DbSession, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: number; name: string }>(sql`select id, name from communities where tenant_id = ${tenantId} and id = any(${ids}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

async function withCommunities(db: DbSession, tenantId: number, rows: EdgeRow[]): Promise<EdgeService[]> {
  const names = await communityNames(db, tenantId, [...new Set(rows.flatMap((r) => idsOf(r.communityIds)))]);
  return rows.map((r) => {
    const communityIds = idsOf(r.communityIds).filter((id) => names.has(id));
    return { ...r, communityIds, communityNames: communityIds.map((id) => names.get(id)!) };
  });
}

async function loadEdge(db: DbSession, tenantId: number, edgeId: number) {
  const rows = await camelRows<EdgeRow>(db, sql`select ${EDGE_COLUMNS} from edge_services e where e.tenant_id = ${tenantId} and e.id = ${edgeId}`);
  if (!rows[0]) throw apiError("NOT_FOUND");
  return (await withCommunities(db, tenantId, rows))[0];
}

/** Community ids of a write must all be the tenant's. */
async function checkCommunityIds(db: DbSession, session: SessionInfo, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  const ids = idsOf(value);
  const unknownCommunity = () => validationError([{ field: "communityIds", message: fillScene(messages.sceneNotFound, session.sceneName) }]);
  if (!Array.isArray(value) || ids.length !== value.length) throw unknownCommunity();
  const names = await communityNames(db, session.tenantId, ids);
  if (names.size !== new Set(ids).size) throw unknownCommunity();
}

const DEVICE_COLUMNS = raw(`d.id, d.edge_service_id, d.name, d.serial_no, d.device_category,
  d.community_id, c.name as community_name, coalesce(d.channel_count, 0) as channel_count, coalesce(d.online, false) as online,
  d.updated_at`);
const DEVICE_FROM = sql`edge_devices d left join communities c on c.tenant_id = d.tenant_id and c.id = d.community_id`;

type DeviceRow = Omit<EdgeDevice, "deviceCategoryLabel">;

const withCategoryLabel = (d: DeviceRow) => ({ ...d, deviceCategoryLabel: mappingLabel("deviceCategory", d.deviceCategory) });

/** The channels of devices: numbered 1..channelCount, named after their device. */
export function channelsOf(devices: Pick<DeviceRow, "id" | "name" | "deviceCategory" | "communityId" | "communityName" | "channelCount">[]) {
  return devices.flatMap((d) =>
    Array.from({ length: Math.max(0, Number(d.channelCount) || 0) }, (_, i) => ({
      deviceId: d.id,
      deviceName: d.name,
      channelNo: i + 1,
      channelName: fillMessage.edgeChannelName({ device: d.name, no: i + 1 }),
      channelType: channelTypeOf(Number(d.deviceCategory)),
      communityId: d.communityId,
      communityName: d.communityName,
    })),
  );
}

/** The edge service an input names: edgeId, or id (its older name); neither: 400. */
const edgeIdOf = (input: { edgeId?: number; id?: number }) => present(input.edgeId ?? input.id);
const actorOf = (request: FastifyRequest, session: SessionInfo): Actor => ({ session, ip: request.ip });
/** The switches arrive as booleans, 1 / 0 or their text (the schema allows only those). */
const isOn = (value: unknown): boolean => value === true || value === 1 || value === "1" || value === "true";

export async function edgeServiceModule(app: FastifyInstance): Promise<void> {
  const db = app.db;

  // ---- reads -------------------------------------------------------------------------------------

  route(app, operations.getEdgeServiceList, async ({ session, query }) => {
    const { pageNo, pageSize, offset } = pageArgs(query);
    const keyword = textOf(query.keyword ?? query.name, 32);
    const where = sql`e.tenant_id = ${session.tenantId} ${when(keyword, () => sql`and (${ilikeContains(sql`e.name`, keyword)} or ${ilikeContains(sql`e.serial_no`, keyword)})`)}`;
    const rows = await camelRows<EdgeRow>(db, sql`select ${EDGE_COLUMNS} from edge_services e where ${where} order by e.id limit ${pageSize} offset ${offset}`);
    const { rows: total } = await db.query<{ n: number }>(sql`select count(*)::int as n from edge_services e where ${where}`);
    return { list: await withCommunities(db, session.tenantId, rows), total: Number(total[0].n), pageNo, pageSize };
  });

  route(app, operations.getEdgeServiceDetails, async ({ session, query }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(query));
    const { rows } = await db.query<{ value: number; count: number }>(
      sql`select device_category as value, count(*)::int as count from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${edge.id} group by device_category order by 1`,
    );
    return { ...edge, devicesByCategory: rows.map((r) => ({ deviceCategory: r.value, label: mappingLabel("deviceCategory", r.value), count: Number(r.count) })) };
  });

  route(app, operations.getEdgeDeviceList, async ({ session, query }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(query));
    const { pageNo, pageSize, offset } = pageArgs(query);
    const inCommunity = when(query.communityId !== undefined, () => sql` and d.community_id = ${query.communityId}`);
    const ofCategory = when(query.deviceCategory !== undefined, () => sql` and d.device_category = ${query.deviceCategory}`);
    const where = sql`d.tenant_id = ${session.tenantId} and d.edge_service_id = ${edge.id}${inCommunity}${ofCategory}`;
    const rows = await camelRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where ${where} order by d.id limit ${pageSize} offset ${offset}`);
    const { rows: total } = await db.query<{ n: number }>(sql`select count(*)::int as n from edge_devices d where ${where}`);
    return { list: rows.map(withCategoryLabel), total: Number(total[0].n), pageNo, pageSize };
  });

  route(app, operations.getEdgeDeviceChannelList, async ({ session, query }) => {
    const rows = await camelRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.tenant_id = ${session.tenantId} and d.id = ${query.deviceId}`);
    if (!rows[0]) throw apiError("NOT_FOUND");
    return channelsOf(rows);
  });

  route(app, operations.getEdgeChannelList, async ({ session, query }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(query));
    const communityId = query.communityId ?? null;
    const rows = await camelRows<DeviceRow>(
      db,
      sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.tenant_id = ${session.tenantId} and d.edge_service_id = ${edge.id} and (${communityId}::bigint is null or d.community_id = ${communityId}) order by d.id`,
    );
    return channelsOf(rows);
  });

  route(app, operations.getEgdeModuleReportStatus, async ({ session, query }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(query));
    const rows = await camelRows<{ devices: number; channels: number; lastDevice: string | null }>(
      db,
      sql`select count(*)::int as devices, coalesce(sum(channel_count), 0)::int as channels, max(updated_at) as last_device
         from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${edge.id}`,
    );
    const r = rows[0];
    const communityIds = edge.communityIds;
    return [
      { module: "heartbeat", name: messages.edgeReportHeartbeat, reported: Boolean(edge.online), count: edge.online ? 1 : 0, reportTime: edge.lastHeartbeat ?? null },
      { module: "device", name: messages.edgeReportDevices, reported: Number(r.devices) > 0, count: Number(r.devices), reportTime: r.lastDevice },
      { module: "channel", name: messages.edgeReportChannels, reported: Number(r.channels) > 0, count: Number(r.channels), reportTime: r.lastDevice },
      { module: "community", name: messages.edgeReportCommunities, reported: communityIds.length > 0, count: communityIds.length, reportTime: edge.updatedAt ?? null },
    ];
  });

  route(app, operations.getEdgeBindCommunityList, async ({ session, query }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(query));
    return edge.communityIds.map((communityId, i) => ({ communityId, communityName: edge.communityNames[i] }));
  });

  // Channel types: the spec names the call, not the values (mapping channelType).
  route(app, operations.getChannelType, async () => mappingOptions("channelType"));
  route(app, operations.getDeviceType, async () => mappingOptions("deviceCategory"));

  route(app, operations.findEdgeLicenseList, async ({ session }) => {
    const quota = await edgeLicenceQuota(db, session.tenantId);
    const rows = await camelRows<{ edgeId: number; name: string; serialNo: string; usedAt: string | null }>(
      db,
      sql`select e.id as edge_id, e.name, e.serial_no,
              (select max(u.used_at) from licence_usages u where u.tenant_id = e.tenant_id and u.service_type = ${EDGE_LICENCE_TYPE} and u.device_serial = e.serial_no) as used_at
         from edge_services e where e.tenant_id = ${session.tenantId} order by e.id`,
    );
    return { serviceType: EDGE_LICENCE_TYPE, ...quota, list: rows.map((r) => ({ ...r, licensed: r.usedAt !== null })) };
  });

  route(app, operations.getEdgeServiceByCommunityId, async ({ session, query }) => {
    const rows = await camelRows<{ id: number; name: string; enableRemoteAccess: boolean; authorized: boolean }>(
      db,
      sql`select e.id, e.name, coalesce(e.enable_remote_access, false) as enable_remote_access, coalesce(e.authorized, false) as authorized
         from edge_services e
        where e.tenant_id = ${session.tenantId} and coalesce(e.show_enable, true) and coalesce(e.community_ids, '[]'::jsonb) @> jsonb_build_array(${query.communityId}::bigint)
          and exists (select 1 from communities c where c.tenant_id = e.tenant_id and c.id = ${query.communityId})
        order by e.id limit 1`,
    );
    return rows[0] ?? null;
  });

  // ---- writes ------------------------------------------------------------------------------------

  const setFlag = async (request: FastifyRequest, session: SessionInfo, edgeId: number, column: "authorized" | "show_enable" | "enable_remote_access", value: boolean) => {
    const { rows } = await db.query(
      sql`update edge_services set ${raw(column)} = ${value}, version = version + 1, updated_at = now(), updated_by = ${session.userId} where tenant_id = ${session.tenantId} and id = ${edgeId} returning id`,
    );
    if (!rows.length) throw apiError("NOT_FOUND");
    await writeOperationLog(db, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip: request.ip,
      resource: "edgeServices",
      action: "update",
      operationCode: EDGE_CODE,
      targetId: edgeId,
      detail: { changes: { [column]: value } },
    });
  };

  route(app, operations.updateEdgeService, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    await checkCommunityIds(db, session, body.communityIds);
    const { id: _id, edgeId: _edgeId, ...fields } = body;
    // The body came through the JSON parser: the keys the operation leaves open hold JSON values.
    await updateRow(db, edgeModel, actorOf(request, session), edgeId, fields as ResourceInput);
    return await loadEdge(db, session.tenantId, edgeId);
  });

  route(app, operations.updateAuthLogin, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    await setFlag(request, session, edgeId, "authorized", true);
    return { edgeId, authorized: true };
  });

  route(app, operations.getEdgeAuth, async ({ session, body }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(body));
    return { edgeId: edge.id, authorized: edge.authorized };
  });

  route(app, operations.setShowEnable, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    await setFlag(request, session, edgeId, "show_enable", isOn(body.showEnable));
    return await loadEdge(db, session.tenantId, edgeId);
  });

  route(app, operations.enableRemoteAccess, async ({ request, session, body }) => {
    const edgeId = edgeIdOf(body);
    const value = body.enableRemoteAccess ?? body.enable;
    if (value === undefined) throw apiError("BAD_REQUEST");
    await setFlag(request, session, edgeId, "enable_remote_access", isOn(value));
    return await loadEdge(db, session.tenantId, edgeId);
  });

  const syncSummary = async (session: SessionInfo, body: { edgeId?: number; id?: number }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(body));
    const { rows } = await db.query<{ devices: number; channels: number }>(
      sql`select count(*)::int as devices, coalesce(sum(channel_count), 0)::int as channels from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${edge.id}`,
    );
    return { edge, syncTime: new Date().toISOString(), deviceCount: Number(rows[0].devices), channelCount: Number(rows[0].channels) };
  };

  route(app, operations.synchronizationEdgeService, async ({ session, body }) => {
    const { edge, syncTime, deviceCount, channelCount } = await syncSummary(session, body);
    return { edgeId: edge.id, syncTime, communityCount: edge.communityIds.length, deviceCount, channelCount };
  });

  route(app, operations.synchronizationEdgeDevice, async ({ session, body }) => {
    const { edge, syncTime, deviceCount, channelCount } = await syncSummary(session, body);
    return { edgeId: edge.id, syncTime, deviceCount, channelCount };
  });

  // The community data an edge keeps locally: its bound communities' rooms and residents.
  route(app, operations.syncData, async ({ session, body }) => {
    const { edge, syncTime } = await syncSummary(session, body);
    const rows = await camelRows<{ communityId: number; rooms: number; inhabitants: number }>(
      db,
      sql`select c.id as community_id,
              (select count(*)::int from rooms r where r.tenant_id = c.tenant_id and r.community_id = c.id) as rooms,
              (select count(*)::int from inhabitants i where i.tenant_id = c.tenant_id and i.community_id = c.id) as inhabitants
         from communities c where c.tenant_id = ${session.tenantId} and c.id = any(${edge.communityIds}::bigint[]) order by c.id`,
    );
    return { edgeId: edge.id, syncTime, communities: rows };
  });

  const relateDevices = async (session: SessionInfo, deviceIds: number[], communityId: number | null) => {
    if (communityId !== null) {
      const names = await communityNames(db, session.tenantId, [communityId]);
      if (!names.size) throw validationError([{ field: "communityId", message: fillScene(messages.sceneNotFound, session.sceneName) }]);
    }
    if (!deviceIds.length) throw apiError("BAD_REQUEST");
    const { rows } = await db.query<{ id: number }>(
      sql`update edge_devices set community_id = ${communityId}, version = version + 1, updated_at = now(), updated_by = ${session.userId}
        where tenant_id = ${session.tenantId} and id = any(${deviceIds}::bigint[]) returning id`,
    );
    if (rows.length !== new Set(deviceIds).size) throw apiError("NOT_FOUND");
    return { deviceIds, communityId };
  };

  route(app, operations.setEdgeDeviceRelationCommunity, async ({ session, body }) => relateDevices(session, body.deviceIds ?? [present(body.deviceId)], body.communityId ?? null));

  route(app, operations.setEdgeChannelRelationCommunity, async ({ session, body }) => relateDevices(session, [present(body.deviceId)], body.communityId ?? null));

  // serialNo and name follow the edgeDevices fields' rules (the schema's, and an update's: not empty).
  route(app, operations.updateDeviceSerialDetail, async ({ session, body }) => {
    const deviceId = present(body.deviceId ?? body.id);
    const sets: Sql[] = [];
    const given: Record<string, string> = {};
    for (const [field, column] of [
      ["serialNo", "serial_no"],
      ["name", "name"],
    ] as const) {
      if (body[field] === undefined) continue;
      given[field] = textOf(body[field], 64);
      sets.push(sql`${raw(column)} = ${given[field]}`);
    }
    if (!sets.length) throw apiError("BAD_REQUEST");
    const problems = validateResource("edgeDevices", "update", given, session.sceneName);
    if (problems.length) throw validationError(problems);
    try {
      const { rows } = await db.query(
        sql`update edge_devices set ${join(sets, ", ")}, version = version + 1, updated_at = now(), updated_by = ${session.userId} where tenant_id = ${session.tenantId} and id = ${deviceId} returning id`,
      );
      if (!rows.length) throw apiError("NOT_FOUND");
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw apiError("DUPLICATE");
      throw err;
    }
    const rows = await camelRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.tenant_id = ${session.tenantId} and d.id = ${deviceId}`);
    return withCategoryLabel(rows[0]);
  });

  route(app, operations.addEdgeLicense, async ({ session, body }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(body));
    return db.transaction(async (tx) => {
      // One licence of type 252 per edge service, counted in the tenant's quota (licence_quotas).
      await tx.query(sql`select pg_advisory_xact_lock(${EDGE_LICENCE_TYPE}, ${session.tenantId})`);
      const existing = await camelRows<{ usedAt: string }>(
        tx,
        sql`select used_at from licence_usages where tenant_id = ${session.tenantId} and service_type = ${EDGE_LICENCE_TYPE} and device_serial = ${edge.serialNo} limit 1`,
      );
      if (existing[0]) return { edgeId: edge.id, licensed: true, usedAt: existing[0].usedAt };
      const quota = await edgeLicenceQuota(tx, session.tenantId);
      if (quota.serviceUseNum >= quota.serviceTotalNum) throw apiError("EDGE_LICENCE_EXHAUSTED");
      const rows = await camelRows<{ usedAt: string }>(
        tx,
        sql`insert into licence_usages (tenant_id, service_type, device_name, device_serial, used_at, created_by, updated_by)
         values (${session.tenantId}, ${EDGE_LICENCE_TYPE}, ${edge.name}, ${edge.serialNo}, now(), ${session.userId}, ${session.userId}) returning used_at`,
      );
      await tx.query(
        sql`update licence_quotas set service_use_num = service_use_num + 1, version = version + 1, updated_at = now(), updated_by = ${session.userId} where tenant_id = ${session.tenantId} and service_type = ${EDGE_LICENCE_TYPE}`,
      );
      return { edgeId: edge.id, licensed: true, usedAt: rows[0].usedAt };
    });
  });

  route(app, operations.getFrpsAuth, async ({ session, body }) => {
    const edge = await loadEdge(db, session.tenantId, edgeIdOf(body));
    if (!edge.authorized) throw apiError("EDGE_NOT_AUTHORIZED");
    if (!edge.enableRemoteAccess) throw apiError("EDGE_REMOTE_ACCESS_OFF");
    if (!edge.ipAddress) throw apiError("EDGE_ADDRESS_UNKNOWN");
    const jumpType = body.jumpType ?? 1;
    const ticket = await issueTicket(db, session, "edge");
    // Its trailing slashes dropped by an anchored pattern: /\/+$/ would start again at every slash (quadratic).
    const host = /^https?:\/\//i.test(edge.ipAddress) ? edge.ipAddress.replace(/^([\s\S]*[^/])?\/*$/, "$1") : `http://${edge.ipAddress}`;
    return { jumpAddr: `${host}/?ticket=${encodeURIComponent(ticket)}&jumpType=${jumpType}` };
  });

  // ---- add / delete ------------------------------------------------------------------------------

  route(app, operations.addEdgeService, async ({ request, session, body }) => {
    await checkCommunityIds(db, session, body.communityIds);
    const row = await createRow(db, edgeModel, actorOf(request, session), body as ResourceInput);
    return await loadEdge(db, session.tenantId, Number(row.id));
  });

  route(app, operations.deleteEdgeService, async ({ request, session, params: { id } }) => {
    const { rows } = await db.query(sql`select 1 from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${id} limit 1`);
    if (rows.length) {
      await loadEdge(db, session.tenantId, id); // another tenant's id stays a 404
      throw apiError("EDGE_HAS_DEVICES");
    }
    return { ids: await deleteRows(db, edgeModel, actorOf(request, session), [id]) };
  });

  route(app, operations.forceDeleteEdgeService, async ({ request, session, params: { id } }) => {
    const devices = await db.transaction(async (tx) => {
      const gone = await tx.query<{ id: number }>(sql`delete from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${id} returning id`);
      const edge = await tx.query(sql`delete from edge_services where tenant_id = ${session.tenantId} and id = ${id} returning id`);
      if (!edge.rows.length) throw apiError("NOT_FOUND");
      await writeOperationLog(tx, {
        tenantId: session.tenantId,
        userId: session.userId,
        username: session.username,
        ip: request.ip,
        resource: "edgeServices",
        action: "delete",
        operationCode: EDGE_CODE,
        targetId: id,
        detail: { force: true, deviceIds: gone.rows.map((r) => Number(r.id)) },
      });
      return gone.rows.map((r) => Number(r.id));
    });
    return { ids: [id], deviceIds: devices };
  });
}

/** The tenant's edge-service licences (type 252): total, used, valid until. */
async function edgeLicenceQuota(db: DbSession, tenantId: number) {
  const rows = await camelRows<{ total: number; used: number; validityDate: string | null }>(
    db,
    sql`select service_total_num as total, service_use_num as used, validity_date from licence_quotas where tenant_id = ${tenantId} and service_type = ${EDGE_LICENCE_TYPE} limit 1`,
  );
  return { serviceTotalNum: Number(rows[0]?.total ?? 0), serviceUseNum: Number(rows[0]?.used ?? 0), validityDate: rows[0]?.validityDate ?? null };
}
