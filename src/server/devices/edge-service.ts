// Edge (cascade) services over the edgeServices and edgeDevices rows of the session's tenant (another
// tenant's id is a 404): the statements behind the operations of edge-service-routes.ts.
import { messages } from "../../../generated/errors.ts";
import { resourceByName } from "../../../generated/resources.ts";
import { mappingLabel } from "../../common/mappings.ts";
import { fillScene, validateResource } from "../../common/validate.ts";
import type {
  AddEdgeServiceBody,
  GetEdgeChannelListQuery,
  GetEdgeDeviceListData,
  GetEdgeDeviceListQuery,
  GetEdgeServiceListData,
  GetEdgeServiceListQuery,
  UpdateDeviceSerialDetailBody,
  UpdateEdgeServiceBody,
} from "../../../generated/operation-types.ts";
import { issueTicket } from "../auth/tickets.ts";
import type { SessionInfo } from "../platform/session/session-store.ts";
import { buildModel } from "../crud/model.ts";
import { createRow, deleteRows, updateRow, type Actor } from "../crud/repository.ts";
import { writeOperationLog } from "../platform/db/operation-log.ts";
import type { Db, DbSession } from "../platform/db/types.ts";
import { apiError, validationError } from "../platform/http/envelope.ts";
import { pageArgs, textOf } from "../platform/http/request-input.ts";
import { camelRows } from "../platform/db/camel-rows.ts";
import { ilikeContains, join, raw, sql, when, type Sql } from "../platform/db/sql.ts";
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

export async function loadEdge(db: DbSession, tenantId: number, edgeId: number) {
  const rows = await camelRows<EdgeRow>(db, sql`select ${EDGE_COLUMNS} from edge_services e where e.tenant_id = ${tenantId} and e.id = ${edgeId}`);
  if (!rows[0]) throw apiError("NOT_FOUND");
  return (await withCommunities(db, tenantId, rows))[0];
}

/** Community ids of a write must all be the tenant's. */
async function checkCommunityIds(db: DbSession, session: SessionInfo, value: unknown): Promise<void> {
  if (value === undefined || value === null) return;
  const ids = idsOf(value);
  const notTenantsCommunity = () => validationError([{ field: "communityIds", message: fillScene(messages.sceneNotFound, session.sceneName) }]);
  if (!Array.isArray(value) || ids.length !== value.length) throw notTenantsCommunity();
  const names = await communityNames(db, session.tenantId, ids);
  if (names.size !== new Set(ids).size) throw notTenantsCommunity();
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

/** The switches arrive as booleans, 1 / 0 or their text (the schema allows only those). */
export const isOn = (value: unknown): boolean => value === true || value === 1 || value === "1" || value === "true";

// ---- reads ---------------------------------------------------------------------------------------

export async function listEdgeServices(db: DbSession, tenantId: number, query: GetEdgeServiceListQuery) {
  const { pageNo, pageSize, offset } = pageArgs(query);
  const keyword = textOf(query.keyword ?? query.name, 32);
  const where = sql`e.tenant_id = ${tenantId} ${when(keyword, () => sql`and (${ilikeContains(sql`e.name`, keyword)} or ${ilikeContains(sql`e.serial_no`, keyword)})`)}`;
  const rows = await camelRows<EdgeRow>(db, sql`select ${EDGE_COLUMNS} from edge_services e where ${where} order by e.id limit ${pageSize} offset ${offset}`);
  const { rows: total } = await db.query<{ n: number }>(sql`select count(*)::int as n from edge_services e where ${where}`);
  return { list: await withCommunities(db, tenantId, rows), total: Number(total[0].n), pageNo, pageSize };
}

export async function edgeServiceDetails(db: DbSession, tenantId: number, edgeId: number) {
  const edge = await loadEdge(db, tenantId, edgeId);
  const { rows } = await db.query<{ value: number; count: number }>(
    sql`select device_category as value, count(*)::int as count from edge_devices where tenant_id = ${tenantId} and edge_service_id = ${edge.id} group by device_category order by 1`,
  );
  return { ...edge, devicesByCategory: rows.map((r) => ({ deviceCategory: r.value, label: mappingLabel("deviceCategory", r.value), count: Number(r.count) })) };
}

export async function listEdgeDevices(db: DbSession, tenantId: number, edgeId: number, query: GetEdgeDeviceListQuery) {
  const edge = await loadEdge(db, tenantId, edgeId);
  const { pageNo, pageSize, offset } = pageArgs(query);
  const inCommunity = when(query.communityId !== undefined, () => sql` and d.community_id = ${query.communityId}`);
  const ofCategory = when(query.deviceCategory !== undefined, () => sql` and d.device_category = ${query.deviceCategory}`);
  const where = sql`d.tenant_id = ${tenantId} and d.edge_service_id = ${edge.id}${inCommunity}${ofCategory}`;
  const rows = await camelRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where ${where} order by d.id limit ${pageSize} offset ${offset}`);
  const { rows: total } = await db.query<{ n: number }>(sql`select count(*)::int as n from edge_devices d where ${where}`);
  return { list: rows.map(withCategoryLabel), total: Number(total[0].n), pageNo, pageSize };
}

export async function deviceChannels(db: DbSession, tenantId: number, deviceId: number) {
  const rows = await camelRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.tenant_id = ${tenantId} and d.id = ${deviceId}`);
  if (!rows[0]) throw apiError("NOT_FOUND");
  return channelsOf(rows);
}

export async function edgeChannels(db: DbSession, tenantId: number, edgeId: number, query: GetEdgeChannelListQuery) {
  const edge = await loadEdge(db, tenantId, edgeId);
  const communityId = query.communityId ?? null;
  const rows = await camelRows<DeviceRow>(
    db,
    sql`select ${DEVICE_COLUMNS} from ${DEVICE_FROM} where d.tenant_id = ${tenantId} and d.edge_service_id = ${edge.id} and (${communityId}::bigint is null or d.community_id = ${communityId}) order by d.id`,
  );
  return channelsOf(rows);
}

export async function edgeModuleReport(db: DbSession, tenantId: number, edgeId: number) {
  const edge = await loadEdge(db, tenantId, edgeId);
  const rows = await camelRows<{ devices: number; channels: number; lastDevice: string | null }>(
    db,
    sql`select count(*)::int as devices, coalesce(sum(channel_count), 0)::int as channels, max(updated_at) as last_device
       from edge_devices where tenant_id = ${tenantId} and edge_service_id = ${edge.id}`,
  );
  const r = rows[0];
  const communityIds = edge.communityIds;
  return [
    { module: "heartbeat", name: messages.edgeReportHeartbeat, reported: Boolean(edge.online), count: edge.online ? 1 : 0, reportTime: edge.lastHeartbeat ?? null },
    { module: "device", name: messages.edgeReportDevices, reported: Number(r.devices) > 0, count: Number(r.devices), reportTime: r.lastDevice },
    { module: "channel", name: messages.edgeReportChannels, reported: Number(r.channels) > 0, count: Number(r.channels), reportTime: r.lastDevice },
    { module: "community", name: messages.edgeReportCommunities, reported: communityIds.length > 0, count: communityIds.length, reportTime: edge.updatedAt ?? null },
  ];
}

export async function edgeCommunities(db: DbSession, tenantId: number, edgeId: number) {
  const edge = await loadEdge(db, tenantId, edgeId);
  return edge.communityIds.map((communityId, i) => ({ communityId, communityName: edge.communityNames[i] }));
}

export async function edgeLicences(db: DbSession, tenantId: number) {
  const quota = await edgeLicenceQuota(db, tenantId);
  const rows = await camelRows<{ edgeId: number; name: string; serialNo: string; usedAt: string | null }>(
    db,
    sql`select e.id as edge_id, e.name, e.serial_no,
            (select max(u.used_at) from licence_usages u where u.tenant_id = e.tenant_id and u.service_type = ${EDGE_LICENCE_TYPE} and u.device_serial = e.serial_no) as used_at
       from edge_services e where e.tenant_id = ${tenantId} order by e.id`,
  );
  return { serviceType: EDGE_LICENCE_TYPE, ...quota, list: rows.map((r) => ({ ...r, licensed: r.usedAt !== null })) };
}

/** The first edge service bound to the community and shown in the header (showEnable), or null. */
export async function edgeServiceOfCommunity(db: DbSession, tenantId: number, communityId: number) {
  const rows = await camelRows<{ id: number; name: string; enableRemoteAccess: boolean; authorized: boolean }>(
    db,
    sql`select e.id, e.name, coalesce(e.enable_remote_access, false) as enable_remote_access, coalesce(e.authorized, false) as authorized
       from edge_services e
      where e.tenant_id = ${tenantId} and coalesce(e.show_enable, true) and coalesce(e.community_ids, '[]'::jsonb) @> jsonb_build_array(${communityId}::bigint)
        and exists (select 1 from communities c where c.tenant_id = e.tenant_id and c.id = ${communityId})
      order by e.id limit 1`,
  );
  return rows[0] ?? null;
}

// ---- writes --------------------------------------------------------------------------------------

export async function setEdgeFlag(db: DbSession, actor: Actor, edgeId: number, column: "authorized" | "show_enable" | "enable_remote_access", value: boolean): Promise<void> {
  const { session } = actor;
  const { rows } = await db.query(
    sql`update edge_services set ${raw(column)} = ${value}, version = version + 1, updated_at = now(), updated_by = ${session.userId} where tenant_id = ${session.tenantId} and id = ${edgeId} returning id`,
  );
  if (!rows.length) throw apiError("NOT_FOUND");
  await writeOperationLog(db, {
    tenantId: session.tenantId,
    userId: session.userId,
    username: session.username,
    ip: actor.ip,
    resource: "edgeServices",
    action: "update",
    operationCode: EDGE_CODE,
    targetId: edgeId,
    detail: { changes: { [column]: value } },
  });
}

export async function updateEdgeService(db: Db, actor: Actor, edgeId: number, body: UpdateEdgeServiceBody) {
  await checkCommunityIds(db, actor.session, body.communityIds);
  const { id: _id, edgeId: _edgeId, ...fields } = body;
  // The body came through the JSON parser: the keys the operation leaves open hold JSON values.
  await updateRow(db, edgeModel, actor, edgeId, fields as ResourceInput);
  return await loadEdge(db, actor.session.tenantId, edgeId);
}

/** What a synchronisation sends: the edge, when, and how many devices and channels it has. */
export async function syncSummary(db: DbSession, tenantId: number, edgeId: number) {
  const edge = await loadEdge(db, tenantId, edgeId);
  const { rows } = await db.query<{ devices: number; channels: number }>(
    sql`select count(*)::int as devices, coalesce(sum(channel_count), 0)::int as channels from edge_devices where tenant_id = ${tenantId} and edge_service_id = ${edge.id}`,
  );
  return { edge, syncTime: new Date().toISOString(), deviceCount: Number(rows[0].devices), channelCount: Number(rows[0].channels) };
}

/** The community data an edge keeps locally: its bound communities' rooms and residents. */
export async function edgeCommunityData(db: DbSession, tenantId: number, communityIds: number[]) {
  return camelRows<{ communityId: number; rooms: number; inhabitants: number }>(
    db,
    sql`select c.id as community_id,
            (select count(*)::int from rooms r where r.tenant_id = c.tenant_id and r.community_id = c.id) as rooms,
            (select count(*)::int from inhabitants i where i.tenant_id = c.tenant_id and i.community_id = c.id) as inhabitants
       from communities c where c.tenant_id = ${tenantId} and c.id = any(${communityIds}::bigint[]) order by c.id`,
  );
}

export async function relateDevices(db: DbSession, session: SessionInfo, deviceIds: number[], communityId: number | null) {
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
}

/** serialNo and name follow the edgeDevices fields' rules (the schema's, and an update's: not empty). */
export async function updateDeviceSerial(db: DbSession, session: SessionInfo, deviceId: number, body: UpdateDeviceSerialDetailBody) {
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
}

/** One licence of type 252 per edge service, counted in the tenant's quota (licence_quotas). */
export async function addEdgeLicence(db: Db, session: SessionInfo, edgeId: number) {
  const edge = await loadEdge(db, session.tenantId, edgeId);
  return db.transaction(async (tx) => {
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
}

/**
 * The edge's address with a one-time ticket (type "edge"); refused (400, with the reason) when not
 * authorised, remote access is off or the edge has no address.
 */
export async function frpsJumpAddress(db: Db, session: SessionInfo, edgeId: number, jumpType: number) {
  const edge = await loadEdge(db, session.tenantId, edgeId);
  if (!edge.authorized) throw apiError("EDGE_NOT_AUTHORIZED");
  if (!edge.enableRemoteAccess) throw apiError("EDGE_REMOTE_ACCESS_OFF");
  if (!edge.ipAddress) throw apiError("EDGE_ADDRESS_UNKNOWN");
  const ticket = await issueTicket(db, session, "edge");
  // Its trailing slashes dropped by an anchored pattern: /\/+$/ would start again at every slash (quadratic).
  const host = /^https?:\/\//i.test(edge.ipAddress) ? edge.ipAddress.replace(/^([\s\S]*[^/])?\/*$/, "$1") : `http://${edge.ipAddress}`;
  return { jumpAddr: `${host}/?ticket=${encodeURIComponent(ticket)}&jumpType=${jumpType}` };
}

// ---- add / delete --------------------------------------------------------------------------------

export async function addEdgeService(db: Db, actor: Actor, body: AddEdgeServiceBody) {
  await checkCommunityIds(db, actor.session, body.communityIds);
  const row = await createRow(db, edgeModel, actor, body as ResourceInput);
  return await loadEdge(db, actor.session.tenantId, Number(row.id));
}

/** Refused (409) while devices belong to it; another tenant's id stays a 404. */
export async function deleteEdgeService(db: Db, actor: Actor, id: number) {
  const { rows } = await db.query(sql`select 1 from edge_devices where tenant_id = ${actor.session.tenantId} and edge_service_id = ${id} limit 1`);
  if (rows.length) {
    await loadEdge(db, actor.session.tenantId, id);
    throw apiError("EDGE_HAS_DEVICES");
  }
  return { ids: await deleteRows(db, edgeModel, actor, [id]) };
}

/** Deletes the edge service and its devices. */
export async function forceDeleteEdgeService(db: Db, actor: Actor, id: number) {
  const { session } = actor;
  const devices = await db.transaction(async (tx) => {
    const gone = await tx.query<{ id: number }>(sql`delete from edge_devices where tenant_id = ${session.tenantId} and edge_service_id = ${id} returning id`);
    const edge = await tx.query(sql`delete from edge_services where tenant_id = ${session.tenantId} and id = ${id} returning id`);
    if (!edge.rows.length) throw apiError("NOT_FOUND");
    await writeOperationLog(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      username: session.username,
      ip: actor.ip,
      resource: "edgeServices",
      action: "delete",
      operationCode: EDGE_CODE,
      targetId: id,
      detail: { force: true, deviceIds: gone.rows.map((r) => Number(r.id)) },
    });
    return gone.rows.map((r) => Number(r.id));
  });
  return { ids: [id], deviceIds: devices };
}

/** The tenant's edge-service licences (type 252): total, used, valid until. */
async function edgeLicenceQuota(db: DbSession, tenantId: number) {
  const rows = await camelRows<{ total: number; used: number; validityDate: string | null }>(
    db,
    sql`select service_total_num as total, service_use_num as used, validity_date from licence_quotas where tenant_id = ${tenantId} and service_type = ${EDGE_LICENCE_TYPE} limit 1`,
  );
  return { serviceTotalNum: Number(rows[0]?.total ?? 0), serviceUseNum: Number(rows[0]?.used ?? 0), validityDate: rows[0]?.validityDate ?? null };
}
